/** The renderer: the same description gives the same bytes; stills are JPEG, clips H.264 in MP4 without audio, at most 5 s. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { buildDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION, renderClip, renderStills } from '../../src/motion/render-media.ts';
import { tempDir } from '../helpers/service.ts';

function motionOf(source: Record<string, unknown>) {
  const built = buildDescription('strength.json', 'strength', 'Barbell_Squat', source, RENDERER_VERSION);
  assert.ok(built.ok);
  return built.value.motion;
}

describe('renderStills', () => {
  it('gives the same JPEG bytes twice, start and end differing, at the frame size of the view', async () => {
    const motion = motionOf({ pattern: 'squat', props: ['barbell'] });
    const [a0, a1] = await renderStills(motion);
    const [b0, b1] = await renderStills(motion);
    assert.ok(a0.equals(b0) && a1.equals(b1));
    assert.ok(!a0.equals(a1));
    const meta = await sharp(a0).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 496, 864]);
    const landscape = await sharp((await renderStills(motionOf({ pattern: 'push-up' })))[0]).metadata();
    assert.deepEqual([landscape.width, landscape.height], [864, 496]);
  });
});

describe('renderClip', () => {
  it('gives the same MP4 bytes twice: H.264, no audio, at most 5 s, 30 frames a second', async () => {
    const motion = motionOf({ pattern: 'squat', props: ['barbell'] });
    const dir = tempDir('exlib-clip-');
    await renderClip(motion, join(dir, 'a.mp4'));
    await renderClip(motion, join(dir, 'b.mp4'));
    assert.ok(readFileSync(join(dir, 'a.mp4')).equals(readFileSync(join(dir, 'b.mp4'))));
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', join(dir, 'a.mp4')], {
        encoding: 'utf8',
      }),
    ) as {
      streams: { codec_type: string; codec_name: string; width: number; height: number; r_frame_rate: string; pix_fmt: string }[];
      format: { duration: string; tags?: Record<string, string> };
    };
    assert.deepEqual(
      probe.streams.map((s) => [s.codec_type, s.codec_name, s.width, s.height, s.r_frame_rate, s.pix_fmt]),
      [['video', 'h264', 496, 864, '30/1', 'yuv420p']],
    );
    assert.ok(Number(probe.format.duration) <= 5);
    // No creation time or encoder in the file: the bytes depend on the description alone.
    assert.equal(probe.format.tags?.creation_time, undefined);
  });
});
