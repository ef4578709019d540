/**
 * A barbell in the three-quarter view (`"holds": "barbell"`, three-loads.ts, three-load-clear.ts): 2.2 m through both
 * grips with a plate on each sleeve; the hands stay where the first key takes the bar while the angles carry it; a
 * grip outside the collars, a bar through the head or a bar sunk in the floor is refused; its 40 kg weigh in the
 * balance; it is drawn by depth in pieces, and its plates' shadows lie flat.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAnyDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { COLOURS, svgPoint } from '../../src/motion/svg-kit.ts';
import { lensOf } from '../../src/motion/three-camera.ts';
import { checkTurned } from '../../src/motion/three-check.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { BAR_GRIP } from '../../src/motion/three-grip.ts';
import { centreWithLoad } from '../../src/motion/three-load-mass.ts';
import { barbellLine, LOAD, loadPieces } from '../../src/motion/three-loads.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';
import { loopBodies3, placedKeys } from '../../src/motion/three-timeline.ts';
import { distance3, dot3, lerp3, normalize3, sub3 } from '../../src/motion/three-vec.ts';

type Source = Record<string, unknown>;
const STAND = { hips: [0, 8, 0], knees: 3, ankles: 2, neck: [15, 0, 0], planted: ['leftFoot', 'rightFoot'] };
/** A press from behind the neck: the bar low behind the head, then overhead with the arms in a V. */
const PRESS = {
  view: 'three-quarter',
  holds: 'barbell',
  keys: [
    { name: 'bar behind the neck', hold: 0.4, move: 1.0, ...STAND, shoulders: [40, 68, -90], elbows: 130 },
    { name: 'pressed overhead', hold: 0.4, move: 1.0, shoulders: [0, 150, -90], elbows: 5 },
  ],
};

function motionOf(source: Source): TurnedMotion {
  const result = buildAnyDescription('data/source/motion/strength-3d.json', 'strength', 'Barbell_Press', source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value.motion as TurnedMotion;
}
const checked = (source: Source): string =>
  checkTurned('data/source/motion/strength-3d.json', 'Barbell_Press', motionOf(source))
    .map((p) => `${p.path}: ${p.message}`)
    .join('; ');
const apart = (body: ReturnType<typeof loopBodies3>[number]) => distance3(body.arms.left.hand, body.arms.right.hand);
const withFirst = (source: typeof PRESS, change: Source) => ({
  ...source,
  keys: [{ ...source.keys[0], ...change }, ...source.keys.slice(1)],
});

describe('a barbell in the three-quarter view', () => {
  it('lies through both grips, 2.2 m long, a plate on each sleeve against its collar', () => {
    const body = placedKeys(motionOf(PRESS))[0]!.body;
    const [from, to] = barbellLine(body);
    const middle = lerp3(body.arms.left.hand, body.arms.right.hand, 0.5);
    assert.ok(Math.abs(distance3(from, to) - 2.2) < 1e-9);
    assert.ok(distance3(lerp3(from, to, 0.5), middle) < 1e-9);
    const across = normalize3(sub3(to, from));
    const plates = loadPieces(body, 'barbell').filter((p) => p.shape === 'cylinder');
    assert.equal(plates.length, 2);
    for (const plate of plates) {
      if (plate.shape !== 'cylinder') continue;
      assert.ok(Math.abs(Math.abs(dot3(sub3(plate.centre, middle), across)) - (LOAD.barbell.collar + 0.03)) < 1e-9);
      assert.ok(Math.abs(Math.abs(dot3(plate.axis, across)) - 1) < 1e-9, 'a plate square to the bar');
    }
    // The bar's pieces join end to end from one end to the other.
    const bars = loadPieces(body, 'barbell').filter((p) => p.shape === 'bar');
    assert.equal(
      bars.reduce((sum, p) => sum + (p.shape === 'bar' ? distance3(p.points[0]!, p.points[1]!) : 0), 0).toFixed(9),
      '2.200000000',
    );
  });

  it('keeps the hands where the first key takes the bar while the arms press it overhead', () => {
    const motion = motionOf(PRESS);
    const grip = apart(placedKeys(motion)[0]!.body);
    assert.ok(grip > 0.6 && grip < 0.9, `${grip}`);
    // The second key's angles alone would hold it far narrower: the hands stay on the bar in every frame.
    const bodies = loopBodies3(motion);
    for (const body of bodies) assert.ok(Math.abs(apart(body) - grip) < 0.002, `${apart(body)} against ${grip}`);
    const top = placedKeys(motion)[1]!.body;
    assert.ok(lerp3(top.arms.left.hand, top.arms.right.hand, 0.5)[1] > top.head[1] + 0.3, 'pressed overhead');
    assert.equal(checked(PRESS), '');
  });

  it('refuses a grip outside the collars, a bar through the head, and one sunk into the floor', () => {
    assert.equal(BAR_GRIP[1], 2 * 0.655 - 0.09);
    assert.match(
      checked(withFirst(PRESS, { shoulders: [0, 100, 0], elbows: 0 })),
      /keys\.0 \("bar behind the neck"\): the hands are 1\d\d\.\d cm apart; a barbell is gripped between its collars, 9 to 122 cm apart/,
    );
    // Elbows bent in front of the face: the bar runs through the head.
    assert.match(
      checked(withFirst(PRESS, { shoulders: [60, 10, 0], elbows: 130 })),
      /at \d\.\d\d s the barbell passes \d+ cm into the head/,
    );
    const floor = {
      view: 'three-quarter',
      holds: 'barbell',
      keys: [
        {
          name: 'bent low, arms down',
          hold: 0.5,
          move: 1,
          lean: 88,
          hips: [125, 10, 0],
          knees: 70,
          ankles: 28,
          shoulders: [88, 10, 0],
          elbows: 0,
          planted: ['leftFoot', 'rightFoot'],
        },
      ],
    };
    assert.match(checked(floor), /at 0\.00 s the held barbell is 5 cm under the floor/);
  });

  it('weighs its 40 kg in the balance, at the middle of the bar', () => {
    const body = placedKeys(motionOf(PRESS))[0]!.body;
    const middle = lerp3(body.arms.left.hand, body.arms.right.hand, 0.5);
    const centre = centreWithLoad(body, 'barbell');
    assert.ok(Math.abs(distance3(centre, body.centre) - (40 / 115) * distance3(middle, body.centre)) < 1e-9);
  });

  it('draws the bar in steel through both fists, the plates in iron, and their shadows flat on the floor', () => {
    const motion = motionOf(PRESS);
    const film = turnedFilm(motion);
    const svg = film.stillSvgs()[0]!;
    const lens = lensOf(motion.camera);
    const body = placedKeys(motion)[0]!.body;
    const steel = [...svg.matchAll(new RegExp(`<path d="([^"]+)" fill="none" stroke="${COLOURS.steel}"`, 'g'))];
    assert.equal(steel.length, 6, 'the bar in six pieces: sleeves, outside the grips, either side of the middle');
    for (const side of ['left', 'right'] as const) {
      const [x, y] = svgPoint(film.camera, lens.project(body.arms[side].hand));
      const ends = steel.flatMap((m) => {
        const n = [...m[1]!.matchAll(/-?[\d.]+/g)].map((v) => Number(v[0]));
        return [
          [n[0]!, n[1]!],
          [n[2]!, n[3]!],
        ];
      });
      assert.ok(
        ends.some(([ex, ey]) => Math.hypot(ex! - x, ey! - y) < 1),
        `a piece ends at the ${side} grip`,
      );
    }
    assert.equal([...svg.matchAll(new RegExp(`<polygon points="[^"]+" fill="${COLOURS.iron}"`, 'g'))].length, 2, 'two plates');
    assert.equal([...svg.matchAll(/<polygon points="[^"]+" fill="#000"/g)].length, 2, "the plates' shadows, laid flat");
  });
});
