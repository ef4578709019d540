/**
 * Cardio machines (src/motion/cardio.ts): a crank turns a whole number of times a loop and the feet (or
 * hands) stay on its pedals in every frame, going round its circle between keys; a seated rider's pelvis
 * is on the seat and a reclined back on its backrest; the check refuses a foot the leg cannot keep on its
 * pedal, a pelvis hovering over the seat, a back off its backrest, a rower's seat off its rail.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bearingPoint, CRANKS, holdsAt, machineOf, STAIRS, stairNoses } from '../../src/motion/cardio.ts';
import { along, LADDER, rungsAt } from '../../src/motion/cardio-ladder.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { cycleSeconds } from '../../src/motion/motion.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { cameraFor, figuresSvg } from '../../src/motion/render-svg.ts';
import { distance, SIDES } from '../../src/motion/skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, figuresAt, frameCount } from '../../src/motion/timeline.ts';

const FILE = 'data/source/motion/conditioning.json';

function build(source: Record<string, unknown>) {
  return buildDescription(FILE, 'conditioning', 'Bicycling_Stationary', source, RENDERER_VERSION);
}

function built(source: Record<string, unknown>): Description {
  const result = build(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const seated = { name: 'seated', trunk: 30, spine: 8, neck: -22, arms: [70, 95], hold: 0, move: 1 };
const bike = (keys: readonly object[], extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['stationary-bike'],
  machine: 'upright-bike',
  turns: 3,
  keys,
  ...extra,
});
const messages = (d: Description): string[] => checkMotion(d).map((p) => p.message);

describe('a cardio machine', () => {
  it('is a valibot parameter: a style it draws and whole turns of its crank, refused with a clear message otherwise', () => {
    assert.ok(build(bike([seated, seated])).ok);
    const unknown = build(bike([seated, seated], { machine: 'penny-farthing' }));
    assert.ok(!unknown.ok && unknown.problems[0]!.message.startsWith('must be one of upright-bike, spin-bike, recumbent-bike'));
    const half = build(bike([seated, seated], { turns: 1.5 }));
    assert.ok(!half.ok && half.problems[0]!.message.includes('must be a whole number of turns'));
    const noTurns = build({ ...bike([seated, seated]), turns: undefined });
    assert.ok(!noTurns.ok && noTurns.problems[0]!.message.includes('such a machine needs it'));
    const rowerTurns = build({ pattern: 'pose', props: ['rowing-machine'], machine: 'rower', turns: 2, keys: [seated, seated] });
    assert.ok(!rowerTurns.ok && rowerTurns.problems[0]!.message.includes('a rower has none'));
    const undrawn = build({ pattern: 'pose', props: ['stationary-bike'], keys: [seated, seated] });
    assert.ok(!undrawn.ok && undrawn.problems[0]!.message === 'pattern pose does not draw a stationary-bike (yet)');
  });

  it('keeps the feet on the pedals in every frame, going round the crank circle between keys, not across its chord', () => {
    const d = built(bike([seated, { ...seated, name: 'on', trunk: 31 }]));
    const machine = machineOf(d.motion)!;
    const crank = CRANKS['upright-bike']!;
    assert.equal(machine.cardio?.period, 2 / 3, 'three turns of a 2 s loop');
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const body = bodyAt(d.motion, seconds);
      const holds = holdsAt(machine, seconds);
      for (const side of SIDES) {
        const pedal = holds.feet[side]!;
        assert.ok(Math.abs(distance(pedal.at, crank.axle) - crank.radius) < 1e-9, 'the pedal is on the circle');
        const off = distance(bearingPoint('upright-bike', body, side, pedal), pedal.at);
        assert.ok(off < 0.005, `at ${seconds.toFixed(2)} s the ${side} foot is ${off} m off its pedal`);
      }
      // The pelvis stays on the saddle: 10 cm (its thickness) above its top, 91 cm up.
      assert.ok(Math.abs(body.pelvis[1] - 1.01) < 1e-9 && Math.abs(body.pelvis[0]) < 1e-9, `pelvis ${body.pelvis}`);
    }
    // A quarter turn after the start the right pedal is at the front of the circle.
    const front = holdsAt(machine, (2 / 3) * 0.25).feet.right!.at;
    assert.ok(Math.abs(front[0] - (crank.axle[0] + crank.radius)) < 1e-9 && Math.abs(front[1] - crank.axle[1]) < 1e-9, `${front}`);
    assert.deepEqual(checkMotion(d), []);
  });

  it('turns the crank in the picture and comes round to where it started a loop later', () => {
    const d = built(bike([seated, { ...seated, name: 'on' }]));
    const camera = cameraFor(d.motion, [bodyAt(d.motion, 0)]);
    const frame = (seconds: number) => figuresSvg(d.motion, figuresAt(d.motion, seconds), camera, seconds);
    assert.notEqual(frame(0), frame(0.1), 'the pedals move while the body holds still');
    assert.equal(frame(0), frame(cycleSeconds(d.motion)), 'a whole number of turns a loop');
  });

  it('refuses a foot the leg cannot keep on its pedal, and a pelvis hovering over the saddle', () => {
    const high = built(
      bike([
        { ...seated, air: 0.2 },
        { ...seated, air: 0.2 },
      ]),
    );
    assert.ok(
      messages(high).some((m) => /foot is \d+ cm off its pedal: the leg cannot reach it/.test(m)),
      messages(high).join('; '),
    );
    const hovering = built(
      bike([
        { ...seated, air: 0.04 },
        { ...seated, air: 0.04 },
      ]),
    );
    assert.ok(messages(hovering).some((m) => m.endsWith('the pelvis hovers 4 cm over the seat: sit on it or stand up off it')));
    // Up off the saddle and forward over the crank, a standing climb is allowed on a bike.
    const climb = built(
      bike(
        [
          { ...seated, at: 0.2 },
          { ...seated, at: 0.2 },
        ],
        { machine: 'spin-bike', turns: 2 },
      ),
    );
    assert.deepEqual(messages(climb), []);
  });

  it('lays a recumbent rider back on the backrest and refuses a back held off it', () => {
    const lying = { name: 'back', trunk: -25, neck: 12, arms: [10, 60], hold: 0, move: 1 };
    const recumbent = (keys: readonly object[]) => built(bike(keys, { machine: 'recumbent-bike' }));
    assert.deepEqual(messages(recumbent([lying, lying])), []);
    const upright = messages(recumbent([lying, { ...lying, trunk: 0 }]));
    assert.ok(
      upright.some((m) => /the back is \d+ cm off the backrest: lean the trunk back onto it \(trunk -25\)/.test(m)),
      upright.join('; '),
    );
  });

  it("slides a rower's seat under the pelvis along its rail, the feet on the stretcher, and refuses it off the rail", () => {
    const rower = (at: number) =>
      built({
        pattern: 'pose',
        props: ['rowing-machine'],
        machine: 'rower',
        keys: [
          { name: 'catch', trunk: 25, arms: [62, 65], at, hold: 0, move: 1 },
          { name: 'finish', trunk: -20, arms: [-25, 80], at: 0, hold: 0, move: 1 },
        ],
      });
    assert.deepEqual(messages(rower(0.42)), []);
    const far = messages(rower(0.8));
    assert.ok(
      far.some((m) => m.includes("the rower's seat (under the pelvis at 0.80 m) leaves its rail")),
      far.join('; '),
    );
  });

  it("rides a step mill's planted foot down with its step, then steps it up onto the one above", () => {
    const standing = { name: 'climbing', trunk: 10, arms: [35, 70], hold: 0, move: 1.2 };
    const d = built({ pattern: 'pose', props: ['stair-climber'], machine: 'step-mill', turns: 2, keys: [standing, standing] });
    assert.deepEqual(messages(d), []);
    const machine = machineOf(d.motion)!;
    let planted = 0;
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const turn = (seconds / 1.2) % 1;
      if (turn > STAIRS.planted) continue;
      planted += 1;
      const foot = holdsAt(machine, seconds).feet.right!.at;
      // Standing on a step: its nose is 14 cm ahead of the sole's middle, level with it, wherever the step has got to.
      const onStep = stairNoses(machine, seconds).some(([x, y]) => Math.abs(x - foot[0] - 0.14) < 1e-9 && Math.abs(y - foot[1]) < 1e-9);
      assert.ok(onStep, `at ${seconds.toFixed(2)} s the right foot (${foot}) is on no step`);
      const body = bodyAt(d.motion, seconds);
      assert.ok(distance(bearingPoint('step-mill', body, 'right', { at: foot, sole: 90 }), foot) < 0.005);
    }
    assert.ok(planted > 30, `${planted} planted frames`);
    // A flight of real stairs is the same climb without the machine: no prop to name, its steps filling the picture below.
    const flight = built({ pattern: 'pose', machine: 'stairs', turns: 2, keys: [standing, standing] });
    assert.deepEqual(messages(flight), []);
    const camera = cameraFor(flight.motion, [bodyAt(flight.motion, 0)]);
    const svg = figuresSvg(flight.motion, figuresAt(flight.motion, 0.3), camera, 0.3);
    assert.ok((svg.match(/<rect /g) ?? []).length > 10, 'the steps are drawn as blocks');
  });

  it("holds a Jacob's ladder climber's hands on rungs riding down with the other side's foot", () => {
    const leaning = { name: 'leaning in', trunk: 40, neck: -20, legs: [60, -20], arms: [150, 150], hold: 0, move: 1.1 };
    const d = built({ pattern: 'pose', props: ['jacobs-ladder'], machine: 'jacobs-ladder', turns: 2, keys: [leaning, leaning] });
    assert.deepEqual(messages(d), []);
    const machine = machineOf(d.motion)!;
    let gripping = 0;
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const turn = seconds / 1.1;
      // The right hand rides its rung down while the left foot does (the left foot's share of its turn is planted).
      if ((turn + 0.5) % 1 > LADDER.planted) continue;
      gripping += 1;
      const hand = holdsAt(machine, seconds).hands.right!;
      const onRung = rungsAt(turn).some((s) => distance(along(s), hand) < 1e-9);
      assert.ok(onRung, `at ${seconds.toFixed(2)} s the right hand (${hand}) holds no rung`);
      assert.ok(distance(bodyAt(d.motion, seconds).arms.right.hand, hand) < 0.005);
    }
    assert.ok(gripping > 30, `${gripping} gripping frames`);
  });

  it('lets a bicycle travel with its rider while the floor scrolls, but no machine that stands on the floor', () => {
    const riding = { name: 'riding', trunk: 42, spine: 10, neck: -35, arms: [75, 100], hold: 0, move: 1 };
    const road = built({ pattern: 'pose', props: ['bicycle'], machine: 'bicycle', turns: 3, travel: 7.48, keys: [riding, riding] });
    assert.deepEqual(messages(road), []);
    // 7.48 m/s for 2 s on wheels 2π × 0.34 m round: 7 whole turns of the wheels a loop.
    assert.equal(machineOf(road.motion)?.cardio?.rolls, 2 / 7);
    const indoor = built(bike([seated, seated], { travel: 7 }));
    assert.ok(messages(indoor).some((m) => m.includes('a stationary-bike standing on the floor cannot be drawn with it')));
  });

  it('is drawn from the side only', () => {
    const front = built(bike([seated, seated], { view: 'front' }));
    assert.ok(messages(front).includes('a cardio machine is drawn from the side only'));
  });
});
