/**
 * A dumbbell held in the crease behind the near knee (holdIn: knee-crease, a dumbbell donkey kick): drawn between the
 * thigh and the calf in every frame, moving with the kicking leg; check refuses a knee opened under 90 degrees, where
 * the calf would let it drop, a load there that is not a dumbbell, and the front view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kneeCrease } from '../../src/motion/held-places.ts';
import { nearKneeFlexion } from '../../src/motion/knee-crease.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('strength');

const fours = { trunk: 72, neck: -10, arms: [0, 0], handsOnFloor: 'both' };
const kick = (top: number[] = [-76, -174, -150], props = ['dumbbell', 'mat'], extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props,
  holdIn: 'knee-crease',
  fixed: 'rightKnee',
  ...extra,
  keys: [
    { name: 'knee under the hip', ...fours, legs: { left: [-22, -132, -122], right: [0, -90, -90] }, hold: 0.3, move: 0.9 },
    { name: 'thigh in line', ...fours, legs: { left: top, right: [0, -90, -90] }, hold: 0.5, move: 1 },
  ],
});

const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

describe('a dumbbell held in the crease behind the knee', () => {
  it('draws it between the thigh and the calf in every frame, the knee bent 90 degrees or more', () => {
    const kicking = description(kick());
    assert.deepEqual(checkMotion(kicking), []);
    const camera = cameraFor(kicking.motion, [bodyAt(kicking.motion, 0)]);
    const heights: number[] = [];
    for (let frame = 0; frame < frameCount(kicking.motion); frame += 1) {
      const body = bodyAt(kicking.motion, frame / FRAMES_PER_SECOND);
      const crease = kneeCrease(body);
      const [x, y] = svgPoint(camera, crease).map(round);
      assert.ok(
        frameSvg(kicking.motion, body, camera).includes(
          `<circle cx="${x}" cy="${y}" r="${round(0.085 * camera.scale)}" fill="${COLOURS.iron}"`,
        ),
        `frame ${frame}`,
      );
      // Behind the knee: nearer the hip and the ankle than the knee is to either.
      const knee = body.legs.left.middle;
      assert.ok(Math.hypot(crease[0] - knee[0], crease[1] - knee[1]) < 0.1);
      assert.ok(nearKneeFlexion(body) >= 90, `frame ${frame}: the knee bent ${nearKneeFlexion(body)}`);
      heights.push(crease[1]);
    }
    assert.ok(Math.max(...heights) - Math.min(...heights) > 0.25, 'it rises with the kick');
  });

  it('refuses a knee opened so the calf lets it go, a load that is not a dumbbell, and the front view', () => {
    assert.ok(
      problemsOf(kick([-76, -120, -100])).some((m) =>
        /^holdIn: at [\d.]+ s the left knee is bent \d+°: under 90° the calf no longer holds/.test(m),
      ),
    );
    assert.ok(
      problemsOf(kick(undefined, ['kettlebell', 'mat'])).includes(
        'holdIn: the crease behind the knee holds one dumbbell (name dumbbell in props, and nothing else held)',
      ),
    );
    assert.ok(
      problemsOf(kick(undefined, undefined, { view: 'front' })).includes('holdIn: a dumbbell behind the knee is drawn from the side'),
    );
  });
});
