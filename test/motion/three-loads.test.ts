/**
 * What the hands hold in the three-quarter view (`"holds"`, three-loads.ts, three-load-draw.ts): refused at the
 * edge when it names no load; each load drawn at the hands, a dumbbell's handle across the fist and its heads
 * painted in depth order with the hand; a load in both hands refused where the hands are not as far apart as it
 * is wide; its mass in the balance; a load sunk in the floor refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProblems } from '../../src/problems.ts';
import { buildAnyDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { circle, COLOURS, mixColour, svgPoint } from '../../src/motion/svg-kit.ts';
import { lensOf } from '../../src/motion/three-camera.ts';
import { checkTurned } from '../../src/motion/three-check.ts';
import { headsInEachOther } from '../../src/motion/three-load-clear.ts';
import { farness } from '../../src/motion/three-draw.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { type Angles3, type Arm3, pose3 } from '../../src/motion/three-figure.ts';
import { GRIP_SPAN } from '../../src/motion/three-grip.ts';
import { centreWithLoad } from '../../src/motion/three-load-mass.ts';
import { dumbbellAxis, LOAD, loadPieces } from '../../src/motion/three-loads.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';
import { placedKeys } from '../../src/motion/three-timeline.ts';
import { cross3, distance3, dot3, lerp3, normalize3, sub3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/strength-3d.json';
type Source = Record<string, unknown>;
const STANCE = { hips: [85, 0, 0], knees: 30, ankles: 5, planted: ['leftFoot', 'rightFoot'] };
const REVERSE_FLYES = {
  view: 'three-quarter',
  holds: 'dumbbells',
  keys: [
    { name: 'bent over, arms hanging', hold: 0.3, move: 0.9, lean: 60, ...STANCE, shoulders: [60, 0, -90], elbows: 15 },
    { name: 'arms raised out to the sides', hold: 0.3, move: 0.9, shoulders: [60, 80, -90] },
  ],
};
const SEATED = { name: 'seated, turned left', hold: 0.3, move: 0.8, lean: -28, hips: [80, 5, 0], knees: 95, ankles: 10 };
const TWIST = {
  view: 'three-quarter',
  mat: true,
  holds: 'plate',
  keys: [{ ...SEATED, spine: [10, 0, 20], shoulders: [45, 5, 0], elbows: 90, planted: ['pelvis', 'leftHeel', 'rightHeel'] }],
};
const STANDING_TWIST = {
  view: 'three-quarter',
  holds: 'medicine-ball',
  keys: [
    {
      name: 'ball held out',
      hold: 0.3,
      move: 0.8,
      hips: [0, 8, 0],
      knees: 10,
      ankles: 5,
      shoulders: [70, -4, 0],
      elbows: 40,
      planted: ['leftFoot', 'rightFoot'],
    },
  ],
};
const KETTLEBELL = {
  view: 'three-quarter',
  holds: 'kettlebell',
  keys: [
    {
      name: 'standing, bell hanging',
      hold: 0.3,
      move: 0.9,
      lean: 5,
      hips: [5, 10, 0],
      knees: 5,
      ankles: 2,
      shoulders: [22, -14, 0],
      elbows: 10,
      planted: ['leftFoot', 'rightFoot'],
    },
  ],
};

const built = (source: Source) => buildAnyDescription(FILE, 'strength', 'Reverse_Flyes', source, RENDERER_VERSION);
function motionOf(source: Source): TurnedMotion {
  const result = built(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value.motion as TurnedMotion;
}
const checked = (source: Source): string =>
  checkTurned(FILE, 'Reverse_Flyes', motionOf(source))
    .map((p) => `${p.path}: ${p.message}`)
    .join('; ');
/** A still's SVG with its camera and lens, and a scene point in its pixels. */
function still(source: Source, index = 0) {
  const motion = motionOf(source);
  const film = turnedFilm(motion);
  const lens = lensOf(motion.camera);
  const pixel = (p: readonly [number, number, number]) => svgPoint(film.camera, lens.project(p));
  return { motion, film, lens, svg: film.stillSvgs()[index]!, body: placedKeys(motion)[motion.stills[index]!]!.body, pixel };
}
const numbers = (text: string) => [...text.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0]));

describe('what the hands hold in the three-quarter view', () => {
  it('refuses a load it does not draw, naming the field, and takes none', () => {
    const result = built({ ...REVERSE_FLYES, holds: 'sandbag' });
    assert.ok(!result.ok);
    assert.match(
      formatProblems(result.problems).join('; '),
      /strength-3d\.json: motions\.Reverse_Flyes\.holds: must be one of dumbbells, left-dumbbell, right-dumbbell, kettlebell, left-kettlebell, right-kettlebell, plate, medicine-ball, barbell/,
    );
    assert.equal(motionOf({ ...REVERSE_FLYES, holds: undefined }).holds, undefined);
    assert.equal(motionOf(REVERSE_FLYES).holds, 'dumbbells');
  });

  it('lays a dumbbell handle across the fist, along the elbow hinge, or the angles’ hinge when the arm is straight', () => {
    const arm = (elbow: number): Arm3 => {
      const limb = {
        hip: { flexion: 0, abduction: 0, rotation: 0 },
        knee: 0,
        ankle: 0,
        shoulder: { flexion: 0, abduction: 5, rotation: 0 },
        elbow,
      };
      const angles: Angles3 = {
        heading: 0,
        lean: 0,
        roll: 0,
        spine: { flexion: 0, sideBend: 0, twist: 0 },
        neck: { flexion: 0, sideBend: 0, turn: 0 },
        left: limb,
        right: limb,
      };
      return pose3(angles).arms.left;
    };
    const curled = arm(90);
    const bend = normalize3(cross3(sub3(curled.elbow, curled.shoulder), sub3(curled.hand, curled.elbow)));
    assert.ok(Math.abs(Math.abs(dot3(dumbbellAxis(curled), bend)) - 1) < 1e-9, 'a curl holds it along the hinge');
    // Hanging straight at the side, the angles' hinge: across the body (a supinated grip), square to the forearm.
    const straight = arm(0);
    const axis = dumbbellAxis(straight);
    assert.ok(Math.abs(dot3(axis, normalize3(sub3(straight.hand, straight.elbow)))) < 1e-9);
    assert.ok(Math.abs(axis[2]) > 0.99, `${axis}`);
    // Bent over with the shoulder turned out (a reverse fly): along the body, palms facing each other.
    const { body } = still(REVERSE_FLYES);
    for (const piece of loadPieces(body, 'dumbbells')) if (piece.shape === 'cylinder') assert.ok(Math.abs(piece.axis[0]) > 0.95);
  });

  it('draws each dumbbell at its hand, the head behind the far hand before it and the near head after it', () => {
    const { svg, body, pixel, lens, film } = still(REVERSE_FLYES);
    const handles = [...svg.matchAll(/<path d="([^"]+)" fill="none" stroke="(#[0-9a-f]{6})"/g)].filter(
      (m) => m[2] === COLOURS.steel || m[2] === mixColour(COLOURS.steel, COLOURS.background, 0.5),
    );
    assert.equal(handles.length, 2);
    for (const side of ['left', 'right'] as const) {
      const [x, y] = pixel(body.arms[side].hand);
      assert.ok(
        handles.some((m) => {
          const [x0, y0, x1, y1] = numbers(m[1]!);
          return Math.hypot((x0! + x1!) / 2 - x, (y0! + y1!) / 2 - y) < 1;
        }),
        `a handle through the ${side} grip`,
      );
    }
    // The far (right) hand: its own stroke, and the two heads on either side of it in the painting order.
    const tone = farness(lens, body.arms.right.shoulder, body.arms.left.shoulder);
    assert.ok(tone > 0.5);
    const handSvg = circle(film.camera, lens.project(body.arms.right.hand), 0.042, mixColour(COLOURS.near, COLOURS.far, tone));
    const at = svg.indexOf(handSvg);
    assert.ok(at > 0);
    const heads = loadPieces(body, 'dumbbells').filter((p) => p.shape === 'cylinder' && p.side === 'right');
    const polygons = [...svg.matchAll(/<polygon points="([^"]+)" fill="(#[0-9a-f]{6})" stroke/g)].map((m) => ({
      index: m.index,
      points: numbers(m[1]!),
    }));
    for (const head of heads) {
      if (head.shape !== 'cylinder') continue;
      const [cx, cy] = pixel(head.centre);
      const outline = polygons.find(({ points }) => {
        const xs = points.filter((_, i) => i % 2 === 0);
        const ys = points.filter((_, i) => i % 2 === 1);
        return Math.abs((Math.min(...xs) + Math.max(...xs)) / 2 - cx) < 2 && Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - cy) < 2;
      });
      assert.ok(outline !== undefined, 'a head drawn where it is');
      const isBehind = lens.depthOf(head.centre) < lens.depthOf(body.arms.right.hand);
      assert.equal(
        outline.index < at,
        isBehind,
        isBehind ? 'the head behind the hand painted first' : 'the head before the hand painted after it',
      );
    }
  });

  it('draws a plate, a medicine ball and a kettlebell between the hands, at their real sizes', () => {
    const plate = still(TWIST);
    const middle = lerp3(plate.body.arms.left.hand, plate.body.arms.right.hand, 0.5);
    const [mx, my] = plate.pixel(middle);
    const outline = [...plate.svg.matchAll(new RegExp(`<polygon points="([^"]+)" fill="${COLOURS.iron}"`, 'g'))].map((m) => numbers(m[1]!));
    assert.equal(outline.length, 1);
    const xs = outline[0]!.filter((_, i) => i % 2 === 0);
    const ys = outline[0]!.filter((_, i) => i % 2 === 1);
    assert.ok(Math.abs((Math.min(...xs) + Math.max(...xs)) / 2 - mx) < 3 && Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - my) < 3);
    // Its longest extent in the picture is its diameter, 45 cm (seen at any angle a disc keeps one diameter whole).
    const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    assert.ok(
      span <= (2 * LOAD.plate.radius + 0.03) * plate.film.camera.scale + 2 && span > 2 * LOAD.plate.radius * plate.film.camera.scale * 0.7,
    );

    const ball = still(STANDING_TWIST);
    const [bx, by] = ball.pixel(lerp3(ball.body.arms.left.hand, ball.body.arms.right.hand, 0.5));
    const drawn = new RegExp(`<circle cx="([\\d.]+)" cy="([\\d.]+)" r="([\\d.]+)" fill="${COLOURS.ball}"/>`).exec(ball.svg);
    assert.ok(drawn !== null);
    assert.ok(Math.abs(Number(drawn[1]) - bx) < 1 && Math.abs(Number(drawn[2]) - by) < 1);
    assert.ok(Math.abs(Number(drawn[3]) - 0.12 * ball.film.camera.scale) < 0.5);

    const bell = still(KETTLEBELL);
    const grip = lerp3(bell.body.arms.left.hand, bell.body.arms.right.hand, 0.5);
    const [kx, ky] = bell.pixel([grip[0], grip[1] - LOAD.kettlebell.drop, grip[2]]);
    const bells = [...bell.svg.matchAll(new RegExp(`<circle cx="([\\d.]+)" cy="([\\d.]+)" r="([\\d.]+)" fill="${COLOURS.iron}"/>`, 'g'))];
    assert.equal(bells.length, 1);
    assert.ok(
      Math.abs(Number(bells[0]![1]) - kx) < 1 && Math.abs(Number(bells[0]![2]) - ky) < 1,
      'the bell hangs its drop below the grips',
    );
    assert.ok(Math.abs(Number(bells[0]![3]) - LOAD.kettlebell.radius * bell.film.camera.scale) < 0.5);
  });

  it('refuses a load in both hands held wider or narrower than it is, naming the key and the distance', () => {
    assert.equal(checked(TWIST), '');
    const wide = { ...TWIST, keys: [{ ...TWIST.keys[0]!, shoulders: [45, 18, 0] }] };
    assert.match(
      checked(wide),
      /keys\.0 \("seated, turned left"\): the hands are (5\d|6\d)\.\d cm apart; a plate 45 cm across held by its rim is gripped 43 cm apart \(2 cm either way\)/,
    );
    assert.equal(checked(STANDING_TWIST), '');
    assert.match(
      checked({ ...STANDING_TWIST, holds: 'kettlebell' }),
      /keys\.0 \("ball held out"\): the hands are 30\.\d cm apart; a kettlebell/,
    );
    const narrow = { ...STANDING_TWIST, keys: [{ ...STANDING_TWIST.keys[0]!, shoulders: [70, -14, 0] }] };
    assert.match(
      checked(narrow),
      /the hands are 1\d\.\d cm apart; a medicine ball 24 cm across held between the palms is gripped 29 cm apart/,
    );
    // Between keys too: a second key that opens the arms out, said once at the first frame past the tolerance.
    const opening = {
      ...STANDING_TWIST,
      keys: [STANDING_TWIST.keys[0]!, { name: 'arms opened', hold: 0.2, move: 0.8, shoulders: [70, 30, 0] }],
    };
    assert.match(checked(opening), /keys\.0 \("ball held out"\): at 0\.\d\d s the hands are/);
    assert.equal(GRIP_SPAN['medicine-ball'], 0.29);
  });

  it('weighs the load in the balance: a seated twist, feet up, that balances bare tips over with a plate held out', () => {
    // On the sit bones alone (heels down, the seated twist stands on a wide outline whatever the plate does).
    const heavier = { ...TWIST, keys: [{ ...TWIST.keys[0]!, lean: -35, hips: [100, 5, 0], knees: 40, planted: ['pelvis'] }] };
    assert.equal(checked({ ...heavier, holds: undefined }), '');
    assert.match(checked(heavier), /the centre of mass is \d+ cm outside what rests on the floor \(pelvis\)/);
    const { body } = still(heavier);
    const centre = centreWithLoad(body, 'plate');
    const plate = loadPieces(body, 'plate')[0]!;
    assert.ok(plate.shape === 'cylinder');
    // 10 kg against 75: the centre moves a 10/85 share of the way to the plate.
    assert.ok(Math.abs(distance3(centre, body.centre) - (10 / 85) * distance3(plate.centre, body.centre)) < 1e-9);
  });

  it('refuses a load sunk into the floor', () => {
    const deep = {
      ...KETTLEBELL,
      keys: [{ ...KETTLEBELL.keys[0]!, lean: 70, hips: [120, 10, 0], knees: 100, ankles: 32, shoulders: [80, -14, 0], elbows: 0 }],
    };
    assert.match(checked(deep), /at 0\.00 s the held kettlebell is \d+ cm under the floor/);
  });

  it('holds one dumbbell in one hand only, weighed there, the other hand free', () => {
    const oneArm = { ...REVERSE_FLYES, holds: 'right-dumbbell' };
    const { body } = still(oneArm);
    const pieces = loadPieces(body, 'right-dumbbell');
    assert.deepEqual(
      pieces.map((p) => [p.shape, p.side]),
      [
        ['bar', 'right'],
        ['cylinder', 'right'],
        ['cylinder', 'right'],
      ],
    );
    // The bell's handle through the right fist, none at the left.
    const handle = pieces[0]!;
    assert.ok(handle.shape === 'bar' && distance3(lerp3(handle.points[0]!, handle.points[1]!, 0.5), body.arms.right.hand) < 1e-9);
    // 8 kg at the right hand against the body's 75: the centre moves an 8/83 share of the way there.
    const centre = centreWithLoad(body, 'right-dumbbell');
    assert.ok(Math.abs(distance3(centre, body.centre) - (8 / 83) * distance3(body.arms.right.hand, body.centre)) < 1e-9);
    assert.equal(checked(oneArm), '');
    // Hands in close, where two dumbbells would pass into each other: one has nothing to meet.
    const close = { ...oneArm, keys: [{ ...REVERSE_FLYES.keys[0]!, shoulders: [60, -20, -90] }, REVERSE_FLYES.keys[1]!] };
    assert.equal(checked(close), '');
    assert.equal(motionOf({ ...REVERSE_FLYES, holds: 'left-dumbbell' }).holds, 'left-dumbbell');
  });

  it('holds a kettlebell in one hand: hanging below the handle, on the back of the forearm racked or locked out', () => {
    // Hanging at the side: the bell 15 cm straight below the handle, weighed there, the other hand anywhere.
    const carry = { ...KETTLEBELL, holds: 'right-kettlebell' };
    const hanging = still(carry).body;
    const [handle, bell] = loadPieces(hanging, 'right-kettlebell');
    assert.ok(handle?.shape === 'bar' && handle.side === 'right' && handle.behind?.[0] === hanging.arms.right.hand);
    assert.ok(bell?.shape === 'sphere' && bell.radius === LOAD.kettlebell.radius);
    assert.ok(distance3(bell.centre, sub3(hanging.arms.right.hand, [0, LOAD.kettlebell.drop, 0])) < 1e-9);
    const centre = centreWithLoad(hanging, 'right-kettlebell');
    assert.ok(Math.abs(distance3(centre, hanging.centre) - (12 / 87) * distance3(bell.centre, hanging.centre)) < 1e-9);
    assert.equal(checked(carry), '');
    // Locked out overhead, standing: 6 cm down the forearm from the hand and 10 cm behind it, not through the wrist.
    const press = { ...carry, keys: [{ ...KETTLEBELL.keys[0]!, lean: 0, rightShoulder: [180, 0, 0], elbows: 0 }] };
    const overhead = still(press).body;
    const up = loadPieces(overhead, 'right-kettlebell')[1]!;
    assert.ok(up.shape === 'sphere');
    const offset = sub3(up.centre, overhead.arms.right.hand);
    assert.ok(Math.abs(offset[1] + 0.06) < 0.005 && Math.abs(offset[0] + 0.1) < 0.005, `${offset}`);
    // The other hand hangs 1 m or more from it: no grip span for a bell in one hand.
    assert.ok(distance3(overhead.arms.left.hand, overhead.arms.right.hand) > 1);
    assert.equal(checked(press), '');
    // A floor press, lying on the back with the arm straight up: the bell rests toward the head, not on the face.
    const lying = {
      ...carry,
      mat: true,
      keys: [
        { name: 'lying, pressed up', hold: 0.3, move: 0.9, lean: -90, rightShoulder: [90, 0, 0], planted: ['pelvis', 'back', 'head'] },
      ],
    };
    const floor = still(lying).body;
    const pressed = loadPieces(floor, 'right-kettlebell')[1]!;
    assert.ok(pressed.shape === 'sphere');
    const towardHead = normalize3(sub3(floor.neckBase, floor.pelvis));
    const along = dot3(sub3(pressed.centre, floor.arms.right.hand), towardHead);
    assert.ok(Math.abs(along - 0.1) < 0.01, `${along}`);
    assert.equal(motionOf({ ...KETTLEBELL, holds: 'left-kettlebell' }).holds, 'left-kettlebell');
  });

  it('refuses two dumbbells brought into each other, which the drawing paints one over the other', () => {
    // Arms hanging under a bent-over trunk, the hands in close: the inner heads meet.
    const close = { ...REVERSE_FLYES, keys: [{ ...REVERSE_FLYES.keys[0]!, shoulders: [60, -20, -90] }, REVERSE_FLYES.keys[1]!] };
    assert.match(checked(close), /at 0\.00 s the two dumbbells pass \d+ cm into each other/);
    assert.equal(checked(REVERSE_FLYES), '');
  });

  it('measures two dumbbells as the drums their heads are: end to end they may meet face to face', () => {
    const { head, headWidth, grip } = LOAD.dumbbell;
    const along = (x: number) => ({ hand: [x, 1, 0] as const, axis: [1, 0, 0] as const });
    // End to end, the inner faces touching when the grips are a grip and two heads' widths apart (23 cm).
    const touching = grip + 2 * headWidth;
    assert.ok(Math.abs(headsInEachOther(along(0), along(touching))) < 1e-9);
    assert.ok(Math.abs(headsInEachOther(along(0), along(touching - 0.01)) - 0.01) < 1e-9, '1 cm into each other');
    assert.ok(headsInEachOther(along(0), along(touching + 0.01)) < 0, 'apart');
    // Side by side, handles parallel: the heads meet when the handles are two heads' radii apart.
    const beside = (z: number) => ({ hand: [0, 1, z] as const, axis: [1, 0, 0] as const });
    assert.ok(Math.abs(headsInEachOther(beside(0), beside(2 * head - 0.02)) - 0.02) < 1e-9, '2 cm into each other');
    assert.ok(headsInEachOther(beside(0), beside(2 * head + 0.01)) < 0, 'apart');
  });
});
