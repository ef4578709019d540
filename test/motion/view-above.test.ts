/**
 * The view from above (view-above.ts, render-above.ts, above-check.ts): a figure lying on its back or front, posed as the
 * front view poses it and laid along the picture head to the left, its legs' tilts lifting a knee off the floor; a planted
 * foot that stays put, heights read from the tilts, and the misuses the schema and `check` refuse.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { laidBody } from '../../src/motion/render-above.ts';
import { cameraFor, figuresSvg } from '../../src/motion/render-svg.ts';
import { distance, SEGMENT } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, figuresAt, frameCount, loopKeyBody } from '../../src/motion/timeline.ts';
import { floorBelowHips, legHeights, LYING_PELVIS } from '../../src/motion/view-above.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description, refusedAt } = descriptionsIn('physical_therapy');
const messages = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);
const COS = (degrees: number) => Math.cos((degrees * Math.PI) / 180);

/**
 * Hook lying, both feet planted: thighs 45 degrees up toward the ceiling, shanks 46.4 down to the floor; then the left knee
 * falls out 60 degrees about the line from the hip to the foot (its thigh and shank tilts and directions worked out in 3-D).
 */
const hookLying = { name: 'knees up', legs: [0, 0], toward: { legs: [45, -46.4] }, feetOnFloor: 'both', arms: [12, 12] };
const fallOut = {
  name: 'left knee out',
  legs: { left: [40.9, -42.3], right: [0, 0] },
  toward: { legs: { left: [20.7, -21.2], right: [45, -46.4] } },
  feetOnFloor: 'both',
  arms: [12, 12],
};
const kneeFallOut = { pattern: 'pose', view: 'above', props: ['mat'], keys: [hookLying, fallOut] };

describe('view from above', () => {
  it('poses a lying figure as the front view does, its pelvis in one place through the loop', () => {
    const d = description(kneeFallOut);
    assert.equal(d.motion.view, 'front');
    assert.deepEqual(d.motion.above, {
      lying: 'back',
      planted: [
        ['left', 'right'],
        ['left', 'right'],
      ],
    });
    for (let frame = 0; frame < frameCount(d.motion); frame += 1)
      assert.deepEqual(bodyAt(d.motion, frame / FRAMES_PER_SECOND).pelvis, LYING_PELVIS);
    // The head lies up the front view's picture from the pelvis (laid to the left when drawn).
    assert.ok(loopKeyBody(d.motion, 0).body.head[1] > LYING_PELVIS[1] + 0.6);
  });

  it('draws a knee raised toward the ceiling foreshortened, its height the tilts give', () => {
    const body = loopKeyBody(description(kneeFallOut).motion, 0).body;
    for (const side of ['left', 'right'] as const) {
      const leg = body.legs[side];
      assert.ok(Math.abs(distance(leg.root, leg.middle) - SEGMENT.thigh * COS(45)) < 1e-6);
      assert.ok(Math.abs(distance(leg.middle, leg.end) - SEGMENT.shank * COS(46.4)) < 1e-6);
    }
    const heights = legHeights({ above: { lying: 'back', planted: [] } }, { trunk: 0, left: [45, -45], right: [0, 0] }, 'left');
    assert.ok(Math.abs(heights.knee - 0.43 * Math.SQRT1_2) < 1e-9);
    assert.ok(Math.abs(heights.ankle - 0.01 * Math.SQRT1_2) < 1e-9);
    // Face down the tilts keep their meaning on the body: a shin pointing at the ceiling is tilted -90.
    const prone = legHeights({ above: { lying: 'front', planted: [] } }, { trunk: 0, left: [0, -90], right: [0, 0] }, 'left');
    assert.deepEqual(prone, { knee: -0, ankle: 0.42 });
  });

  it('keeps a planted foot where it is while its knee falls out, and passes check', () => {
    const d = description(kneeFallOut);
    const start = loopKeyBody(d.motion, 0).body.legs.left.end;
    // The two keys put it where their directions do (rounded to a tenth of a degree: within a millimetre).
    const [a, b] = [d.motion.keys[0]!.feet!.left!, d.motion.keys[1]!.feet!.left!];
    assert.ok(distance(a, b) < 0.001, `${distance(a, b)}`);
    let widest = 0;
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const leg = bodyAt(d.motion, frame / FRAMES_PER_SECOND).legs.left;
      assert.ok(distance(leg.end, start) <= distance(a, b) + 1e-6, `the left ankle moves ${distance(leg.end, start)} m`);
      widest = Math.max(widest, leg.middle[0]);
    }
    // The knee falls out to the figure's left (+x in the front view's picture), past the hip.
    assert.ok(widest > 0.3, `the knee reaches ${widest} m out`);
    assert.deepEqual(checkMotion(d), []);
  });

  it('bends a knee dropping inward over its planted foot inward, through the loop', () => {
    const inward = { ...fallOut, name: 'left knee in', legs: { left: [-40.9, 42.3], right: [0, 0] } };
    const d = description({ ...kneeFallOut, keys: [hookLying, inward] });
    assert.deepEqual(d.motion.keys[1]!.kneesIn, { left: true });
    const hip = loopKeyBody(d.motion, 0).body.legs.left.root;
    let innermost = hip[0];
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const leg = bodyAt(d.motion, frame / FRAMES_PER_SECOND).legs.left;
      // Never outward of the hip (+x is the figure's left, outward for the left leg), within a millimetre.
      assert.ok(leg.middle[0] <= hip[0] + 0.001, `the left knee is ${leg.middle[0] - hip[0]} m outward`);
      innermost = Math.min(innermost, leg.middle[0]);
    }
    assert.ok(innermost < hip[0] - 0.25, `the knee reaches ${hip[0] - innermost} m inward`);
    assert.deepEqual(checkMotion(d), []);
  });

  it('lays a figure along a bench 43 cm up, its feet planted on the floor beside it, dumbbells across its palms', () => {
    const legs = { legs: [12, 12], toward: { legs: [0, -90] }, feetOnFloor: 'both' };
    const onBench = {
      pattern: 'pose',
      view: 'above',
      props: ['bench', 'dumbbells'],
      keys: [
        { name: 'on the thighs', ...legs, arms: [1, -6] },
        { name: 'behind the head', ...legs, arms: [184, 215] },
      ],
    };
    const d = description(onBench);
    assert.equal(floorBelowHips(d.motion), 0.43);
    assert.deepEqual(checkMotion(d), []);
    // Shanks straight down from the bench reach 42 cm of its 43: a planted foot 3 cm off is refused.
    assert.deepEqual(messages({ ...onBench, keys: onBench.keys.map((k) => ({ ...k, toward: { legs: [0, -60] } })) }).slice(0, 1), [
      'key 0 "on the thighs": the planted left foot is 7 cm above the floor (its thigh\'s and shank\'s rises, length times the sine of each tilt, must bring the ankle 43 cm down from the hips)',
    ]);
    const svg = figuresSvg(d.motion, figuresAt(d.motion, 0), cameraFor(d.motion, [bodyAt(d.motion, 0)]), 0);
    assert.ok(svg.includes(COLOURS.pad) && svg.includes(COLOURS.iron));
    assert.equal(
      refusedAt({ ...onBench, props: ['bench', 'roller'] }),
      'motions.A.props: seen from above the figure lies along a roller or a bench, not both',
    );
  });

  it('draws the floor as the background with the mat, the figure laid along a landscape picture', () => {
    const d = description(kneeFallOut);
    const figures = figuresAt(d.motion, 0);
    const camera = cameraFor(
      d.motion,
      figures.map((f) => f.body),
    );
    assert.deepEqual([camera.width, camera.height], [864, 496]);
    const svg = figuresSvg(d.motion, figures, camera, 0);
    assert.ok(svg.includes(`<rect width="864" height="496" fill="${COLOURS.floor}"/>`));
    assert.ok(!svg.includes(COLOURS.floorLine), 'no floor line: the floor is the picture');
    assert.ok(svg.includes(`fill="${COLOURS.mat}" fill-opacity="0.35"`));
    // Laid head to the left; face up the figure's left side is up the picture, face down (its back seen) down it.
    const body = loopKeyBody(d.motion, 0).body;
    const back = laidBody('back', body);
    assert.ok(back.head[0] < back.pelvis[0] - 0.6);
    assert.ok(back.legs.left.root[1] > back.legs.right.root[1]);
    const front = laidBody('front', body);
    assert.ok(front.head[0] < front.pelvis[0] - 0.6);
    assert.ok(front.legs.left.root[1] < front.legs.right.root[1]);
  });

  it('refuses at the edge what the view from above does not draw', () => {
    assert.equal(refusedAt({ pattern: 'squat', view: 'above' }), 'motions.A.view: pattern squat is drawn from the side, not the above');
    assert.equal(
      refusedAt({ ...kneeFallOut, view: 'front', lying: 'back' }),
      'motions.A.lying: lying belongs to a figure seen from above (view above)',
    );
    assert.equal(
      refusedAt({ ...kneeFallOut, bench: [-0.5, 0.5] }),
      'motions.A.bench: seen from above a figure lies on the floor, a roller or a bench with a strap or dumbbells at most: bench is not drawn',
    );
    assert.equal(
      refusedAt({ ...kneeFallOut, props: ['mat', 'kettlebell'] }),
      'motions.A.props.1: seen from above only a mat, a foam roller or a flat bench along the spine, a yoga strap and dumbbells are drawn, not a kettlebell',
    );
    assert.equal(
      refusedAt({ ...kneeFallOut, keys: [hookLying, { ...fallOut, handsOnFloor: 'both' }] }),
      'motions.A.keys.1.handsOnFloor: seen from above the figure lies where it is: handsOnFloor is not drawn (feetOnFloor plants a foot)',
    );
    assert.equal(
      refusedAt({ ...kneeFallOut, keys: [hookLying, { ...hookLying, toward: { trunk: 30, legs: [45, -45] } }] }),
      'motions.A.keys.1.toward.trunk: seen from above the trunk lies on the floor: a trunk raised toward the viewer (a curl-up) is drawn from the side',
    );
    assert.equal(
      refusedAt({ ...kneeFallOut, lying: 'side' }),
      'motions.A.lying: must be back (face up) or front (face down) (received "side")',
    );
    assert.ok(built(kneeFallOut).ok);
  });

  it('refuses a planted foot off the floor, a knee or ankle under it and a planted foot that slides', () => {
    assert.deepEqual(messages({ ...kneeFallOut, keys: [{ ...hookLying, toward: { legs: [45, -20] } }, fallOut] }).slice(0, 2), [
      'key 0 "knees up": the planted left foot is 16 cm above the floor (its thigh\'s and shank\'s rises, length times the sine of each tilt, must bring the ankle 0 cm down from the hips)',
      'key 0 "knees up": the planted right foot is 16 cm above the floor (its thigh\'s and shank\'s rises, length times the sine of each tilt, must bring the ankle 0 cm down from the hips)',
    ]);
    const underFloor = { name: 'heel down', legs: [0, 0], toward: { legs: [0, -30] }, arms: [12, 12] };
    assert.deepEqual(messages({ ...kneeFallOut, keys: [{ ...hookLying, feetOnFloor: undefined }, underFloor] }), [
      'at 0.87 s the left ankle is 2 cm under the floor',
    ]);
    // Planted at both keys but put in two places: the foot would slide along the floor between them.
    const apart = { ...hookLying, legs: [12, 12], toward: { legs: [45, -45] } };
    assert.match(
      messages({ ...kneeFallOut, keys: [hookLying, apart] }).join(),
      /the left foot planted at key 0 "knees up" has slid 3 cm along the floor/,
    );
  });
});
