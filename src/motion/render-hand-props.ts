/**
 * The small implements of hand-props.ts drawn in the flat style each frame, from the parts that hold
 * them: a Pilates ring that flattens as it is squeezed, a dowel (end on from the side), a squeeze ball,
 * an ab wheel that turns as it rolls, a wrist roller whose plate rises as its rope winds, a towel under a hand,
 * a massage stick (end on from the side).
 */
import {
  AB_WHEEL_RADIUS,
  DOWEL_LENGTH,
  isHandProp,
  MASSAGE_STICK,
  midway,
  RING,
  SQUEEZE_BALL,
  squeezedBetween,
  squeezeSpan,
  TOWEL,
  WRIST_ROLLER,
  woundAt,
  wristRollerPlate,
} from './hand-props.ts';
import type { HeldProp, Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect, round, svgPoint } from './svg-kit.ts';
import { heldAt, REST_HEIGHT } from './timeline.ts';

const RING_COLOUR = '#5aa0dc';
const BALL_COLOUR = '#e0b23a';
const TOWEL_COLOUR = '#f4f1fa';
const STICK_COLOUR = '#3cae8a';

/** Where an implement is drawn among the figure's parts: between the trunk and the near limbs, or over everything. */
export type HandPropLayer = 'between' | 'over';

/**
 * Seen from the side, a ring squeezed between the knees or ankles, and an ab wheel under the hands, lie
 * between the far and the near limb: the near leg or arm covers them.
 */
function layerOf(prop: HeldProp, view: Motion['view']): HandPropLayer {
  if (prop.kind === 'ab-wheel') return 'between';
  // A ball is wider than the ankle or knee in front of it: drawn over them, or it would not be seen at all.
  if (prop.kind === 'squeeze-ball') return 'over';
  return view === 'side' && prop.at !== 'hands' ? 'between' : 'over';
}

/** An ellipse with semi-axes `along` (in the direction `angle`, radians) and `across`, drawn as a ring. */
function ellipse(camera: Camera, centre: Point, along: number, across: number, angle: number, colour: string, width: number): string {
  const [cx, cy] = svgPoint(camera, centre);
  const degrees = (-angle * 180) / Math.PI;
  return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(along * camera.scale)}" ry="${round(across * camera.scale)}" transform="rotate(${round(degrees)} ${round(cx)} ${round(cy)})" fill="none" stroke="${colour}" stroke-width="${round(width * camera.scale)}"/>`;
}

/** A Pilates ring: from the front, flattened to the gap between what squeezes it; from the side, seen edge on. */
function ring(camera: Camera, prop: HeldProp, body: Body, view: Motion['view']): string {
  const [a, b] = squeezedBetween(body, prop);
  if (view === 'front') {
    // Squeezed, it gives along the line between the pads and bulges across it (its rim keeps its length).
    // Around the ankles its pads rest on their outsides: the rim passes just outside them.
    const isAround = prop.at === 'around-ankles';
    const along = Math.max(0.05, squeezeSpan(body, prop)) / 2;
    // Between the ankles it lies nearly level in front of the shins (upright it would reach into the
    // floor), seen almost edge on; between the palms or the knees it stands facing the viewer.
    const across = prop.at === 'ankles' ? 0.045 : RING.open - along;
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const pad = (end: Point, toward: Point) => circle(camera, lerpTo(end, toward, isAround ? -0.04 : 0.04), 0.035, COLOURS.iron);
    return ellipse(camera, midway(a, b), along + 0.01, across, angle, RING_COLOUR, 0.02) + pad(a, b) + pad(b, a);
  }
  // Edge on, across the thighs (or shins) it is squeezed between, or upright between the palms.
  const leg = prop.at === 'knees' ? body.legs.left : undefined;
  const shin = prop.at === 'ankles' || prop.at === 'around-ankles' ? body.legs.left : undefined;
  const segment =
    leg !== undefined ? ([leg.root, leg.middle] as const) : shin !== undefined ? ([shin.middle, shin.end] as const) : undefined;
  const angle = segment === undefined ? 0 : Math.atan2(segment[1][1] - segment[0][1], segment[1][0] - segment[0][0]);
  // Between the thighs it sits just above the knees, its pads on the inner thighs.
  const centre = leg === undefined ? heldAt(body, prop) : lerpTo(heldAt(body, prop), leg.root, 0.08);
  return ellipse(camera, centre, 0.035, RING.open / 2, angle, RING_COLOUR, 0.02);
}

/** The point `metres` from `from` toward `to`. */
function lerpTo(from: Point, to: Point, metres: number): Point {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [from[0] + ((to[0] - from[0]) / length) * metres, from[1] + ((to[1] - from[1]) / length) * metres];
}

/** A dowel: end on at the hands from the side; from the front, a stick through both hands, centred between them. */
function dowel(camera: Camera, body: Body, view: Motion['view']): string {
  const [a, b] = [body.arms.left.hand, body.arms.right.hand];
  if (view === 'side') return circle(camera, midway(a, b), 0.028, COLOURS.wood, COLOURS.woodEdge, 0.01);
  const middle = midway(a, b);
  const angle = distance2(a, b) < 1e-6 ? 0 : Math.atan2(b[1] - a[1], b[0] - a[0]);
  const half: Point = [(Math.cos(angle) * DOWEL_LENGTH) / 2, (Math.sin(angle) * DOWEL_LENGTH) / 2];
  return polyline(
    camera,
    [
      [middle[0] - half[0], middle[1] - half[1]],
      [middle[0] + half[0], middle[1] + half[1]],
    ],
    COLOURS.wood,
    0.03,
  );
}

/** A massage stick: its rollers end on at the hands from the side; from the front, the stick between its handles. */
function massageStick(camera: Camera, body: Body, view: Motion['view']): string {
  const [a, b] = [body.arms.left.hand, body.arms.right.hand];
  const middle = midway(a, b);
  if (view === 'side') return circle(camera, middle, MASSAGE_STICK.radius + 0.006, STICK_COLOUR, COLOURS.iron, 0.012);
  return polyline(camera, [a, b], STICK_COLOUR, MASSAGE_STICK.radius * 2) + polyline(camera, [a, b], COLOURS.iron, 0.008);
}

const distance2 = (a: Point, b: Point): number => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/**
 * An ab wheel seen from the side: its tyre on the floor, its hub at the hands, three spokes turned by how
 * far it has rolled (x over its radius), so it rolls along the floor instead of sliding.
 */
export function abWheelSpokes(axle: Point): Point[] {
  const turn = -axle[0] / AB_WHEEL_RADIUS;
  return [0, 1, 2].map((i): Point => {
    const angle = turn + (i * 2 * Math.PI) / 3;
    return [axle[0] + Math.cos(angle) * AB_WHEEL_RADIUS * 0.8, axle[1] + Math.sin(angle) * AB_WHEEL_RADIUS * 0.8];
  });
}

function abWheel(camera: Camera, prop: HeldProp, body: Body): string {
  const axle = heldAt(body, prop);
  return [
    circle(camera, axle, AB_WHEEL_RADIUS - 0.012, COLOURS.steel, COLOURS.iron, 0.024),
    ...abWheelSpokes(axle).map((end) => polyline(camera, [axle, end], COLOURS.iron, 0.014)),
    circle(camera, axle, 0.022, COLOURS.iron),
  ].join('');
}

/** A wrist roller: its handle end on at the hands, thicker as the rope winds on it, the rope down to a plate. */
function wristRoller(camera: Camera, motion: Motion, prop: HeldProp, body: Body, seconds: number): string {
  const handle = heldAt(body, prop);
  const plate = wristRollerPlate(motion, body, seconds);
  return [
    polyline(camera, [handle, [plate[0], plate[1] + WRIST_ROLLER.plate]], COLOURS.rope, 0.01),
    circle(camera, plate, WRIST_ROLLER.plate, COLOURS.iron, COLOURS.ironEdge, 0.015),
    circle(camera, handle, 0.026 + 0.014 * woundAt(motion, seconds), COLOURS.wood, COLOURS.woodEdge, 0.01),
  ].join('');
}

/** The implements of this layer in this frame (`seconds` into the loop: a wrist roller's rope winds with time). */
export function handPropsSvg(camera: Camera, motion: Motion, body: Body, seconds: number, layer: HandPropLayer): string {
  return motion.held
    .filter((prop) => isHandProp(prop) && layerOf(prop, motion.view) === layer)
    .map((prop) => {
      switch (prop.kind) {
        case 'pilates-ring':
          return ring(camera, prop, body, motion.view);
        case 'dowel':
          return dowel(camera, body, motion.view);
        case 'squeeze-ball':
          return circle(camera, heldAt(body, prop), SQUEEZE_BALL / 2, BALL_COLOUR, COLOURS.woodEdge, 0.006);
        case 'ab-wheel':
          return abWheel(camera, prop, body);
        case 'wrist-roller':
          return wristRoller(camera, motion, prop, body, seconds);
        case 'massage-stick':
          return massageStick(camera, body, motion.view);
        case 'towel': {
          const [x, y] = heldAt(body, prop);
          const bottom = y - REST_HEIGHT.leftHand;
          // Folded flat under the palm, reaching past the fingers (the forearm behind would hide the rest).
          return rect(
            camera,
            x - TOWEL.length * 0.4,
            bottom,
            x + TOWEL.length * 0.6,
            bottom + TOWEL.thickness,
            TOWEL_COLOUR,
            COLOURS.steel,
          );
        }
        default:
          return '';
      }
    })
    .join('');
}

/** Points the camera must show for the implements (a dowel's ends from the front, a ring's rim, a wrist roller's plate). */
export function handPropExtent(motion: Motion, body: Body): [Point, number][] {
  return motion.held.filter(isHandProp).flatMap((prop): [Point, number][] => {
    const at = heldAt(body, prop);
    if (prop.kind === 'dowel' && motion.view === 'front')
      return squeezedBetween(body, prop).map((hand) => [hand, DOWEL_LENGTH / 2 + 0.05] as [Point, number]);
    if (prop.kind === 'pilates-ring') return [[at, RING.open / 2 + 0.05]];
    if (prop.kind === 'wrist-roller') return [[[at[0], 0], WRIST_ROLLER.plate + 0.05]];
    return [[at, 0.14]];
  });
}
