/**
 * A mini (loop) band round both legs (mini-band.ts, render-mini-band.ts): drawn at the height it is named
 * for in every frame, on both legs and following them, stretched as they part; `check` refuses a place it
 * cannot put it, a band the legs stretch past its limit, and a mini-band named without its place; a
 * description without one draws exactly as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bandRound, bandWrap, MINI_BAND } from '../../src/motion/mini-band.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { miniBandSvg } from '../../src/motion/render-mini-band.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND } from '../../src/motion/timeline.ts';
import { frameBodies } from '../helpers/motion-descriptions.ts';

const FILE = 'data/source/motion/strength.json';
const build = (source: Record<string, unknown>) =>
  buildDescription(FILE, 'strength', 'Seated_Banded_Hip_Abduction', source, RENDERER_VERSION);

function built(source: Record<string, unknown>): Description {
  const result = build(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/** A seated abduction seen from the front: the knees pushed apart from hip width, the feet kept planted. */
const seated = (extra: Record<string, unknown> = {}, wide = 66) => ({
  pattern: 'pose',
  view: 'front',
  props: ['mini-band', 'bench'],
  miniBand: 'above-knees',
  fixed: 'pelvis',
  frontSeat: { on: 'bench', height: 0.48 },
  keys: [
    { name: 'knees hip-width', legs: [90, 0], toward: { legs: [86, 0] }, feetOnFloor: 'both', hold: 0.4, move: 1 },
    { name: 'knees wide', legs: [80, -22], toward: { legs: [wide, 0] }, feetOnFloor: 'both', hold: 1, move: 1 },
  ],
  ...extra,
});

/** The same bridge lying on the back, seen from the side, with and without a band above the knees. */
const bridge = (band: boolean) => ({
  pattern: 'pose',
  props: band ? ['mini-band', 'mat'] : ['mat'],
  ...(band ? { miniBand: 'above-knees' } : {}),
  fixed: 'neckBase',
  keys: [
    { name: 'on the back', trunk: -90, neck: 5, legs: [145, 26, 90], arms: [88, 88], feetOnFloor: 'both', handsOnFloor: 'both' },
    { name: 'hips up', trunk: -117, neck: 32, legs: [113, 13, 90], arms: [88, 88], feetOnFloor: 'both', handsOnFloor: 'both' },
  ],
});

/** Every frame's body and its SVG. */
function frames(d: Description): { body: ReturnType<typeof bodyAt>; svg: string }[] {
  const bodies = frameBodies(d);
  const camera = cameraFor(d.motion, bodies);
  return bodies.map((body, i) => ({ body, svg: frameSvg(d.motion, body, camera, i / FRAMES_PER_SECOND) }));
}

describe('mini band round both legs', () => {
  it('is drawn just above both knees in every frame, on the thighs, and follows them as they part', () => {
    const d = built(seated());
    assert.deepEqual(checkMotion(d), []);
    const all = frames(d);
    const camera = cameraFor(
      d.motion,
      all.map((f) => f.body),
    );
    const spans: number[] = [];
    for (const [i, { body, svg }] of all.entries()) {
      for (const side of ['left', 'right'] as const) {
        const { centre } = bandWrap(body, side, 'above-knees');
        const leg = body.legs[side];
        // On the thigh, between the knee and the hip, nearer the knee: the record's "just above the knees".
        const fromKnee = distance(centre, leg.middle) / distance(leg.root, leg.middle);
        assert.ok(fromKnee > 0.1 && fromKnee < 0.3, `frame ${i}: the ${side} band is ${fromKnee.toFixed(2)} of the thigh from the knee`);
        // The run between the legs is drawn from this centre (its point in the SVG).
        const [x, y] = svgPoint(camera, centre);
        assert.ok(svg.includes(`${round(x)} ${round(y)}`), `frame ${i}: no band drawn at the ${side} thigh (${round(x)},${round(y)})`);
      }
      spans.push(distance(bandWrap(body, 'left', 'above-knees').centre, bandWrap(body, 'right', 'above-knees').centre));
    }
    // It follows the knees: the band between them is 20 cm wider with the knees pushed out than at the start.
    assert.ok(Math.max(...spans) - spans[0]! > 0.2, `the band spans ${spans[0]!.toFixed(2)} to ${Math.max(...spans).toFixed(2)} m`);
    // Stretched, it is drawn paler than at rest.
    const colours = (svg: string): string[] => svg.match(/#[0-9a-f]{6}/g) ?? [];
    const atRest = colours(all[0]!.svg);
    const wide = all[spans.indexOf(Math.max(...spans))]!.svg;
    assert.ok(
      colours(wide).some((c) => !atRest.includes(c)),
      'the stretched band is drawn in a colour the band at rest is not',
    );
  });

  it('is drawn round the near and far thigh from the side, and at the ankles when named there', () => {
    const d = built(bridge(true));
    for (const [i, { body, svg }] of frames(d).entries()) {
      const near = bandWrap(body, 'left', 'above-knees').centre;
      const knee = body.legs.left.middle;
      assert.ok(near[1] < knee[1] || near[0] > knee[0], `frame ${i}: the band is not up the thigh from the knee`);
      assert.ok(svg.includes('#8c2440'), `frame ${i}: the band's edge is not drawn`);
    }
    const ankles = built({ ...bridge(true), miniBand: 'ankles' });
    const body = bodyAt(ankles.motion, 0);
    const wrap = bandWrap(body, 'left', 'ankles');
    assert.ok(distance(wrap.centre, body.legs.left.end) < 0.08, 'a band at the ankles sits just above the ankle');
  });

  it('loops a band round the feet at the arches, between heel and toe, and draws it there', () => {
    const feet = built({ ...bridge(true), miniBand: 'feet' });
    assert.deepEqual(checkMotion(feet), []);
    const body = bodyAt(feet.motion, 0);
    const { heel, toe } = body.legs.left;
    const wrap = bandWrap(body, 'left', 'feet');
    const arch: [number, number] = [heel[0] + (toe[0] - heel[0]) * 0.45, heel[1] + (toe[1] - heel[1]) * 0.45];
    assert.ok(distance(wrap.centre, arch) < 1e-9, `the band sits at ${wrap.centre}, not the arch ${arch}`);
    assert.ok(distance(wrap.centre, body.legs.left.end) > 0.05, 'round the feet is below the ankle, not at it');
    const ankles = built({ ...bridge(true), miniBand: 'ankles' });
    assert.notEqual(frames(feet)[0]!.svg, frames(ankles)[0]!.svg, 'the band round the feet is drawn where the ankle band is');
  });

  it('refuses a place the pattern cannot put it, naming the file and the field', () => {
    const result = build(seated({ miniBand: 'waist' }));
    assert.ok(!result.ok, 'a mini band round the waist was accepted');
    const problems = result.ok ? [] : result.problems;
    assert.ok(
      problems.some(
        (p) =>
          p.source === FILE && p.path.endsWith('miniBand') && /above-knees, below-knees, at the ankles or round the feet/.test(p.message),
      ),
      JSON.stringify(problems),
    );
  });

  it('refuses a band the legs stretch past its limit, and a mini band named without its place', () => {
    // Knees thrown out to level: the band would be stretched far past what latex gives.
    const tooWide = built(seated({}, 20));
    const messages = checkMotion(tooWide).map((p) => p.message);
    assert.ok(
      messages.some((m) => /^miniBand: at \d\.\d\d s the mini band above the knees is stretched to \d+ cm round/.test(m)),
      messages.join('\n'),
    );
    const placeless = built({ ...seated(), miniBand: undefined });
    assert.ok(
      checkMotion(placeless).some((p) => /a mini band needs its place round both legs/.test(p.message)),
      'a mini-band prop with no miniBand was accepted',
    );
    assert.ok(
      bandRound(bodyAt(tooWide.motion, 1.4), 'above-knees') > MINI_BAND.stretched,
      'the wide key stretches the band past its limit',
    );
  });

  it('leaves a description without one drawn byte for byte as before', () => {
    const plain = built(bridge(false));
    const banded = built(bridge(true));
    const bodies = frameBodies(plain);
    const camera = cameraFor(plain.motion, bodies);
    for (const [i, body] of bodies.entries()) {
      const svg = frameSvg(plain.motion, body, camera);
      assert.ok(!svg.includes('#8c2440'), `frame ${i}: a band is drawn without one`);
      // The banded frame is the plain one with the band's two layers added: nothing else is drawn otherwise.
      const parts = (['between', 'over'] as const).map((layer) => miniBandSvg(camera, banded.motion, body, layer));
      assert.ok(
        parts.every((part) => part.length > 0),
        `frame ${i}: the side view draws the band in both layers`,
      );
      const withBand = frameSvg(banded.motion, body, camera);
      assert.equal(
        parts.reduce((text, part) => text.replace(part, ''), withBand),
        svg,
        `frame ${i}: the figure moved with the band`,
      );
    }
  });
});
