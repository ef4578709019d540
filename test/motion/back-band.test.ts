/**
 * A band across the upper back with its ends pinned under the palms (band: around-back, a banded push-up): from the
 * side its near run is drawn over the figure from the near hand to the back just below the shoulder blades, and
 * lengthens as the arms press the body up; check refuses a hand lifted off its end and the front view; a band
 * between the hands is drawn as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bandOnBack } from '../../src/motion/hand-band.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('strength');

const top = { name: 'locked out', trunk: 71, legs: [-71, -71, 30], arms: [1, 1], handsOnFloor: 'both', hold: 0.3, move: 1 };
const bottom = { name: 'lowered', trunk: 89.5, legs: [-90.5, -90.5, 45], arms: [-140, 38], handsOnFloor: 'both', hold: 0.2, move: 1 };
const pushUp = (keys: Record<string, unknown>[] = [top, bottom], extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['band'],
  band: 'around-back',
  fixed: 'leftToe',
  ...extra,
  keys,
});

const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

describe('a band across the back, its ends under the palms', () => {
  it('draws its near run from the near hand to the upper back in every frame, over the trunk, longer at the top', () => {
    const banded = description(pushUp());
    assert.deepEqual(checkMotion(banded), []);
    const camera = cameraFor(banded.motion, [bodyAt(banded.motion, 0)]);
    const lengths: number[] = [];
    for (let frame = 0; frame < frameCount(banded.motion); frame += 1) {
      const body = bodyAt(banded.motion, frame / FRAMES_PER_SECOND);
      const back = bandOnBack(body);
      // On the back's surface: 11.5 cm from the trunk's line, above it face down, between the waist and the shoulders.
      assert.ok(back[1] > body.neckBase[1] && back[1] > body.waist[1], `frame ${frame}: the band lies on the back, above the trunk`);
      const [hand, onBack] = [body.arms.left.hand, back].map((p) => svgPoint(camera, p).map(round).join(' '));
      const svg = frameSvg(banded.motion, body, camera);
      const line = svg.indexOf(`d="M${hand}L${onBack}" fill="none" stroke="${COLOURS.band}"`);
      assert.ok(line > svg.lastIndexOf(`fill="${COLOURS.skin}"`), `frame ${frame}: the band's run is drawn over the figure`);
      lengths.push(Math.hypot(back[0] - body.arms.left.hand[0], back[1] - body.arms.left.hand[1]));
    }
    assert.ok(
      lengths[0]! - Math.min(...lengths) > 0.15,
      `the band stretches as the arms lock out (${lengths[0]} from ${Math.min(...lengths)})`,
    );
  });

  it('refuses a hand lifted off its end of the band, and the front view', () => {
    const lifted = { ...top, name: 'hand lifted', handsOnFloor: 'right', arms: { left: [60, 60], right: [1, 1] } };
    assert.ok(
      problemsOf(pushUp([top, lifted])).some((m) =>
        /^band: at [\d.]+ s the left hand is \d+ cm off the floor: the band's ends stay pinned/.test(m),
      ),
    );
    assert.ok(problemsOf(pushUp([top, bottom], { view: 'front' })).includes('band: a band across the back is drawn from the side'));
  });

  it('leaves a band between the hands as it was: no run to the back', () => {
    const pullApart = description({
      pattern: 'pose',
      props: ['band'],
      band: 'between-hands',
      keys: [
        { name: 'a', arms: [90, 90] },
        { name: 'b', arms: [80, 80] },
      ],
    });
    const body = bodyAt(pullApart.motion, 0);
    const svg = frameSvg(pullApart.motion, body, cameraFor(pullApart.motion, [body]));
    assert.equal(svg.split(`stroke="${COLOURS.band}"`).length - 1, 1, 'one line, hand to hand');
  });
});
