/**
 * A ball that leaves the hands (src/motion/ball-flight.ts, ball-params.ts, ball-check.ts): between its
 * release and its catch it flies as a thrown body, a parabola under g at one speed along the floor, by way
 * of the wall's face or the floor (where it lies still until the hands pick it up) or out of the picture;
 * the schema refuses a flight that does not fit the keys, and the check refuses a ball caught where no hand
 * is, one into the floor, the wall or the body (held too), one thrown away that lands in the picture or too
 * soon, a wall height off its one arc, and a wall or floor key no frame shows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AWAY_SEEN, BALL_RADIUS, ballAt, wallMeeting } from '../../src/motion/ball-flight.ts';
import { G, thrownAt } from '../../src/motion/thrown.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { cameraFor, figuresSvg } from '../../src/motion/render-svg.ts';
import type { Point } from '../../src/motion/skeleton.ts';
import { bodyAt, figuresAt, FRAMES_PER_SECOND, frameCount, heldAt, locate, loopKeyBody } from '../../src/motion/timeline.ts';

const plyometrics = descriptionsIn('plyometrics');
const built = (source: Record<string, unknown>): Description => plyometrics.description(source, 'Medicine_Ball_Chest_Pass');
const refusal = (source: Record<string, unknown>): string => plyometrics.refused(source, 'Medicine_Ball_Chest_Pass');
/** What the check refuses of the ball's path; whether the hands carry the release is take-off.test.ts's (release-check.ts). */
const messages = (description: Description): string =>
  checkMotion(description)
    .map((p) => p.message)
    .filter((message) => !message.includes('the hands carry the ball'))
    .join('; ');

const lying = { trunk: -90, legs: [135, 45, 90], feetOnFloor: 'both' };
/** Lying on the back: the ball pushed up from the chest, caught overhead, brought back down. */
const supine = (ballFlight: object, caught: object = {}) => ({
  pattern: 'pose',
  props: ['ball'],
  fixed: 'pelvis',
  ballFlight,
  keys: [
    { name: 'ball at the chest', ...lying, arms: [84, 206], hold: 0.2, move: 0.3 },
    { name: 'release', ...lying, arms: [178, 180], hold: 0, move: 0.8 },
    { name: 'catch', ...lying, arms: [178, 180], hold: 0, move: 0.45, ...caught },
  ],
});
const standing = { legs: [0, 0], feetOnFloor: 'both' };
/** Where the pass's one arc from the release to the catch meets the wall (metres up). */
const PASS_HEIGHT = 1.82;
/** Standing square to a wall 2.2 m ahead: a chest pass in to the wall and out again to the hands. */
const pass = {
  pattern: 'pose',
  props: ['ball', 'wall'],
  wall: 2.2,
  ballFlight: { release: 1, wall: [2, PASS_HEIGHT], catch: 3 },
  keys: [
    { name: 'ball at the chest', ...standing, arms: [20, 150], hold: 0.2, move: 0.3 },
    { name: 'push, release', ...standing, arms: [88, 90], hold: 0, move: 0.3 },
    { name: 'palms out', ...standing, arms: [88, 90], hold: 0, move: 0.3 },
    { name: 'catch', ...standing, arms: [80, 88], hold: 0.1, move: 0.45 },
  ],
};
/** A slam: overhead, the ball thrown down to land in front of the feet, picked up from where it lies. */
const slam = (pickUp: object) => ({
  pattern: 'pose',
  props: ['ball'],
  ballFlight: { release: 1, floor: 2, catch: 3 },
  keys: [
    { name: 'ball overhead', ...standing, arms: [175, 180], hold: 0.2, move: 0.4 },
    { name: 'arms coming down, release', trunk: 15, legs: [30, -20, 90], feetOnFloor: 'both', arms: [135, 135], hold: 0, move: 0.2 },
    { name: 'follow through', trunk: 34, spine: 10, legs: [85, -42, 90], feetOnFloor: 'both', arms: [25, 25], hold: 0.1, move: 0.4 },
    { name: 'hands on the ball', ...pickUp, hold: 0.1, move: 0.8 },
  ],
});
/** A flat-backed hinge, the hands put on the ball where it lies (handsOnFloor: at its middle, 12 cm up). */
const squatPick = { trunk: 72, spine: 5, legs: [85, -22, 90], feetOnFloor: 'both', arms: [32, 32], handsOnFloor: 'both' };

/** The ball's place at each frame of [from, to) seconds, where it is out of the hands. */
function path(description: Description, from: number, to: number): { t: number; at: Point }[] {
  const out: { t: number; at: Point }[] = [];
  for (let frame = 0; frame < frameCount(description.motion); frame += 1) {
    const t = frame / FRAMES_PER_SECOND;
    const place = ballAt(description.motion, t);
    if (t >= from && t < to && place !== 'held' && place !== 'gone') out.push({ t, at: place });
  }
  return out;
}
const ball = (description: Description) => description.motion.held.find((prop) => prop.kind === 'ball')!;
const heldAtKey = (description: Description, key: number): Point => heldAt(loopKeyBody(description.motion, key).body, ball(description));

describe('a ball that leaves the hands', () => {
  it('flies from the hands at release to the hands at the catch on one parabola under g, at one speed along the floor', () => {
    const throwUp = built(supine({ release: 1, catch: 2 }));
    assert.equal(messages(throwUp), '');
    const [release, caught] = [keyStartSeconds(throwUp.motion, 1), keyStartSeconds(throwUp.motion, 2)];
    assert.equal(ballAt(throwUp.motion, release - 0.01), 'held');
    assert.equal(ballAt(throwUp.motion, caught), 'held');
    const from = heldAtKey(throwUp, 1);
    const to = heldAtKey(throwUp, 2);
    const frames = path(throwUp, release, caught);
    assert.equal(frames.length, 24, 'every frame of the 0.8 s flight');
    const rise = (to[1] - from[1]) / (caught - release) + (G * (caught - release)) / 2;
    for (const { t, at } of frames) {
      const dt = t - release;
      assert.ok(Math.abs(at[1] - (from[1] + rise * dt - (G * dt * dt) / 2)) < 1e-9, `height at ${t}`);
      assert.ok(Math.abs(at[0] - (from[0] + ((to[0] - from[0]) * dt) / (caught - release))) < 1e-9, `along the floor at ${t}`);
    }
    // The apex of a 0.8 s flight back to the same height is g T² / 8 above the hands.
    const apex = Math.max(...frames.map(({ at }) => at[1]));
    assert.ok(Math.abs(apex - from[1] - (G * 0.64) / 8) < 0.01, `apex ${apex - from[1]} m above the hands`);
    assert.deepEqual(thrownAt([0, 1], [2, 1], 1, 0.5), [1, 1 + G / 8]);
  });

  it('does not move the figure at its keys (between them the release is not eased to a stop: take-off.test.ts), and is drawn in the hands until the release', () => {
    const withFlight = built(supine({ release: 1, catch: 2 }));
    const without = built({ ...supine({ release: 1, catch: 2 }), ballFlight: undefined });
    const camera = cameraFor(without.motion, [bodyAt(without.motion, 0)]);
    for (let frame = 0; frame < frameCount(without.motion); frame += 1) {
      const t = frame / FRAMES_PER_SECOND;
      if (locate(without.motion, t).progress === 0) assert.deepEqual(bodyAt(withFlight.motion, t), bodyAt(without.motion, t));
      assert.equal(ballAt(without.motion, t), 'held');
    }
    const svg = (d: Description, t: number) => figuresSvg(d.motion, figuresAt(d.motion, t), camera, t);
    assert.equal(svg(withFlight, 0.1), svg(without, 0.1), 'before the release the same picture');
    assert.notEqual(svg(withFlight, 0.9), svg(without, 0.9), 'in flight the ball is elsewhere');
  });

  it('off a wall flies ONE parabola in height from the release to the catch, only its way along the floor turned back at the face', () => {
    const chestPass = built(pass);
    assert.equal(messages(chestPass), '');
    const [release, hit, caught] = [1, 2, 3].map((key) => keyStartSeconds(chestPass.motion, key)) as [number, number, number];
    const at = ballAt(chestPass.motion, hit);
    assert.ok(Array.isArray(at));
    assert.ok(Math.abs(at[0] - (2.2 - BALL_RADIUS)) < 1e-9, `at the wall's face: ${at}`);
    const [from, to] = [heldAtKey(chestPass, 1), heldAtKey(chestPass, 3)];
    const flight = path(chestPass, release, caught);
    // Height: the one arc through the hands at the release and the hands at the catch, in and out alike.
    for (const { t, at: point } of flight)
      assert.ok(Math.abs(point[1] - thrownAt(from, to, caught - release, t - release)[1]) < 1e-9, `height at ${t}`);
    // Vertical speed does not flip at the wall: it keeps rising or falling through the contact.
    const height = (t: number) => (ballAt(chestPass.motion, t) as Point)[1];
    const [before, after] = [(height(hit) - height(hit - 1e-3)) / 1e-3, (height(hit + 1e-3) - height(hit)) / 1e-3];
    assert.ok(Math.abs(before - after) < 0.02, `vertical speed ${before} in, ${after} out: no kink at the wall`);
    assert.ok(Math.abs(at[1] - PASS_HEIGHT) < 0.03 && Math.abs(wallMeeting(chestPass.motion)!.at[1] - at[1]) < 1e-9);
    const inbound = path(chestPass, release, hit);
    const outbound = path(chestPass, hit, caught);
    const steps = (legs: { at: Point }[]) => legs.slice(1).map(({ at }, i) => at[0] - legs[i]!.at[0]);
    const [inSteps, outSteps] = [steps(inbound), steps(outbound)];
    assert.ok(
      inSteps.every((dx) => dx > 0 && Math.abs(dx - inSteps[0]!) < 1e-9),
      'in to the wall at one speed',
    );
    assert.ok(
      outSteps.every((dx) => dx < 0 && Math.abs(dx - outSteps[0]!) < 1e-9),
      'out again at one speed',
    );
    assert.ok(Math.max(...inbound.map(({ at }) => at[0])) <= 2.2 - BALL_RADIUS + 1e-9, 'never past the face');
    const last = ballAt(chestPass.motion, caught - 1 / 30);
    assert.ok(Array.isArray(last) && Math.hypot(last[0] - to[0], last[1] - to[1]) < 0.25);
    // A height off the arc is refused, naming the height the arc meets the wall at.
    assert.match(
      messages(built({ ...pass, ballFlight: { release: 1, wall: [2, 1.2], catch: 3 } })),
      /ballFlight.wall: the ball's one arc from the release to the catch meets the wall at 1\.82 m, not at 1\.2 m/,
    );
    // Caught sooner than it went in, it would leave the wall faster than it came: refused.
    const quick = { ...pass, keys: pass.keys.map((key, i) => (i === 2 ? { ...key, move: 0.1 } : key)) };
    assert.match(messages(built(quick)), /leaves the wall faster/);
  });

  it('meets the wall in a frame: a wall or bounce key between two frames is refused', () => {
    const chestPass = built(pass);
    const hit = keyStartSeconds(chestPass.motion, 2);
    assert.equal(Math.round(hit * FRAMES_PER_SECOND), hit * FRAMES_PER_SECOND);
    const frames = path(chestPass, 0, 10).map(({ at }) => at[0]);
    assert.ok(
      frames.some((x) => Math.abs(x - (2.2 - BALL_RADIUS)) < 1e-9),
      'one frame shows it at the face',
    );
    const between = { ...pass, keys: pass.keys.map((key, i) => (i === 1 ? { ...key, move: 0.35 } : key)) };
    assert.match(messages(built(between)), /ballFlight.wall: key 2 "palms out" is reached at 0\.850 s, between two frames/);
    const kneeHigh = { trunk: 34, spine: 10, legs: [85, -42, 90], feetOnFloor: 'both', arms: [15, 100] };
    const bounce = slam(kneeHigh);
    bounce.ballFlight = { release: 1, bounce: 2, catch: 3 } as never;
    bounce.keys[1] = { ...bounce.keys[1]!, move: 0.25 } as never;
    assert.match(messages(built(bounce)), /ballFlight.bounce: key 2 "follow through" is reached at 0\.850 s, between two frames/);
  });

  it('in a slam lands on the floor under where the hands pick it up and lies still there', () => {
    const slammed = built(slam(squatPick));
    assert.doesNotMatch(messages(slammed), /floor|pick/);
    const [landed, picked] = [keyStartSeconds(slammed.motion, 2), keyStartSeconds(slammed.motion, 3)];
    const lying = path(slammed, landed, picked);
    assert.ok(lying.length >= 15);
    const spot = heldAtKey(slammed, 3);
    for (const { at } of lying) assert.deepEqual(at, [spot[0], BALL_RADIUS]);
    const falling = path(slammed, keyStartSeconds(slammed.motion, 1), landed);
    assert.ok(
      falling.every(({ at }, i) => i === 0 || at[1] < falling[i - 1]!.at[1]),
      'thrown down, it falls all the way',
    );
    const high = messages(built(slam({ ...squatPick, handsOnFloor: undefined, arms: [60, 60] })));
    assert.match(high, /key 3 "hands on the ball": the hands pick the ball up \d+ cm above the floor it lies on/);
  });

  it('bounced off the floor meets it under the catching hands and flies up into them', () => {
    const kneeHigh = { trunk: 34, spine: 10, legs: [85, -42, 90], feetOnFloor: 'both', arms: [15, 100] };
    const source = { ...slam(kneeHigh), ballFlight: { release: 1, bounce: 2, catch: 3 } };
    const bounced = built(source);
    const [hit, caught] = [keyStartSeconds(bounced.motion, 2), keyStartSeconds(bounced.motion, 3)];
    const hands = heldAtKey(bounced, 3);
    assert.deepEqual(ballAt(bounced.motion, hit), [hands[0], BALL_RADIUS]);
    const rising = path(bounced, hit, caught);
    assert.ok(rising.length >= 10 && rising.every(({ at }) => at[0] === hands[0]), 'straight up under the hands');
    assert.ok(
      rising.every(({ at }) => at[1] >= BALL_RADIUS - 1e-9),
      'never into the floor',
    );
    assert.match(refusal({ ...source, ballFlight: { release: 1, bounce: 2, floor: 2, catch: 3 } }), /not both/);
  });

  it('thrown away, leaves the picture and the loop dissolves to the next ball in the hands', () => {
    const away = { release: 1, away: [135, 9] };
    const thrown = built({ ...supine(away), loop: 'dissolve' });
    assert.equal(messages(thrown), '');
    const release = keyStartSeconds(thrown.motion, 1);
    const later = ballAt(thrown.motion, release + 0.2);
    assert.ok(Array.isArray(later));
    const from = heldAtKey(thrown, 1);
    assert.ok(Math.abs(later[0] - from[0] - 9 * Math.SQRT1_2 * 0.2) < 1e-9, 'along the floor at its speed');
    // The loop's dissolve: the outgoing figure's ball is in flight (or gone), the incoming start holds the next.
    const end = keyStartSeconds(thrown.motion, 2) + 0.2;
    const figures = figuresAt(thrown.motion, end);
    assert.equal(figures.length, 2);
    const short = messages(built({ ...supine({ release: 1, away: [150, 3] }), loop: 'dissolve' }));
    assert.match(short, /the ball thrown away comes down \d\.\d m from the hands, inside the picture/);
  });

  it('thrown away stays in the picture at least its first 0.3 s (the picture widens), and one that comes down sooner is refused', () => {
    const thrown = built({ ...supine({ release: 1, away: [120, 9] }), loop: 'dissolve' });
    const times = Array.from({ length: frameCount(thrown.motion) }, (_, frame) => frame / FRAMES_PER_SECOND);
    const camera = cameraFor(
      thrown.motion,
      times.flatMap((t) => figuresAt(thrown.motion, t).map((f) => f.body)),
    );
    const release = keyStartSeconds(thrown.motion, 1);
    const seen = times.filter((t) => {
      const place = ballAt(thrown.motion, t);
      if (place === 'held' || place === 'gone' || t <= release) return false;
      const x = (place[0] - camera.left) * camera.scale;
      const y = (place[1] - camera.bottom) * camera.scale;
      return x >= 0 && x <= camera.width && y >= 0 && y <= camera.height;
    });
    assert.ok(seen.length >= AWAY_SEEN * FRAMES_PER_SECOND, `in the picture ${seen.length} frames`);
    const low = messages(built({ ...supine({ release: 1, away: [40, 6] }), loop: 'dissolve' }));
    assert.match(low, /the ball thrown away comes down 0\.\d\d s after the release: keep it in the air 0\.3 s/);
  });

  it('held, is refused inside the thighs or swung through the head', () => {
    const hanging = { ...standing, arms: [8, 8] };
    const atArmsLength = {
      pattern: 'pose',
      props: ['ball'],
      loop: 'dissolve',
      ballFlight: { release: 1, away: [135, 9] },
      keys: [
        { name: "ball at arm's length", ...hanging, hold: 0.3, move: 0.4 },
        { name: 'release', ...standing, arms: [110, 110], hold: 0, move: 0.5 },
      ],
    };
    assert.match(messages(built(atArmsLength)), /at 0\.00 s the ball passes \d+ cm into (a thigh|the trunk)/);
    const inFront = { ...atArmsLength, keys: [{ ...atArmsLength.keys[0]!, arms: [32, 32] }, atArmsLength.keys[1]!] };
    assert.equal(messages(built(inFront)), '');
    const overhead = {
      ...supine({ release: 2, away: [125, 8] }),
      loop: 'dissolve',
      keys: [
        { name: 'ball behind the head', ...lying, arms: [225, -60], hold: 0.3, move: 0.3 },
        { name: 'over the head', ...lying, trunk: -62, spine: 25, arms: [180, 190], hold: 0, move: 0.25 },
        { name: 'release', ...lying, trunk: -45, spine: 25, arms: [122, 122], hold: 0.2, move: 0.8 },
      ],
    };
    assert.match(messages(built(overhead)), /the ball passes \d+ cm into the head/);
  });

  it('is refused by the schema where the flight does not fit the keys, the wall or the loop', () => {
    assert.match(refusal(supine({ release: 1 })), /either caught again \(catch\) or thrown out of the picture \(away\)/);
    assert.match(refusal(supine({ release: 1, catch: 2, away: [135, 9] })), /either caught again/);
    assert.match(refusal(supine({ release: 1, away: [135, 9] })), /needs "loop": "dissolve"/);
    assert.match(refusal(supine({ release: 2, catch: 1 })), /released at a key of the description before the one that catches it/);
    assert.match(refusal(supine({ release: 1, catch: 5 })), /ballFlight.catch: must name a key/);
    assert.match(refusal(supine({ release: 0, wall: [1, 1.5], catch: 2 })), /give the wall the ball meets/);
    assert.match(
      refusal({ ...pass, ballFlight: { release: 1, wall: [2, 1.4], floor: 2, catch: 3 } }),
      /the wall or lands on the floor, not both/,
    );
    assert.match(
      refusal({ ...pass, ballFlight: { release: 1, wall: [3, 1.4], catch: 3 } }),
      /comes after the release and before the catch/,
    );
    assert.match(refusal(supine({ release: 0.5, catch: 2 })), /must be a key index/);
  });

  it('is refused by the check into the floor, through the wall or the body, without a held ball, or seen from the front', () => {
    const floor = messages(built(supine({ release: 1, catch: 2 }, { arms: [200, 200], handsOnFloor: 'both' })));
    assert.match(floor, /at \d\.\d\d s the ball is \d+ cm into the floor/);
    const wall = messages(built({ ...pass, wall: 0.45, ballFlight: { release: 1, catch: 3 } }));
    assert.match(wall, /at \d\.\d\d s the ball is \d+ cm into the wall/);
    // Thrown straight back at head height from in front of the face: through the head.
    const back = { ...supine({ release: 1, away: [-90, 6] }), loop: 'dissolve', fixed: 'leftHeel' };
    back.keys = [
      { name: 'ball at the chest', ...standing, arms: [20, 150], hold: 0.2, move: 0.3 },
      { name: 'release at the face', ...standing, arms: [115, 135], hold: 0.2, move: 0.6 },
    ] as never;
    assert.match(messages(built(back)), /the ball passes \d+ cm into the (head|trunk)/);
    assert.match(messages(built({ ...supine({ release: 1, catch: 2 }), props: [] })), /name the prop ball/);
    assert.match(messages(built({ ...supine({ release: 1, catch: 2 }), view: 'front' })), /drawn from the side only/);
  });
});
