/** Descriptions as files and the validator: refusals name the file and field; every pattern's shapes pass. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkAgainstCatalog, checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description, readDescriptions } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { fixtureSnapshot } from '../helpers/service.ts';

function described(source: Record<string, unknown>, id = 'Barbell_Squat'): Description {
  const built = buildDescription('data/source/motion/strength.json', 'strength', id, source, RENDERER_VERSION);
  assert.ok(built.ok, JSON.stringify(!built.ok && built.problems));
  return built.value;
}

describe('motion description files', () => {
  it('refuses an unknown pattern, a parameter out of range and an unknown field, naming the file and the field', () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ pattern: 'cartwheel' }, 'motions.A.pattern', /must be one of/],
      [{ pattern: 'squat', depth: 3 }, 'motions.A.depth', /3/],
      [{ pattern: 'squat', tempo: 2 }, 'motions.A.tempo', /not a known field/],
      [{ pattern: 'squat', props: ['trampoline'] }, 'motions.A.props.0', /must be one of/],
      [{ pattern: 'squat', view: 'front' }, 'motions.A.view', /drawn from the side/],
      [{ pattern: 'yoga-pose', pose: 'crow' }, 'motions.A.pose', /downward-dog, warrior-two/],
      [{ pattern: 'squat', props: ['barbell', 'band'] }, 'motions.A.props.1', /^pattern squat does not draw a band \(yet\)$/],
    ];
    for (const [source, path, message] of cases) {
      const built = buildDescription('data/source/motion/x.json', 'strength', 'A', source, '1');
      assert.equal(built.ok, false, JSON.stringify(source));
      if (built.ok) continue;
      assert.equal(built.problems[0]!.source, 'data/source/motion/x.json');
      assert.equal(built.problems[0]!.path, path);
      assert.match(built.problems[0]!.message, message);
    }
  });

  it('reads every description in data/source/motion, and each passes the check and names an exercise of its category', () => {
    const read = readDescriptions('data/source/motion', RENDERER_VERSION);
    assert.ok(read.ok);
    assert.ok(read.value.length >= 20);
    for (const description of read.value) assert.deepEqual(checkMotion(description), [], description.id);
  });

  it('gives a description a hash that changes with it and with nothing else', () => {
    assert.equal(described({ pattern: 'squat', depth: 1 }).hash, described({ depth: 1, pattern: 'squat' }).hash);
    assert.notEqual(described({ pattern: 'squat', depth: 1 }).hash, described({ pattern: 'squat', depth: 0.9 }).hash);
  });
});

describe('checkMotion', () => {
  const shapes: Record<string, unknown>[] = [
    { pattern: 'squat' },
    { pattern: 'squat', props: ['kettlebell'] },
    { pattern: 'squat', props: ['barbell'], rack: 'front', depth: 1.2 },
    { pattern: 'hinge', props: ['barbell'], style: 'romanian' },
    { pattern: 'hinge', props: ['kettlebell'] },
    { pattern: 'lunge', step: 'reverse' },
    { pattern: 'lunge', props: ['barbell'], step: 'split' },
    { pattern: 'row', props: ['dumbbells'], lean: 45 },
    { pattern: 'overhead-press', props: ['dumbbells'] },
    { pattern: 'curl', props: ['barbell'] },
    { pattern: 'carry', props: ['dumbbells'] },
    { pattern: 'bench-press', props: ['dumbbells', 'bench'] },
    { pattern: 'stretch', stretch: 'standing-quad' },
    { pattern: 'yoga-pose', pose: 'warrior-two', view: 'front' },
    { pattern: 'hip-thrust', on: 'floor', props: ['mat'] },
    { pattern: 'raise', props: ['dumbbells'] },
    { pattern: 'raise', direction: 'front', props: ['dumbbells'] },
    { pattern: 'calf-raise' },
    { pattern: 'jump', style: 'jack' },
  ];
  for (const source of shapes) {
    it(`passes ${JSON.stringify(source)}`, () => assert.deepEqual(checkMotion(described(source)), []));
  }

  // No description uses them: their jumps leave the floor crouched and float (flight-check.ts).
  it("refuses the box-jump and squat-jump patterns, whose flights are not a thrown body's", () => {
    assert.deepEqual(
      checkMotion(described({ pattern: 'jump' })).map((p) => p.message),
      ['at 0.97 s the pelvis hangs within 1 cm of the top of the jump for 6 frames (0.20 s); a thrown body passes it in 3'],
    );
    assert.ok(
      checkMotion(described({ pattern: 'box-jump', props: ['box'], height: 0.75 })).some((p) =>
        p.message.startsWith('at 0.90 s the figure is in the air 0.07 s, its pelvis rising 11 cm and falling 0 cm in 0.03 s'),
      ),
    );
  });

  it('refuses a joint outside its range, naming the key', () => {
    const squat = described({ pattern: 'squat' });
    const keys = squat.motion.keys.map((k) => ({
      ...k,
      angles: { ...k.angles, left: { ...k.angles.left, arm: { shoulder: 200, elbow: 10 } } },
    }));
    const problems = checkMotion({ ...squat, motion: { ...squat.motion, keys } });
    assert.equal(problems[0]!.source, 'data/source/motion/strength.json');
    assert.equal(problems[0]!.path, 'motions.Barbell_Squat (pattern squat, key 0 "standing")');
    assert.equal(problems[0]!.message, 'left shoulder flexion 200° is outside -65..185°');
  });

  it('refuses a stance whose centre of mass is not over the feet', () => {
    const squat = described({ pattern: 'squat', props: ['barbell'] });
    const keys = squat.motion.keys.map((k) => ({ ...k, angles: { ...k.angles, trunk: k.angles.trunk + 40 } }));
    assert.ok(
      checkMotion({ ...squat, motion: { ...squat.motion, keys } }).some((p) =>
        /the centre of mass is \d+ cm from the middle of the feet/.test(p.message),
      ),
    );
  });

  it('refuses hands that do not reach the bar they promise to hold', () => {
    const pullUp = described({ pattern: 'pull-up', props: ['bar'] }, 'Pullups');
    const fixed = pullUp.motion.fixed.map((prop) => ({ ...prop, y: prop.y + 0.3 }));
    const problems = checkMotion({ ...pullUp, motion: { ...pullUp.motion, fixed } });
    assert.ok(
      problems.some((p) => /^leftHand is \d+ cm from the bar$/.test(p.message)),
      JSON.stringify(problems),
    );
  });

  it('refuses a barbell on the back that no hand holds', () => {
    const squat = described({ pattern: 'squat', props: ['barbell'] });
    const keys = squat.motion.keys.map(({ hands: _hands, ...k }) => k);
    assert.ok(
      checkMotion({ ...squat, motion: { ...squat.motion, keys } }).some((p) =>
        /the barbell rests on the shoulders \d+ cm from the nearest hand/.test(p.message),
      ),
    );
  });

  it('refuses an elbow or a head through the floor anywhere in the loop, naming the part', () => {
    const crunch = described({ pattern: 'crunch' }, 'Crunches');
    const keys = crunch.motion.keys.map((k) => ({ ...k, angles: { ...k.angles, neck: -60 } }));
    const problems = checkMotion({ ...crunch, motion: { ...crunch.motion, keys } });
    assert.ok(
      problems.some((p) => /^at \d\.\d\d s the head is \d+ cm under the floor$/.test(p.message)),
      JSON.stringify(problems),
    );
  });

  it('refuses an id the catalog does not have and a description filed under another category', () => {
    const problems = checkAgainstCatalog(
      [described({ pattern: 'squat' }, 'No_Such_Exercise'), described({ pattern: 'curl' }, 'Arm_Circles')],
      fixtureSnapshot().exercises,
    );
    assert.deepEqual(
      problems.map((p) => `${p.path}: ${p.message}`),
      [
        'motions.No_Such_Exercise: names no exercise of the catalog',
        `motions.Arm_Circles: is a ${fixtureSnapshot().exercises.find((e) => e.id === 'Arm_Circles')!.category} exercise; describe it in ${fixtureSnapshot().exercises.find((e) => e.id === 'Arm_Circles')!.category}.json`,
      ],
    );
  });
});
