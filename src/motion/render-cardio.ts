/**
 * Cardio machines drawn from the side (cardio.ts), in the flat style of the other props: the frame,
 * seat and flywheel where they stand, drawn with the fixed props; the crank arms, pedals, swinging
 * handles and a rower's sliding seat and chain where this frame has them, drawn just behind the figure.
 */
import { CHAIN_EXIT, CRANKS, GRIPS, HANDLES, holdsAt, type Lever, type Pedal, SEATS, STRETCHER, WHEEL } from './cardio.ts';
import { flight, ladderFrame, ladderRungs, stairs } from './render-cardio-flights.ts';
import type { FixedProp } from './motion.ts';
import { add, type Body, direction, type Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';
import { lineEnd } from './timeline.ts';

const TUBE = 0.045;
const line = (camera: Camera, points: readonly Point[], width = TUBE, colour: string = COLOURS.steel): string =>
  polyline(camera, points, colour, width);

/** A seat's pad and, reclined, its backrest: the pad's face 10 cm behind the trunk of a figure lying back on it. */
function seatPad(camera: Camera, prop: FixedProp): string {
  const seat = SEATS[prop.cardio!.style]!;
  const [x, y] = seat.top;
  const parts = [rect(camera, x - seat.half, y - 0.06, x + seat.half, y, COLOURS.pad)];
  if (seat.backrest !== undefined) {
    const along = direction(180 + seat.backrest);
    const back = direction(270 + seat.backrest);
    const foot = add([x, y + 0.1], back, 0.14);
    parts.push(line(camera, [add(foot, along, 0.02), add(foot, along, 0.68)], 0.08, COLOURS.pad));
  }
  return parts.join('');
}

/** The frame of a bike: stabilizers on the floor, the seat post to the crank, the column to the handlebar or handles. */
function bikeFrame(camera: Camera, prop: FixedProp): string {
  const style = prop.cardio!.style;
  const axle = CRANKS[style]!.axle;
  const grip = GRIPS[style];
  const parts = [
    rect(camera, -0.32, 0, -0.02, 0.04, COLOURS.iron),
    rect(camera, 0.38, 0, 0.78, 0.04, COLOURS.iron),
    line(camera, [[-0.17, 0.04], axle, [0.58, 0.04]]),
  ];
  if (style === 'spin-bike') parts.push(circle(camera, [0.6, 0.42], 0.22, COLOURS.iron, COLOURS.steel, 0.02));
  if (style === 'air-bike') parts.push(circle(camera, [0.78, 0.6], 0.34, COLOURS.plate, COLOURS.plateEdge, 0.025));
  const top: Point = grip ?? [0.66, 1.12];
  parts.push(
    line(camera, [axle, [0.02, 0.86]]),
    line(camera, [
      [0.5, 0.04],
      [top[0] - 0.04, top[1] - 0.04],
    ]),
  );
  if (grip !== undefined) parts.push(line(camera, [[grip[0] - 0.14, grip[1]], grip], 0.035), circle(camera, grip, 0.025, COLOURS.iron));
  if (style === 'air-bike') parts.push(rect(camera, 0.56, 1.14, 0.74, 1.24, COLOURS.iron));
  return parts.join('') + seatPad(camera, prop);
}

/** What does not move, for each style. */
export function machineFrame(camera: Camera, prop: FixedProp): string {
  const style = prop.cardio!.style;
  switch (style) {
    case 'upright-bike':
    case 'spin-bike':
    case 'air-bike':
      return bikeFrame(camera, prop);
    case 'recumbent-bike': {
      const axle = CRANKS[style]!.axle;
      return [
        rect(camera, -0.55, 0, 1.0, 0.06, COLOURS.iron),
        line(camera, [
          [0, 0.06],
          [0, 0.44],
        ]),
        line(camera, [
          [-0.3, 0.06],
          [-0.25, 0.5],
        ]),
        line(camera, [[0.6, 0.06], axle, [0.78, 0.95]]),
        circle(camera, axle, 0.12, COLOURS.iron),
        rect(camera, 0.72, 0.95, 0.92, 1.05, COLOURS.iron),
        line(camera, [GRIPS[style]!, [0.03, 0.44]], 0.035),
        seatPad(camera, prop),
      ].join('');
    }
    case 'recumbent-stepper':
      return [
        rect(camera, -0.5, 0, 1.1, 0.06, COLOURS.iron),
        line(camera, [
          [0, 0.06],
          [0, 0.44],
        ]),
        line(camera, [
          [-0.3, 0.06],
          [-0.2, 0.5],
        ]),
        rect(camera, 0.78, 0.0, 1.1, 0.42, COLOURS.iron),
        line(camera, [
          [0.95, 0.42],
          [0.95, 1.0],
        ]),
        rect(camera, 0.85, 0.98, 1.05, 1.08, COLOURS.iron),
        seatPad(camera, prop),
      ].join('');
    case 'arm-ergometer': {
      const axle = CRANKS[style]!.axle;
      return [
        rect(camera, -0.2, 0, 0.2, 0.04, COLOURS.iron),
        line(camera, [
          [0, 0.04],
          [0, 0.39],
        ]),
        // The column stands ahead of the feet and leans back to the crank, clear of the shins.
        rect(camera, 0.64, 0, 0.9, 0.04, COLOURS.iron),
        line(camera, [[0.77, 0.04], [0.66, 0.95], axle]),
        circle(camera, axle, 0.09, COLOURS.iron),
        seatPad(camera, prop),
      ].join('');
    }
    case 'elliptical':
      return [
        rect(camera, -0.6, 0, 0.75, 0.08, COLOURS.iron),
        circle(camera, [0.55, 0.34], 0.24, COLOURS.iron, COLOURS.steel, 0.02),
        line(camera, [
          [0.55, 0.34],
          [0.62, 1.35],
        ]),
        rect(camera, 0.52, 1.32, 0.72, 1.44, COLOURS.iron),
      ].join('');
    case 'step-mill':
      return [
        // The housing the stairs turn in, its side rails and console.
        polygon(
          camera,
          [
            [-0.62, 0],
            [0.72, 0],
            [0.72, 1.0],
            [0.45, 1.0],
          ],
          COLOURS.floorLine,
        ),
        rect(camera, -0.65, 0, 0.75, 0.08, COLOURS.iron),
        line(camera, [[-0.3, 0.9], GRIPS[style]!, [0.55, 1.32]], 0.035),
        line(camera, [
          [0.62, 1.0],
          [0.62, 1.3],
        ]),
        rect(camera, 0.5, 1.3, 0.72, 1.42, COLOURS.iron),
      ].join('');
    case 'bicycle': {
      // A road bike: wheels on the floor, the frame from the crank to the saddle and the head tube, drop bars.
      const axle = CRANKS[style]!.axle;
      const head: Point = [0.66, 0.86];
      return [
        circle(camera, REAR_WHEEL, WHEEL, 'none', COLOURS.iron, 0.035),
        circle(camera, FRONT_WHEEL, WHEEL, 'none', COLOURS.iron, 0.035),
        line(camera, [REAR_WHEEL, axle, [0.02, 0.86], REAR_WHEEL], 0.03),
        line(camera, [axle, head, [0.02, 0.8]], 0.035),
        line(camera, [head, FRONT_WHEEL], 0.03),
        line(camera, [head, [0.7, 0.98], GRIPS[style]!, [0.72, 0.92]], 0.03, COLOURS.iron),
        circle(camera, REAR_WHEEL, 0.03, COLOURS.steel),
        circle(camera, FRONT_WHEEL, 0.03, COLOURS.steel),
        seatPad(camera, prop),
      ].join('');
    }
    case 'jacobs-ladder':
      return ladderFrame(camera);
    case 'stairs':
      // A flight of stairs has no frame: its steps, drawn with the figure, fill the picture below it.
      return '';
    case 'rower':
      return [
        rect(camera, -0.5, 0.22, 0.95, 0.29, COLOURS.steel),
        rect(camera, -0.5, 0, -0.42, 0.22, COLOURS.iron),
        rect(camera, 0.9, 0, 1.3, 0.05, COLOURS.iron),
        line(camera, [
          [0.95, 0.26],
          [1.12, 0.05],
        ]),
        circle(camera, [CHAIN_EXIT[0] + 0.08, 0.42], 0.26, COLOURS.iron, COLOURS.steel, 0.02),
        line(
          camera,
          [
            [CHAIN_EXIT[0] - 0.05, 0.6],
            [CHAIN_EXIT[0] - 0.2, 1.0],
          ],
          0.03,
        ),
        rect(camera, CHAIN_EXIT[0] - 0.3, 0.98, CHAIN_EXIT[0] - 0.12, 1.1, COLOURS.iron),
        footPlate(camera, STRETCHER, 0.3),
        line(camera, [[0.86, 0.28], add(STRETCHER.at, direction(STRETCHER.sole), -0.1)], 0.03),
      ].join('');
  }
}

/** A pedal or foot plate along the sole's direction, just under it. */
function footPlate(camera: Camera, pedal: Pedal, length: number): string {
  const under = add(pedal.at, direction(pedal.sole - 90), 0.015);
  return line(camera, [add(under, direction(pedal.sole), -length / 2), add(under, direction(pedal.sole), length / 2)], 0.03, COLOURS.iron);
}

/** A road bike's wheels (70 cm across, on the floor). */
const REAR_WHEEL: Point = [-0.25, WHEEL];
const FRONT_WHEEL: Point = [0.78, WHEEL];

const leverLine = (camera: Camera, lever: Lever, end: Point): string => line(camera, [lever.pivot, end], 0.04);

/** What moves this frame: crank arms and pedals, swinging handles, a rower's seat under the pelvis and its chain to the hands. */
export function machineParts(camera: Camera, prop: FixedProp, body: Body, seconds: number): string {
  const style = prop.cardio!.style;
  const holds = holdsAt(prop, seconds);
  const crank = CRANKS[style];
  const handle = HANDLES[style];
  const parts: string[] = [];
  // The far side first, so the near crank arm and pedal are drawn over it.
  for (const side of ['right', 'left'] as const) {
    const pedal = holds.feet[side];
    if (crank !== undefined) {
      const end = style === 'arm-ergometer' ? holds.hands[side]! : pedal!.at;
      parts.push(line(camera, [crank.axle, end], 0.035, COLOURS.iron));
      if (style === 'arm-ergometer') parts.push(line(camera, [end, add(end, [0.03, 0])], 0.05, COLOURS.iron));
    }
    if (pedal !== undefined && style !== 'rower' && style !== 'arm-ergometer' && style !== 'step-mill' && style !== 'stairs')
      parts.push(footPlate(camera, pedal, style === 'elliptical' ? 0.36 : 0.12));
    if (style === 'elliptical') {
      // The pedal's bar runs from the crank at the flywheel back under the foot to a roller on the base.
      const rear = add(pedal!.at, [-0.2, -0.02]);
      parts.push(
        line(camera, [[0.55, 0.34], add(pedal!.at, [0.14, -0.02])], 0.035, COLOURS.iron),
        line(camera, [rear, [rear[0] - 0.12, 0.12]], 0.035, COLOURS.iron),
        circle(camera, [rear[0] - 0.12, 0.12], 0.035, COLOURS.steel),
      );
    }
    if (style === 'recumbent-stepper') parts.push(line(camera, [[1.0, 0.05], pedal!.at], 0.04));
    if (handle !== undefined) parts.push(leverLine(camera, handle, holds.hands[side]!));
  }
  if (crank !== undefined) parts.push(circle(camera, crank.axle, 0.04, COLOURS.steel));
  if (style === 'step-mill') parts.unshift(stairs(camera, prop, seconds));
  if (style === 'stairs') parts.unshift(flight(camera, prop, seconds));
  if (style === 'jacobs-ladder') parts.unshift(ladderRungs(camera, prop, seconds));
  // A travelling bicycle's spokes turn as its wheels roll forward (clockwise, seen from its right).
  const rolls = prop.cardio?.rolls;
  if (rolls !== undefined)
    for (const hub of [REAR_WHEEL, FRONT_WHEEL])
      for (const spoke of [0, 60, 120]) {
        const turn = spoke - (360 * seconds) / rolls;
        parts.unshift(line(camera, [add(hub, direction(turn), WHEEL - 0.02), add(hub, direction(turn), -(WHEEL - 0.02))], 0.008));
      }
  if (style === 'rower') {
    const hands = lineEnd(body, 'hands');
    const seat = SEATS.rower!;
    parts.push(
      rect(camera, body.pelvis[0] - seat.half, seat.top[1] - 0.06, body.pelvis[0] + seat.half, seat.top[1], COLOURS.pad),
      line(camera, [CHAIN_EXIT, hands], 0.012, COLOURS.iron),
    );
  }
  return parts.join('');
}

/** A rower's handle across the hands, drawn over the near hand. */
export function rowerHandle(camera: Camera, prop: FixedProp, body: Body): string {
  if (prop.cardio?.style !== 'rower') return '';
  return circle(camera, lineEnd(body, 'hands'), 0.03, COLOURS.iron);
}
