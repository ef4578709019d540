/**
 * The renderer: the same description gives the same bytes; stills are JPEG, clips H.264 in MP4 without
 * audio, at most 5 s; seen from the side, the figure faces left and shows its left side, as a camera does.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { buildDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION, renderClip, renderStills } from '../../src/motion/render-media.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
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

describe('the side view', () => {
  /** The mean x of the pixels within 40 of the colour `hex` in each channel, in the picture's lower `fraction`. */
  async function meanX(jpeg: Buffer, hex: string, fraction: number): Promise<number> {
    const rgb = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    let sum = 0;
    let count = 0;
    for (let y = Math.floor(info.height * (1 - fraction)); y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        const at = (y * info.width + x) * info.channels;
        if (rgb.every((channel, i) => Math.abs(data[at + i]! - channel) < 40)) {
          sum += x;
          count += 1;
        }
      }
    assert.ok(count > 50, `pixels of ${hex} in the picture`);
    return sum / count;
  }

  it("faces left and shows the figure's left side: with the right foot forward, the far leg is drawn ahead", async () => {
    // A runner's lunge: the right leg forward (light, far), the left one back (dark, near).
    const built = buildDescription(
      'stretching.json',
      'stretching',
      'Runners_Stretch',
      {
        pattern: 'pose',
        props: ['mat'],
        fixed: 'rightHeel',
        frame: 'landscape',
        keys: [
          {
            name: 'lunge',
            trunk: 62.3,
            spine: 39.3,
            legs: { right: [80.5, -31.6, 90], left: [-61.9, -68.1, 66] },
            arms: [-46.1, 10.9],
            handsOnFloor: 'both',
            feetOnFloor: 'both',
            onToes: 'left',
            hold: 0.8,
            move: 1.2,
          },
          {
            name: 'hips up, front knee straight',
            trunk: 97.1,
            spine: 47.3,
            neck: 5,
            legs: { right: [31.3, 28.2, 90], left: [-38.8, -38.8, 66] },
            arms: [-13, 43.6],
            handsOnFloor: 'both',
            feetOnFloor: 'both',
            onToes: 'left',
            hold: 1.2,
            move: 1.2,
          },
        ],
      },
      RENDERER_VERSION,
    );
    assert.ok(built.ok, built.ok ? '' : JSON.stringify(built.problems));
    const [start] = await renderStills(built.value.motion);
    const near = await meanX(start!, COLOURS.near, 0.45);
    const far = await meanX(start!, COLOURS.far, 0.45);
    assert.ok(
      far < near - 40,
      `the far (right) leg ahead, to the left of the near (left) one: far x ${far.toFixed(0)}, near x ${near.toFixed(0)}`,
    );
  });
});
