/**
 * A three-quarter description's own camera (`"camera": {"round": deg, "down": deg}`, three-params.ts and
 * three-camera.ts): refused out of its range naming the field; without it the fixed camera's projection to the
 * last bit; with it the projection, the framing and the floor's far edge as the angles say.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProblems } from '../../src/problems.ts';
import { buildAnyDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { DEFAULT_CAMERA, DEFAULT_LENS, lensOf } from '../../src/motion/three-camera.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';

const FILE = 'data/source/motion/conditioning-3d.json';
type Source = Record<string, unknown>;
const LYING = {
  view: 'three-quarter',
  mat: true,
  keys: [
    {
      name: 'lying on the back',
      hold: 0.5,
      move: 0.5,
      lean: -90,
      hips: [0, 0, 0],
      planted: ['pelvis', 'back', 'head', 'leftHeel', 'rightHeel'],
    },
    { name: 'knees up', hold: 0.5, move: 0.5, hips: [60, 0, 0], knees: 90, planted: ['pelvis', 'back', 'head'] },
  ],
};

const built = (source: Source) => buildAnyDescription(FILE, 'conditioning', 'Dead_Bug', source, RENDERER_VERSION);
function motionOf(source: Source): TurnedMotion {
  const result = built(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value.motion as TurnedMotion;
}
const refused = (source: Source): string => {
  const result = built(source);
  assert.ok(!result.ok, 'refused');
  return formatProblems(result.problems).join('; ');
};
const near = (a: readonly number[], b: readonly number[]) =>
  assert.ok(
    a.every((x, i) => Math.abs(x - b[i]!) < 1e-12),
    `${a} is not ${b}`,
  );

describe('the three-quarter camera', () => {
  it('refuses a camera out of its range or with another field, naming the field', () => {
    assert.match(
      refused({ ...LYING, camera: { round: 120, down: 20 } }),
      /conditioning-3d\.json: motions\.Dead_Bug\.camera\.round: .*-?90/,
    );
    assert.match(refused({ ...LYING, camera: { round: 35, down: 2 } }), /motions\.Dead_Bug\.camera\.down: .*5/);
    assert.match(refused({ ...LYING, camera: { round: 35, down: 80 } }), /motions\.Dead_Bug\.camera\.down: .*70/);
    assert.match(refused({ ...LYING, camera: { round: 35 } }), /motions\.Dead_Bug\.camera\.down/);
    assert.match(refused({ ...LYING, camera: { round: 35, down: 20, zoom: 2 } }), /motions\.Dead_Bug\.camera\.zoom/);
  });

  it('stands where the fixed camera stood unless the description says, projecting as it did', () => {
    assert.deepEqual(motionOf(LYING).camera, { round: 35, down: 20 });
    assert.deepEqual(motionOf({ ...LYING, camera: { round: -40, down: 55 } }).camera, { round: -40, down: 55 });
    // The fixed camera's numbers (0.2.0's TOWARD_CAMERA, SCREEN_RIGHT, SCREEN_UP) for one point.
    const point = [0.3, 1.2, -0.4] as const;
    assert.deepEqual(DEFAULT_LENS.project(point), [-0.016315038746279154, 0.9567121366150922]);
    assert.equal(DEFAULT_LENS.depthOf(point), 0.8800202879275522);
    const { toward, right, up } = lensOf(DEFAULT_CAMERA);
    assert.deepEqual(
      [toward, right, up],
      [
        [0.5389855446957562, 0.3420201433256687, -0.7697511313200572],
        [-0.8191520442889918, 0, -0.5735764363510459],
        [-0.19617469496901102, 0.9396926207859082, 0.2801664995932355],
      ],
    );
  });

  it('projects as its angles say: round 0 the side view, 90 the front, higher shows the floor deeper', () => {
    const side = lensOf({ round: 0, down: 30 });
    // Seen from the figure's left, forward is the picture's left; a point across the body moves up the picture by sin(down).
    near(side.project([1, 0, 0]), [-1, 0]);
    near(side.project([0, 0, 1]), [0, Math.sin((30 * Math.PI) / 180)]);
    near(side.project([0, 1, 0]), [0, Math.cos((30 * Math.PI) / 180)]);
    assert.ok(side.depthOf([0, 0, -1]) > side.depthOf([0, 0, 1]), 'the left side is the near one');
    const front = lensOf({ round: 90, down: 10 });
    // Facing the camera the figure's right is the picture's left, and its front the near side.
    near(front.project([0, 0, 1]), [-1, 0]);
    assert.ok(front.depthOf([1, 0, 0]) > front.depthOf([-1, 0, 0]));
    // A standing figure's height foreshortens as the camera rises.
    assert.ok(lensOf({ round: 35, down: 60 }).project([0, 1, 0])[1] < DEFAULT_LENS.project([0, 1, 0])[1] - 0.4);
  });

  it('draws the clip from its camera: the same SVG at the default angles named, a higher floor edge from higher', () => {
    const plain = turnedFilm(motionOf(LYING));
    const named = turnedFilm(motionOf({ ...LYING, camera: { round: 35, down: 20 } }));
    const high = turnedFilm(motionOf({ ...LYING, camera: { round: 35, down: 60 } }));
    assert.equal(named.frameSvg(3), plain.frameSvg(3));
    const floorTop = (svg: string) => Number(/<rect x="0" y="([\d.]+)"/.exec(svg)![1]);
    // From higher the floor fills more of the picture: its far edge (the wall's foot) is nearer the top.
    assert.ok(
      floorTop(high.frameSvg(3)) < floorTop(plain.frameSvg(3)) - 20,
      `${floorTop(high.frameSvg(3))} vs ${floorTop(plain.frameSvg(3))}`,
    );
  });
});
