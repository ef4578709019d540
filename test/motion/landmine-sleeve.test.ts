/**
 * A landmine held at the end of its sleeve (`landmineGrip: "sleeve-end"`; landmine-sleeve.ts, render-landmine.ts): the
 * bar stops in the hands and its plate rides on the sleeve inboard of them, at the collar, seen edge-on square to the
 * bar; the schema refuses the field without a landmine (naming it), `check` refuses the plate through the body, and a
 * landmine without the field is drawn as before (the bar past the hands, a face-on plate there).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { plateThickness, SLEEVE, sleevePlate } from '../../src/motion/landmine-sleeve.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance, type Point } from '../../src/motion/skeleton.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { FRAMES_PER_SECOND, lineEnd } from '../../src/motion/timeline.ts';
import { descriptionsIn, frameBodies } from '../helpers/motion-descriptions.ts';

const FILE = 'data/source/motion/strength.json';
const strength = descriptionsIn('strength');
const build = (source: Record<string, unknown>) => strength.built(source, 'Landmine_Press');
const built = (source: Record<string, unknown>) => strength.description(source, 'Landmine_Press');

/** A one-arm landmine press facing the socket: the bar's end at the front of the shoulder, pressed up and forward. */
const press = (extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['landmine'],
  landmine: 1.75,
  landmineGrip: 'sleeve-end',
  to: 'left',
  fixed: 'rightHeel',
  keys: [
    { name: 'at the shoulder', trunk: 8, legs: { left: [-14, -14, 90], right: [16, 4, 90] }, arms: { left: [22, 172], right: [8, 15] } },
    { name: 'arm straight', trunk: 8, legs: { left: [-14, -14, 90], right: [16, 4, 90] }, arms: { left: [125, 128], right: [8, 15] } },
  ],
  ...extra,
});

/** Every frame's body and its SVG, with the camera that drew them. */
function frames(d: Description) {
  const bodies = frameBodies(d);
  const camera = cameraFor(d.motion, bodies);
  return { camera, frames: bodies.map((body, i) => ({ body, svg: frameSvg(d.motion, body, camera, i / FRAMES_PER_SECOND) })) };
}

const unit = (a: Point, b: Point): Point => [(b[0] - a[0]) / distance(a, b), (b[1] - a[1]) / distance(a, b)];

describe('landmine held at the end of its sleeve', () => {
  it('rides its plate on the sleeve inboard of the hands, at the collar, edge-on and square to the bar', () => {
    const d = built(press());
    assert.deepEqual(checkMotion(d), []);
    const landmine = d.motion.fixed.find((prop) => prop.kind === 'landmine')!;
    assert.deepEqual(landmine.grip, { hold: 'sleeve-end', plate: 0.45 }, 'a 45 cm plate by default');
    const socket: Point = [landmine.x0, landmine.y];
    for (const [i, { body }] of frames(d).frames.entries()) {
      const hand = lineEnd(body, 'left');
      const plate = sleevePlate(landmine, body)!;
      const along = unit(hand, socket);
      // Between the hands and the socket, on the bar, 36 cm in from the grip (the collar of a 41.5 cm sleeve).
      const inboard = SLEEVE.length - SLEEVE.pastGrip - plateThickness(0.45) / 2;
      assert.ok(Math.abs(inboard - 0.36) < 0.005, `the plate is ${inboard} m inboard`);
      const expected: Point = [hand[0] + along[0] * inboard, hand[1] + along[1] * inboard];
      assert.ok(distance(plate.centre, expected) < 1e-9, `frame ${i}: the plate's centre is off the sleeve`);
      assert.ok(distance(plate.centre, socket) < distance(hand, socket), `frame ${i}: the plate is not between the hand and the socket`);
      // Edge-on: its rims 45 cm apart across the bar, square to it.
      const across = unit(plate.rims[0], plate.rims[1]);
      assert.ok(Math.abs(distance(plate.rims[0], plate.rims[1]) - 0.45) < 1e-9, `frame ${i}: the plate is not 45 cm across`);
      assert.ok(Math.abs(across[0] * along[0] + across[1] * along[1]) < 1e-9, `frame ${i}: the plate is not square to the bar`);
      // The bar stops 3 cm past the grip: no sleeve past the hands.
      assert.ok(Math.abs(distance(plate.tip, hand) - SLEEVE.pastGrip) < 1e-9, `frame ${i}: the bar runs on past the hand`);
      assert.ok(distance(plate.tip, socket) > distance(hand, socket), `frame ${i}: the bar's end is not past the grip`);
    }
  });

  it('draws the plate as an edge-on slab in plate colours at its place, and no face-on plate', () => {
    const d = built(press());
    const { camera, frames: all } = frames(d);
    const landmine = d.motion.fixed.find((prop) => prop.kind === 'landmine')!;
    for (const [i, { body, svg }] of all.entries()) {
      const plate = sleevePlate(landmine, body)!;
      const [x, y] = svgPoint(camera, plate.centre);
      assert.ok(svg.includes(`fill="${COLOURS.plate}" stroke="${COLOURS.plateEdge}"`), `frame ${i}: no plate drawn`);
      assert.ok(svg.includes(`translate(${round(x)} ${round(y)})`), `frame ${i}: the plate is not drawn at (${round(x)},${round(y)})`);
      assert.ok(!svg.includes(`r="${round(0.225 * camera.scale)}" fill="${COLOURS.plate}"`), `frame ${i}: a face-on plate is drawn`);
      // The bar is drawn from the socket to its end in the hand.
      const tip = svgPoint(camera, plate.tip).map(round).join(' ');
      assert.ok(svg.includes(`L${tip}"`), `frame ${i}: the bar does not end at ${tip}`);
    }
  });

  it('takes a smaller plate, and refuses the fields without a landmine or without the grip, naming them', () => {
    const small = built(press({ landminePlate: 0.35 })).motion.fixed.find((prop) => prop.kind === 'landmine')!;
    assert.deepEqual(small.grip, { hold: 'sleeve-end', plate: 0.35 });
    const refused = (source: Record<string, unknown>, pattern: RegExp) => {
      const result = build(source);
      assert.ok(!result.ok, `accepted: ${JSON.stringify(source)}`);
      const problems = result.ok ? [] : result.problems;
      assert.ok(
        problems.some((p) => p.source === FILE && pattern.test(p.message)),
        JSON.stringify(problems),
      );
    };
    refused(press({ landmine: undefined, props: [] }), /^landmineGrip says how the hands hold a landmine: give the landmine/);
    refused(press({ landmineGrip: undefined, landminePlate: 0.35 }), /^landminePlate sizes the plate on a sleeve-end landmine/);
    refused(press({ landmineGrip: 'middle' }), /landmineGrip is sleeve-end/);
    refused(press({ landminePlate: 0.6 }), /landminePlate|0\.45/);
  });

  it('refuses, naming landmineGrip and the time, a plate that passes into the body, and one seen from the front', () => {
    // The socket behind the figure: the sleeve runs back from the hands at the thighs, its plate into the hips.
    const behind = built({
      pattern: 'pose',
      props: ['landmine'],
      landmine: -1.6,
      landmineGrip: 'sleeve-end',
      keys: [
        { name: 'arms long', arms: [5, 5] },
        { name: 'arms a little up', arms: [20, 20] },
      ],
    });
    const messages = checkMotion(behind).map((p) => p.message);
    assert.ok(
      messages.some((m) =>
        /^landmineGrip: at \d\.\d\d s the sleeve-end landmine's 45 cm plate passes \d+ cm into the (trunk|thigh)/.test(m),
      ),
      messages.join('\n'),
    );
    // Seen from the front the bar would point at the viewer.
    const front = built(press({ view: 'front', to: 'hands' }));
    assert.ok(
      checkMotion(front).some((p) => /^landmineGrip is drawn from the side/.test(p.message)),
      'a sleeve-end landmine seen from the front was accepted',
    );
  });

  it('leaves a landmine without it drawn as before: the bar 24 cm past the hands, a face-on 45 cm plate 14 cm past them', () => {
    const d = built(press({ landmineGrip: undefined }));
    const landmine = d.motion.fixed.find((prop) => prop.kind === 'landmine')!;
    assert.equal(landmine.grip, undefined);
    const socket: Point = [landmine.x0, landmine.y];
    const { camera, frames: all } = frames(d);
    for (const [i, { body, svg }] of all.entries()) {
      assert.equal(sleevePlate(landmine, body), undefined);
      const hand = lineEnd(body, 'left');
      const out = unit(socket, hand);
      const plate = svgPoint(camera, [hand[0] + out[0] * 0.14, hand[1] + out[1] * 0.14]).map(round);
      assert.ok(
        svg.includes(`<circle cx="${plate[0]}" cy="${plate[1]}" r="${round(0.225 * camera.scale)}" fill="${COLOURS.plate}"`),
        `frame ${i}: no face-on plate 14 cm past the hand`,
      );
      const end = svgPoint(camera, [hand[0] + out[0] * 0.24, hand[1] + out[1] * 0.24])
        .map(round)
        .join(' ');
      assert.ok(svg.includes(`L${end}"`), `frame ${i}: the bar does not run to 24 cm past the hand`);
      assert.ok(!svg.includes('rotate('), `frame ${i}: an edge-on plate is drawn`);
    }
  });
});
