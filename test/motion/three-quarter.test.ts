/**
 * Three-quarter descriptions (src/motion/three-*.ts): the schema's refusals, naming the file, exercise and field;
 * placement on the planted parts and parts held exactly where they were between keys; each check refusing what
 * it should; and the media commands reading them beside the planar descriptions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProblems } from '../../src/problems.ts';
import { buildAnyDescription, readAllDescriptions, readDescriptions } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { checkTurned, hipRotationRange } from '../../src/motion/three-check.ts';
import { plantedPoints } from '../../src/motion/three-parts.ts';
import { bodyAt3, FRAMES_PER_SECOND_3D, frameCount3, placedKeys } from '../../src/motion/three-timeline.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';
import { distance3, flexion3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/calisthenics-3d.json';
type Source = Record<string, unknown>;

const ALL_FOURS = {
  name: 'on all fours',
  hold: 0.4,
  move: 1,
  lean: 71,
  hips: [71, 0, 0],
  knees: 90,
  ankles: -88,
  shoulders: [71, 0, 0],
  planted: ['leftHand', 'rightHand', 'leftKnee', 'rightKnee', 'leftToe', 'rightToe'],
};
const HYDRANT = {
  view: 'three-quarter',
  mat: true,
  keys: [
    ALL_FOURS,
    { name: 'left knee out', hold: 0.5, move: 1, leftHip: [71, 50, 0], planted: ['leftHand', 'rightHand', 'rightKnee', 'rightToe'] },
  ],
};
const PLANK = {
  name: 'high plank',
  hold: 0.2,
  move: 0.4,
  lean: 70,
  hips: [0, -4, 0],
  ankles: 5,
  shoulders: [70, 0, 0],
  elbows: 0,
  planted: ['leftHand', 'rightHand', 'leftToe', 'rightToe'],
};

function built(source: Source, id = 'Fire_Hydrant') {
  return buildAnyDescription(FILE, 'calisthenics', id, source, RENDERER_VERSION);
}
function motionOf(source: Source): TurnedMotion {
  const result = built(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  assert.equal(result.value.motion.view, 'three-quarter');
  return result.value.motion as TurnedMotion;
}
const refused = (source: Source): string => {
  const result = built(source);
  assert.ok(!result.ok, 'refused');
  return formatProblems(result.problems).join('; ');
};
const checked = (source: Source): string =>
  checkTurned(FILE, 'Fire_Hydrant', motionOf(source))
    .map((p) => `${p.path}: ${p.message}`)
    .join('; ');
const withKeys = (...keys: Source[]): Source => ({ view: 'three-quarter', keys });

describe('the three-quarter schema', () => {
  it('takes a few lines a key, each key naming only what changes', () => {
    const motion = motionOf(HYDRANT);
    assert.equal(motion.keys[1]!.angles.left.hip.abduction, 50);
    // Carried over from the key before: the trunk, the other leg, the arms.
    assert.equal(motion.keys[1]!.angles.lean, 71);
    assert.equal(motion.keys[1]!.angles.right.hip.flexion, 71);
    assert.equal(motion.keys[1]!.angles.left.knee, 90);
    assert.deepEqual(motion.stills, [0, 1]);
    assert.equal(motion.frame, 'landscape');
  });

  it('refuses a wrong field, naming the file, the exercise and the field', () => {
    assert.match(
      refused({ ...HYDRANT, keys: [{ ...ALL_FOURS, name: 'x'.repeat(41) }] }),
      /calisthenics-3d\.json: motions\.Fire_Hydrant\.keys\.0\.name: must be at most 40 characters/,
    );
    assert.match(
      refused({ ...HYDRANT, keys: [{ ...ALL_FOURS, hips: [90, 0] }] }),
      /motions\.Fire_Hydrant\.keys\.0\.hips\.2: Invalid type: Expected number/,
    );
    assert.match(
      refused({ ...HYDRANT, keys: [{ ...ALL_FOURS, planted: ['leftPaw'] }] }),
      /keys\.0\.planted\.0: must be one of leftHand, rightHand/,
    );
    assert.match(refused({ ...HYDRANT, keys: [{ ...ALL_FOURS, wrist: 20 }] }), /keys\.0\.wrist/);
    assert.match(
      refused({ ...HYDRANT, keys: [{ ...ALL_FOURS, planted: undefined }] }),
      /keys\.0\.planted: the first key says which parts rest on the floor/,
    );
    assert.match(refused({ ...HYDRANT, stills: [0, 2] }), /motions\.Fire_Hydrant\.stills\.1: names key 2; the keys are 0 to 1/);
    assert.match(
      refused({ ...HYDRANT, keys: [ALL_FOURS, { ...ALL_FOURS, name: 'b', moves: ['pelvis'] }] }),
      /keys\.1\.moves\.0: pelvis moves into this key's place on the floor, but the key does not plant it/,
    );
    assert.match(refused({ ...HYDRANT, keys: [] }), /keys: must hold at least one key/);
    assert.match(refused({ ...HYDRANT, frame: 'square' }), /frame: must be portrait or landscape/);
  });

  it('gives a description a hash that changes with it and with nothing else', () => {
    const hash = (source: Source) => {
      const result = built(source);
      assert.ok(result.ok);
      return result.value.hash;
    };
    assert.equal(hash(HYDRANT), hash({ keys: HYDRANT.keys, mat: true, view: 'three-quarter' }));
    assert.notEqual(hash(HYDRANT), hash({ ...HYDRANT, mat: false }));
  });

  it('leaves a description without the view to the planar renderer, which refuses the three-quarter fields', () => {
    const planar = built({ pattern: 'push-up' }, 'Pushups');
    assert.ok(planar.ok && planar.value.motion.view === 'side');
    assert.match(refused({ pattern: 'push-up', view: 'turned' }), /view: must be side, front or above/);
  });
});

describe('placing a three-quarter figure', () => {
  it('rests every planted part on the floor at its key', () => {
    const motion = motionOf(HYDRANT);
    motion.keys.forEach((key, i) => {
      const { body } = placedKeys(motion)[i]!;
      for (const point of plantedPoints(key.planted)) assert.ok(Math.abs(point.at(body)[1] - point.rest) < 0.02, `${point.name} rests`);
    });
  });

  it('holds a part planted in both keys exactly where it was through the whole loop', () => {
    const motion = motionOf(HYDRANT);
    const [first] = placedKeys(motion);
    for (let frame = 0; frame < frameCount3(motion); frame += 1) {
      const body = bodyAt3(motion, frame / FRAMES_PER_SECOND_3D);
      for (const point of plantedPoints(['leftHand', 'rightHand', 'rightKnee', 'rightToe'])) {
        assert.ok(distance3(point.at(body), first!.places.get(point.name)!) < 1e-6, `${point.name} at frame ${frame}`);
      }
    }
  });

  it('lifts the foot it plants in a new place (moves) on the way there, and lands it there', () => {
    const motion = motionOf(
      withKeys(
        { ...PLANK, moves: ['leftToe', 'rightToe'] },
        { name: 'feet out', hold: 0.2, move: 0.4, hips: [0, 18, 0], moves: ['leftToe', 'rightToe'], lift: 0.05 },
      ),
    );
    const [together, wide] = placedKeys(motion);
    const apart = (key: typeof together) => distance3(key!.places.get('leftToe')!, key!.places.get('rightToe')!);
    assert.ok(apart(wide) - apart(together) > 0.4, 'the feet land wide apart');
    // Halfway through the hop out (0.2 s hold, then 0.2 s of the 0.4 s move) the toes are in the air, the hands still down.
    const mid = bodyAt3(motion, 0.4);
    assert.ok(mid.legs.left.toe[1] > 0.04, `the toe rises (${mid.legs.left.toe[1]})`);
    assert.ok(distance3(mid.arms.left.hand, together!.places.get('leftHand')!) < 1e-6);
    assert.equal(checkTurned(FILE, 'Plank_Jack', motion).length, 0);
  });

  it('swings a hopping leg up from the hip: its knee bends no more than the two keys bend it', () => {
    const motion = motionOf(
      withKeys(
        { ...PLANK, moves: ['leftToe', 'rightToe'] },
        { name: 'feet out', hold: 0.2, move: 0.4, hips: [0, 18, 0], moves: ['leftToe', 'rightToe'], lift: 0.05 },
      ),
    );
    const knee = (body: ReturnType<typeof bodyAt3>) => flexion3(body.legs.left.hip, body.legs.left.knee, body.legs.left.ankle);
    const [together, wide] = placedKeys(motion);
    const most = Math.max(knee(together!.body), knee(wide!.body));
    for (let frame = 0; frame < frameCount3(motion); frame += 1) {
      const body = bodyAt3(motion, frame / FRAMES_PER_SECOND_3D);
      assert.ok(knee(body) <= most + 0.5, `knee ${knee(body).toFixed(1)} at frame ${frame}, the keys' ${most.toFixed(1)}`);
    }
  });
});

describe('the three-quarter checks', () => {
  it('pass the descriptions written for the catalog', () => {
    const read = readAllDescriptions('data/source/motion', RENDERER_VERSION);
    assert.ok(read.ok);
    const turned = read.value.filter((d) => d.motion.view === 'three-quarter');
    assert.deepEqual(turned.map((d) => d.id).sort(), [
      '180_Degree_Jump',
      '360_Degree_Jump',
      '90_90_Hip_Lift_Off',
      '90_90_Hip_Stretch',
      'Accomplished_Pose',
      'Adductor_Rock_Back',
      'Alternate_Heel_Touchers',
      'Alternating_Deltoid_Raise',
      'Arm_Circles',
      'Back_Flyes_-_With_Bands',
      'Band_90_90_External_Rotation',
      'Barbell_Curtsy_Lunge',
      'Barbell_Guillotine_Bench_Press',
      'Barbell_Side_Bend',
      'Bear_Plank',
      'Behind_The_Neck_Jerk',
      'Bent_Over_Dumbbell_Rear_Delt_Raise_With_Head_On_Bench',
      'Bodyweight_Curtsy_Lunge',
      'Bradford_Rocky_Presses',
      'Cable_90_90_External_Rotation',
      'Cable_Rope_Rear-Delt_Rows',
      'Cable_Triceps_Kickback',
      'Car_Drivers',
      'Chair_Upper_Body_Stretch',
      'Chest_Stretch_on_Stability_Ball',
      'Clamshell',
      'Cocoons',
      'Cross_Body_Mountain_Climber',
      'Cross_Legged_Forward_Fold',
      'Dancers_Stretch',
      'Decline_Push-Up',
      'Deficit_Push_Up',
      'Dumbbell_Curtsy_Lunge',
      'Dumbbell_Floor_Fly',
      'Dumbbell_Flyes',
      'Dumbbell_Helms_Row',
      'Dumbbell_Lying_One-Arm_Rear_Lateral_Raise',
      'Dumbbell_Lying_Rear_Lateral_Raise',
      'Eka_Pada_Koundinyasana_I',
      'Elbow_to_Knee',
      'Extended_Range_One-Arm_Kettlebell_Floor_Press',
      'External_Rotation',
      'Face_Pull',
      'Femoral_Nerve_Glide',
      'Flat_Bench_Cable_Flyes',
      'Frog_Pose',
      'Frog_Pump',
      'Frog_Sit-Ups',
      'Grasshopper_Pose',
      'Half_Kneeling_Cable_Chop',
      'Half_Kneeling_Cable_Lift',
      'Half_Kneeling_Single_Arm_Cable_Press',
      'Half_Kneeling_Thoracic_Rotation',
      'Half_Lord_Of_The_Fishes_Pose',
      'Hand_Release_Push_Up',
      'Heron_Pose',
      'Hip_Airplane',
      'Hip_CARs',
      'Incline_Barbell_Triceps_Extension',
      'Incline_Cable_Chest_Press',
      'Incline_Cable_Flye',
      'Incline_Dumbbell_Flyes',
      'Incline_Dumbbell_Flyes_-_With_A_Twist',
      'Incline_Inner_Biceps_Curl',
      'Intermediate_Groin_Stretch',
      'Iron_Cross',
      'Isometric_Wipers',
      'Kettlebell_Around_The_World',
      'Kettlebell_Figure_8',
      'Kettlebell_Half_Get_Up',
      'Kettlebell_Hand_To_Hand_Swing',
      'Kettlebell_Pass_Between_The_Legs',
      'Knee_Across_The_Body',
      'Kneeling_High_Pulley_Row',
      'Lateral_Raise_-_With_Bands',
      'Leg-Over_Floor_Press',
      'Little_Thunderbolt_Pose',
      'Low_Pulley_Row_To_Neck',
      'Lunge_Pass_Through',
      'Lying_Close-Grip_Barbell_Triceps_Extension_Behind_The_Head',
      'Lying_Rear_Delt_Raise',
      'McGill_Curl_Up',
      'Middle_Splits_Pose',
      'Neck_Press',
      'Noose_Pose',
      'On_Your_Side_Quad_Stretch',
      'One-Arm_Dumbbell_Row',
      'One-Arm_Flat_Bench_Dumbbell_Flye',
      'Open_Book',
      'Pallof_Press',
      'Pallof_Press_With_Rotation',
      'Pigeon_Pose',
      'Pilates_Breaststroke',
      'Pilates_Mermaid',
      'Pilates_Side_Bend',
      'Pilates_Side_Kick_Bicycle',
      'Pilates_Side_Lying_Leg_Circles',
      'Plank_Jack',
      'Plank_Up_Down',
      'Plate_Twist',
      'Pressing_Snatch_Balance',
      'Prone_Pec_Stretch',
      'Prone_Swimmer',
      'Prone_T_Raise',
      'Prone_W_Raise',
      'Prone_Y_Raise',
      'Push_Press_-_Behind_the_Neck',
      'Pushups_Close_and_Wide_Hand_Positions',
      'Quad_Stretch',
      'Quadruped_Thoracic_Rotation',
      'Resistance_Band_Face_Pull',
      'Resistance_Band_Pallof_Press',
      'Reverse_Clamshell',
      'Reverse_Flyes',
      'Reverse_Flyes_With_External_Rotation',
      'Revolved_Chair_Pose',
      'Revolved_Hand_To_Big_Toe_Pose',
      'Revolved_Triangle_Pose',
      'Revolved_Wide_Legged_Forward_Bend',
      'Ring_Push_Up',
      'Ring_Support_Hold',
      'Russian_Twist',
      'Saw',
      'Seated_Barbell_Twist',
      'Seated_Chair_Twist',
      'Seated_Close-Grip_Concentration_Barbell_Curl',
      'Seated_Figure_Four_Stretch',
      'Seated_Floor_Hamstring_Stretch',
      'Shoulder_CARs',
      'Shoulder_Press_-_With_Bands',
      'Side-Lying_Floor_Stretch',
      'Side_Jackknife',
      'Side_Lying_Groin_Stretch',
      'Side_Lying_Hip_Abduction',
      'Side_Lying_Hip_Adduction',
      'Side_Plank_Clamshell',
      'Single_Leg_Circles',
      'Snatch_Balance_And_Overhead_Squat',
      'Spider_Crawl',
      'Spider_Curl',
      'Spinal_CARs',
      'Split_Snatch',
      'Stability_Ball_Ab_Stretch',
      'Standing_Barbell_Press_Behind_Neck',
      'Standing_Bradford_Press',
      'Straddle_L_Sit',
      'Supported_Headstand',
      'Suspended_Fallout',
      'Suspension_Trainer_Chest_Fly',
      'Suspension_Trainer_Mountain_Climber',
      'Suspension_Trainer_Reverse_Fly',
      'The_Straddle',
      'Thoracic_Bridge',
      'Thread_The_Needle_Pose',
      'Three_Limbed_Forward_Bend',
      'Torso_Circles',
      'Tripod_Headstand',
      'Walking_Figure_Four',
      'Warrior_III',
      'Wheel_Pose',
      'Wide_Legged_Forward_Bend',
      'Wide_Stance_Good_Morning',
      'Wild_Thing',
      'Windmills',
    ]);
    for (const d of turned) assert.deepEqual(checkTurned(d.file, d.id, d.motion as TurnedMotion), []);
    // The planar renderer's own readers see only its descriptions.
    const planar = readDescriptions('data/source/motion', RENDERER_VERSION);
    assert.ok(planar.ok && planar.value.length === read.value.length - turned.length);
  });

  it('refuse a joint outside its human range', () => {
    assert.match(
      checked(withKeys({ ...ALL_FOURS, leftHip: [71, 100, 0] })),
      /keys\.0 \("on all fours"\): left hip abduction 100° is outside -30\.\.90°/,
    );
    assert.match(checked(withKeys({ ...ALL_FOURS, spine: [0, 0, 70] })), /spine twist 70° is outside -50\.\.50°/);
    assert.match(checked(withKeys({ ...ALL_FOURS, hips: [160, 0, 0] })), /left hip flexion 160° is outside -35\.\.150°/);
    // A hip turns out further bent than straight: 50 degrees straight, 90 bent 90 degrees or more, in proportion between.
    assert.deepEqual(
      [0, 45, 90, 120].map((flexion) => hipRotationRange(flexion)),
      [
        [-50, 50],
        [-70, 50],
        [-90, 50],
        [-90, 50],
      ],
    );
    assert.match(checked(withKeys({ ...ALL_FOURS, hips: [71, 0, -85] })), /left hip rotation -85° is outside -82\.\.50°/);
    assert.doesNotMatch(checked(withKeys({ ...ALL_FOURS, hips: [71, 0, -80] })), /hip rotation/);
    assert.match(checked(withKeys({ ...ALL_FOURS, hips: [71, 0, 55] })), /left hip rotation 55° is outside -82\.\.50°/);
    // A knee is measured on the figure, as inverse kinematics leaves it.
    assert.match(
      checked(withKeys({ name: 'one leg', hold: 0.5, move: 1, leftKnee: 175, planted: ['rightFoot'] })),
      /left knee flexion 175° is outside 0\.\.170°/,
    );
  });

  it('refuse a planted part off the floor', () => {
    const standing = { name: 'standing', hold: 0.5, move: 1, planted: ['leftFoot', 'rightFoot', 'leftHand'] };
    assert.match(checked(withKeys(standing)), /leftHand is planted but \d+ cm above the floor/);
  });

  it('refuse a planted part that leaves its place between two keys that both plant it', () => {
    // Both knees planted in both keys, one thigh swung out: the knees cannot both stay.
    const out = { ...ALL_FOURS, name: 'knee out', leftHip: [71, 30, 0] };
    assert.match(checked(withKeys(ALL_FOURS, out)), /leftKnee, planted here and in key 1, is \d+ cm from its place/);
  });

  it('refuse a part under the floor', () => {
    const diving = {
      name: 'head down',
      hold: 0.5,
      move: 1,
      lean: 150,
      hips: [150, 0, 0],
      knees: 90,
      ankles: -88,
      planted: ['leftKnee', 'rightKnee'],
    };
    assert.match(checked(withKeys(diving)), /at 0\.00 s the head is \d+ cm under the floor/);
  });

  it('refuse a centre of mass outside what rests on the floor', () => {
    const leaning = { name: 'leaning on one foot', hold: 0.5, move: 1, lean: 40, planted: ['leftFoot'] };
    assert.match(checked(withKeys(leaning)), /the centre of mass is \d+ cm outside what rests on the floor \(leftFoot\)/);
  });

  it('refuse a loop whose seam does not close, and one longer than 5 s', () => {
    // The left foot steps out and is never said to step back: the first key, placed again after the last, has moved.
    const out = { name: 'left foot out', hold: 0.2, move: 0.4, leftHip: [0, 18, 0], moves: ['leftToe'] };
    assert.match(
      checked(withKeys(PLANK, out)),
      /the loop's seam: after the last key the first comes back \d+ cm from where the loop began/,
    );
    assert.match(checked(withKeys({ ...ALL_FOURS, hold: 3, move: 3 })), /the loop lasts 6\.00 s; clips last at most 5 s/);
  });
});
