/**
 * Arms that reach toward the viewer in the front view (front-arms.ts, front-arms-depth.ts): a key's
 * `toward.arms` tilts each upper arm and forearm out of the picture, drawn its length times the cosine of
 * the tilt, in front of the trunk or behind it by its depth, moved between keys in three dimensions, and
 * held to the shoulder's and elbow's ranges measured in three dimensions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { armLayers, mixArmsIn3d } from '../../src/motion/front-arms-depth.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance, FOREARM_REACH, SEGMENT } from '../../src/motion/skeleton.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');
const COS = (degrees: number) => Math.cos((degrees * Math.PI) / 180);

const standing = { name: 'arms down', legs: [6, 6], arms: [5, 5], feetOnFloor: 'both' };
/** Both arms out to the sides at shoulder height, the upper arms 60 degrees toward the viewer and the forearms 30. */
const reaching = { name: 'reaching', legs: [6, 6], arms: [90, 90], toward: { arms: [60, 30] }, feetOnFloor: 'both' };
const front = (...keys: object[]) => ({ pattern: 'pose', view: 'front', keys });
const built = (source: object): Description => strength.description(source as Record<string, unknown>);
const messages = (source: object): string[] => {
  const result = strength.built(source as Record<string, unknown>);
  return result.ok ? checkMotion(result.value).map((p) => p.message) : result.problems.map((p) => p.message);
};

describe('front view arms (toward.arms)', () => {
  it('draws each upper arm and forearm its length times the cosine of its tilt', () => {
    const body = loopKeyBody(built(front(standing, reaching)).motion, 1).body;
    for (const side of ['left', 'right'] as const) {
      const arm = body.arms[side];
      assert.ok(Math.abs(distance(arm.root, arm.middle) - SEGMENT.upperArm * COS(60)) < 1e-9);
      assert.ok(Math.abs(distance(arm.middle, arm.end) - SEGMENT.forearm * COS(30)) < 1e-9);
      // The hand (and whatever it holds) follows: out from the shoulder by the drawn lengths, level with it.
      const out = side === 'left' ? 1 : -1;
      assert.ok(Math.abs(arm.hand[0] - (arm.root[0] + out * (SEGMENT.upperArm * COS(60) + FOREARM_REACH * COS(30)))) < 1e-9);
      assert.ok(Math.abs(arm.hand[1] - arm.root[1]) < 1e-9);
    }
    // Untilted, the same key draws its arms full length.
    const flat = loopKeyBody(built(front(standing, { ...reaching, toward: undefined })).motion, 1).body;
    assert.ok(Math.abs(distance(flat.arms.left.root, flat.arms.left.middle) - SEGMENT.upperArm) < 1e-12);
  });

  it('draws an arm in front of the trunk over it and one behind under it; untilted, the far arm under as always', () => {
    const ahead = loopKeyBody(built(front(standing, reaching)).motion, 1).body;
    assert.deepEqual(armLayers(ahead, 'right'), { under: [], over: ['right', 'left'] });
    const behind = loopKeyBody(built(front(standing, { ...reaching, toward: { arms: [-30, -30] } })).motion, 1).body;
    assert.deepEqual(armLayers(behind, 'right'), { under: ['right', 'left'], over: [] });
    // A hand at the sternum with its elbow back at the side is in front of the chest: over the trunk.
    const sternum = { ...reaching, arms: [5, -129], toward: { arms: [-15, 35] } };
    assert.deepEqual(armLayers(loopKeyBody(built(front(standing, sternum)).motion, 1).body, 'right').under, []);
    const plain = loopKeyBody(built(front(standing, reaching)).motion, 0).body;
    assert.deepEqual(armLayers(plain, 'right'), { under: ['right'], over: ['left'] });
    // In the picture: the arms over the trunk come after it, edged in the background's colour; the plain figure has no edge.
    const motion = built(front(standing, reaching)).motion;
    const camera = cameraFor(motion, [ahead, plain]);
    const svg = frameSvg(motion, ahead, camera);
    const edge = `stroke="${COLOURS.background}"`;
    const head = svg.indexOf(`fill="${COLOURS.skin}"`);
    assert.ok(svg.lastIndexOf(edge) > head, 'the edged arms are drawn after the trunk and head');
    assert.equal(frameSvg(motion, plain, camera).includes(edge), false);
  });

  it('moves an arm between keys in three dimensions: a sweep from straight ahead to the side stays at shoulder height', () => {
    const sweep = front(
      { name: 'ahead', legs: [6, 6], arms: [90, 90], toward: { arms: [85, 85] }, feetOnFloor: 'both', hold: 0, move: 1 },
      { name: 'side', legs: [6, 6], arms: [90, 90], feetOnFloor: 'both', hold: 0, move: 1 },
    );
    const motion = built(sweep).motion;
    for (const seconds of [0.25, 0.5, 0.75]) {
      const body = bodyAt(motion, seconds);
      // Straight arms pointing level stay level: the hand at the shoulder's height within a millimetre.
      assert.ok(Math.abs(body.arms.left.hand[1] - body.arms.left.root[1]) < 0.001, `at ${seconds} s`);
    }
    // Without tilts in either key, the angles are mixed as they always were: the same object comes back.
    const a = loopKeyBody(motion, 1).body;
    const angles = motion.keys[1]!.angles;
    assert.equal(mixArmsIn3d(angles, angles, 0.5, angles), angles);
    assert.ok(a.armTilts === undefined);
  });

  it('runs a cable to the drawn hand, and over the trunk when the hand is in front of it', () => {
    const fly = {
      ...front(standing, { ...reaching, arms: [-40, -40], toward: { arms: [70, 70] } }),
      props: ['cable'],
      cable: [0.8, 0.2],
      to: 'right',
    };
    const motion = built(fly).motion;
    const body = loopKeyBody(motion, 1).body;
    const svg = frameSvg(motion, body, cameraFor(motion, [body]));
    const cableLine = svg.lastIndexOf(`stroke="${COLOURS.iron}" stroke-width`);
    assert.ok(cableLine > svg.indexOf(`fill="${COLOURS.skin}"`), 'the cable to a hand in front of the chest is drawn after the trunk');
  });

  it('holds a band without an anchor between the hands, over the trunk when they are ahead of it', () => {
    const pullApart = {
      ...front({ ...reaching, arms: [90, 90], toward: { arms: [84, 84] } }, { ...reaching, toward: { arms: [8, 8] } }),
      props: ['band'],
      band: 'between-hands',
    };
    const motion = built(pullApart).motion;
    for (const index of [0, 1]) {
      const body = loopKeyBody(motion, index).body;
      const svg = frameSvg(motion, body, cameraFor(motion, [body]));
      const [left, right] = [body.arms.left.hand, body.arms.right.hand].map((p) =>
        svgPoint(cameraFor(motion, [body]), p)
          .map(round)
          .join(' '),
      );
      const line = svg.indexOf(`d="M${left}L${right}" fill="none" stroke="${COLOURS.band}"`);
      assert.ok(line > svg.indexOf(`fill="${COLOURS.skin}"`), `key ${index}: the band runs from hand to hand, after the trunk`);
    }
    // No anchor is drawn, and a band between the hands runs nowhere else.
    assert.equal(frameSvg(motion, loopKeyBody(motion, 0).body, cameraFor(motion, [])).includes(`fill="${COLOURS.iron}"`), false);
    assert.ok(
      messages({ ...pullApart, to: 'left' }).includes(
        'a band held between the hands runs from one hand to the other: leave out to (it is left)',
      ),
    );
    assert.match(strength.refused({ ...pullApart, band: 'behind-neck' }), /must be \[x, height\], between-hands or around-back/);
  });

  it('refuses tilts past what the shoulder and the forearm reach, with the reason', () => {
    const upper = strength.refused(front(standing, { ...reaching, toward: { arms: [100, 0] } }));
    assert.match(upper, /an upper arm points at most 90 degrees toward the viewer/);
    const behind = strength.refused(front(standing, { ...reaching, toward: { arms: { left: [-60, 0], right: [0, 0] } } }));
    assert.match(behind, /an upper arm reaches at most 45 degrees behind the body/);
    const fore = strength.refused(front(standing, { ...reaching, toward: { arms: [0, -95] } }));
    assert.match(fore, /a forearm points at most 90 degrees behind the body/);
  });

  it('measures the elbow in three dimensions: a forearm folded back past the straight arm is refused', () => {
    // Drawn, upper arm and forearm point the same way (out to the side, a straight line); in depth the
    // forearm turns back on the upper arm, 1 degree off each other's line: 178 degrees of flexion.
    const folded = front(standing, { ...reaching, arms: [90, 90], toward: { arms: [89, -89] } });
    const problems = messages(folded);
    assert.ok(problems.includes('left elbow flexion 178° is outside 0..170°'), problems.join('; '));
    // A goalpost arm (upper arm out to the side, forearm straight at the viewer) bends 90 degrees: in range.
    assert.deepEqual(messages(front(standing, { ...reaching, arms: [90, 90], toward: { arms: [0, 90] } })), []);
  });

  it('is refused in the side view, where the directions already say it', () => {
    const side = { pattern: 'pose', keys: [standing, { ...reaching, feetOnFloor: undefined }] };
    assert.ok(messages(side).some((m) => m.includes('tilts segments toward the viewer (toward), which only the front view draws')));
  });
});
