/**
 * A weight machine's lever whose arm runs beside the body (a chest press, a low row, a dip machine):
 * drawn behind the figure and lighter, its handles over the hands, its plates still rising as the
 * lifter works, and `check` refusing a pivot inside the body.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leverEndPoint, platePoint } from '../../src/motion/machine.ts';
import { onMachineProblem } from '../../src/motion/machine-check.ts';
import type { FixedProp } from '../../src/motion/motion.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance, lerpPoint } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description, refused } = descriptionsIn('strength');

const leverOf = (d: Description): FixedProp => d.motion.fixed.find((prop) => prop.kind === 'lever')!;

/** A chest press whose arm hangs from a pivot overhead behind the head, as the real machine's does. */
const chestPress = {
  pattern: 'pose',
  props: ['seat', 'pad', 'lever'],
  seat: [-0.3, 0.2, 0.45],
  pads: ['back'],
  lever: [-0.05, 2.2],
  to: 'hands',
  leverBeside: true,
  fixed: 'pelvis',
  keys: [
    { name: 'at the chest', trunk: -10, legs: [88, 0], arms: [-15, 80], feetOnFloor: 'both' },
    { name: 'pressed', trunk: -10, legs: [88, 0], arms: [75, 80], feetOnFloor: 'both' },
  ],
};

describe('a lever whose arm runs beside the body', () => {
  it('is a lever ending in handles or a pad, said with true', () => {
    assert.equal(refused({ ...chestPress, lever: undefined }), 'leverBeside belongs to a lever');
    assert.equal(
      refused({ ...chestPress, to: 'feet', leverEnd: 'platform' }),
      'leverBeside draws the arm of a lever ending in handles or a pad beside the body (not a platform or a roller)',
    );
    assert.match(refused({ ...chestPress, leverBeside: false }), /leverBeside is true or left out/);
    assert.equal(leverOf(description(chestPress)).beside, true);
    assert.equal(leverOf(description({ ...chestPress, leverBeside: undefined })).beside, undefined);
  });

  it('draws the post and arm behind the figure, lighter, and only the handles over it', () => {
    const press = description(chestPress);
    const body = keyBody(press.motion.keys[0]!, press.motion.view).body;
    const svg = frameSvg(press.motion, body, cameraFor(press.motion, [body]));
    const behind = svg.indexOf('<g opacity="0.45">');
    // The far limbs are the first of the figure drawn (render-svg.ts figure).
    const figure = svg.indexOf(COLOURS.far);
    assert.ok(behind > 0 && behind < figure, 'the arm is drawn before the figure');
    // The arm is drawn once, in the light group before the figure: none after it.
    assert.equal(svg.slice(figure).split(COLOURS.steel).length - 1, 0);
    // Without leverBeside the arm is drawn among the figure's parts, as before.
    const inLine = description({ ...chestPress, leverBeside: undefined });
    const inLineSvg = frameSvg(inLine.motion, body, cameraFor(inLine.motion, [body]));
    assert.equal(inLineSvg.includes('<g opacity="0.45">'), false);
    assert.ok(inLineSvg.slice(inLineSvg.indexOf(COLOURS.far)).includes(COLOURS.steel));
  });

  it('keeps the handles at the hands and lifts the plates as the hands press forward', () => {
    const press = description(chestPress);
    const lever = leverOf(press);
    const pivot = [lever.x0, lever.y] as const;
    const plateY = (seconds: number) => platePoint(pivot, leverEndPoint(bodyAt(press.motion, seconds), lever))[1];
    const lengths: number[] = [];
    for (let frame = 0; frame < frameCount(press.motion); frame += 1)
      lengths.push(distance(pivot, leverEndPoint(bodyAt(press.motion, frame / FRAMES_PER_SECOND), lever)));
    assert.ok(Math.max(...lengths) - Math.min(...lengths) < 0.02, 'the arm keeps its length');
    const first = keyBody(press.motion.keys[0]!, press.motion.view).body;
    const last = keyBody(press.motion.keys[1]!, press.motion.view).body;
    assert.ok(platePoint(pivot, leverEndPoint(last, lever))[1] - platePoint(pivot, leverEndPoint(first, lever))[1] > 0.05);
    assert.ok(plateY(0) < plateY(press.motion.keys[0]!.hold + press.motion.keys[0]!.move));
    assert.deepEqual(checkMotion(press), []);
  });

  it('refuses a pivot inside the trunk or the head', () => {
    const press = description(chestPress);
    const body = keyBody(press.motion.keys[0]!, press.motion.view).body;
    const inTrunk = {
      ...leverOf(press),
      x0: lerpPoint(body.pelvis, body.neckBase, 0.5)[0],
      y: lerpPoint(body.pelvis, body.neckBase, 0.5)[1],
    };
    const message = onMachineProblem({ ...press.motion, fixed: [inTrunk] }, body);
    assert.equal(message, "the lever's pivot is 0 cm from the trunk's line: an arm beside the body turns about a pivot clear of it");
    const inHead = { ...leverOf(press), x0: body.head[0], y: body.head[1] + 0.05 };
    assert.equal(
      onMachineProblem({ ...press.motion, fixed: [inHead] }, body),
      "the lever's pivot is 5 cm from the head's centre: an arm beside the body turns about a pivot clear of it",
    );
    // The same pivot on an arm drawn across the body is not this check's business.
    assert.equal(onMachineProblem({ ...press.motion, fixed: [{ ...inTrunk, beside: undefined }] }, body), undefined);
  });
});
