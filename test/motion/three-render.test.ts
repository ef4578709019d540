/**
 * Rendering a three-quarter description (src/motion/three-film.ts through render-media.ts and
 * contact-sheet.ts): JPEG stills and an H.264 clip at the frame size it names, the same bytes twice; drawn in
 * the planar figure's palette, its far side paler; and a row on a contact sheet like any other description.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { contactSheet } from '../../src/motion/contact-sheet.ts';
import { readMediaIndex } from '../../src/catalog/media-listing.ts';
import { renderMissing } from '../../src/motion/media-cache.ts';
import { buildAnyDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION, renderClip, renderStills } from '../../src/motion/render-media.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';
import { tempDir } from '../helpers/service.ts';

const PLANK_JACK = {
  view: 'three-quarter',
  mat: true,
  keys: [
    {
      name: 'high plank, feet together',
      hold: 0.15,
      move: 0.35,
      lean: 70,
      hips: [0, -4, 0],
      ankles: 5,
      shoulders: [70, 0, 0],
      elbows: 0,
      planted: ['leftHand', 'rightHand', 'leftToe', 'rightToe'],
      moves: ['leftToe', 'rightToe'],
    },
    { name: 'feet jumped out wide', hold: 0.15, move: 0.35, hips: [0, 18, 0], moves: ['leftToe', 'rightToe'], lift: 0.05 },
  ],
};

function motionOf(source: Record<string, unknown>): TurnedMotion {
  const built = buildAnyDescription('conditioning-3d.json', 'conditioning', 'Plank_Jack', source, RENDERER_VERSION);
  assert.ok(built.ok);
  return built.value.motion as TurnedMotion;
}

describe('a three-quarter description rendered', () => {
  it('gives two JPEG stills at its frame size, the same bytes twice, start and end differing', async () => {
    const motion = motionOf(PLANK_JACK);
    const [a0, a1] = await renderStills(motion);
    const [b0, b1] = await renderStills(motion);
    assert.ok(a0.equals(b0) && a1.equals(b1));
    assert.ok(!a0.equals(a1));
    const meta = await sharp(a0).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 864, 496]);
    const portrait = await sharp((await renderStills(motionOf({ ...PLANK_JACK, frame: 'portrait' })))[0]).metadata();
    assert.deepEqual([portrait.width, portrait.height], [496, 864]);
  });

  it('gives an H.264 clip of its loop, the same bytes twice, 30 frames a second', async () => {
    const motion = motionOf(PLANK_JACK);
    const dir = tempDir('exlib-clip3d-');
    await renderClip(motion, join(dir, 'a.mp4'));
    await renderClip(motion, join(dir, 'b.mp4'));
    assert.ok(readFileSync(join(dir, 'a.mp4')).equals(readFileSync(join(dir, 'b.mp4'))));
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', join(dir, 'a.mp4')], { encoding: 'utf8' }),
    ) as { streams: { codec_name: string; width: number; height: number; r_frame_rate: string; nb_frames: string }[] };
    assert.deepEqual(
      probe.streams.map((s) => [s.codec_name, s.width, s.height, s.r_frame_rate, s.nb_frames]),
      [['h264', 864, 496, '30/1', '30']],
    );
  });

  it("draws in the planar figure's palette: the near side dark, the far side pale, on the floor's colour with a mat", () => {
    const svg = turnedFilm(motionOf(PLANK_JACK)).frameSvg(0);
    for (const colour of [COLOURS.background, COLOURS.floor, COLOURS.mat, COLOURS.near, COLOURS.far])
      assert.ok(svg.includes(colour), colour);
    assert.ok(!svg.includes('<text'));
  });

  it('makes a row of a contact sheet', async () => {
    const sheet = await contactSheet([{ id: 'Plank_Jack', motion: motionOf(PLANK_JACK) }], 4);
    const meta = await sharp(sheet).metadata();
    assert.equal(meta.format, 'jpeg');
    // The label, then four frames 216 px high at 864:496, each with its gap.
    assert.equal(meta.width, 150 + 6 + 4 * (Math.round((864 * 216) / 496) + 6));
  });

  it('is rendered into the media folder and its index as any description is, and not again while fresh', async () => {
    const built = buildAnyDescription('conditioning-3d.json', 'conditioning', 'Plank_Jack', PLANK_JACK, RENDERER_VERSION);
    assert.ok(built.ok);
    const dir = tempDir('exlib-media3d-');
    const rendered: string[] = [];
    await renderMissing(dir, [built.value], (id) => rendered.push(id));
    const entry = readMediaIndex(dir).Plank_Jack;
    assert.deepEqual(entry?.images, ['Plank_Jack/0.jpg', 'Plank_Jack/1.jpg']);
    assert.deepEqual(
      entry?.videos.map((clip) => [clip.path, clip.resolution, clip.durationSeconds]),
      [['Plank_Jack/demo-1.mp4', '864x496', 1]],
    );
    // Its clip says which renderer drew it: the planar one's version and the three-quarter view's.
    assert.equal(entry?.videos[0]?.generatedWith, 'exercise-catalog motion renderer 1.29.0, three-quarter view 0.6.0 (resvg, libx264)');
    await renderMissing(dir, [built.value], (id) => rendered.push(id));
    assert.deepEqual(rendered, ['Plank_Jack']);
  });
});
