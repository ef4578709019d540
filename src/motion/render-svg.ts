/**
 * One frame as SVG text: the floor, fixed props, the figure (far limbs lighter, near limbs dark,
 * round caps, Winter's proportions) and held props, in one camera for the whole clip (the floor
 * moves only under a figure that travels: its seams scroll, travel.ts). No text and no fonts, so the
 * rasterizer needs nothing from the system.
 */
import type { FixedProp, HeldProp, Motion } from './motion.ts';
import { fixedProp } from './render-fixed-props.ts';
import { isLineProp, propLine } from './render-lines.ts';
import { limbsSvg } from './render-limbs.ts';
import { heldLoadSvg, heldProp } from './render-props.ts';
import type { Body, Point } from './skeleton.ts';
import { SEGMENT } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, round, svgPoint } from './svg-kit.ts';
import { heldAt } from './timeline.ts';
import { seamsAt } from './travel.ts';
import { usesWrists } from './wrist.ts';
import { lightDumbbellSvg } from './light-dumbbell.ts';
import { agilityLadderSvg } from './render-agility-ladder.ts';
import { isRopeInFront, ropeSvg } from './jump-rope.ts';
import { FOOT_END, headward } from './reformer.ts';
import { reformerCarriage } from './render-reformer.ts';
import { hackCarriage, hackSledExtent } from './render-hack-sled.ts';
import { handPropExtent } from './render-hand-props.ts';
import { behindFixedSvg } from './render-lifting-blocks.ts';
import { smallPropsSvg } from './render-small-props.ts';
import { pillarLine } from './hercules-pillars.ts';
import { strongmanSvg } from './render-strongman.ts';
import { rollDownBarEnd, rollDownSpring, wundaPedal } from './render-apparatus.ts';
import { machineParts, rowerHandle } from './render-cardio.ts';
import { rigsBehindFigure } from './render-rigs.ts';
import { leverArmBehind, leverPlates } from './render-machine.ts';
import { leverEndPoint, PLATE_RADIUS, platePoint } from './machine.ts';
import { BALL_RADIUS, type BallPlace, ballAt, ballPathPoints } from './ball-flight.ts';
import { isOnBelt, loadOutline } from './dip-belt.ts';
import { dipBeltSvg } from './render-dip-belt.ts';
import { type ImplementPlace, implementAt, releasedImplement, releaseExtent } from './implement-release.ts';
import { throwingWeightSvg, tossBarSvg } from './render-implement-release.ts';
import { armLayers, isLineOverTrunk } from './front-arms-depth.ts';
import { armEdge } from './render-front-arms.ts';
import { frontSeatSvg, sidePadsSvg } from './render-front-seat.ts';
import { armEdgeSvg, behindColour, sideBehind, sternumSvg, turnedWidth } from './render-twist.ts';
import { aboveCamera, aboveSvg } from './render-above.ts';
import { sliderExtent } from './render-slider.ts';
import { landmineExtent } from './landmine-sleeve.ts';
import { sleevePlateSvg } from './render-landmine.ts';
import { safetyBarBehindSvg, safetyBarExtent, safetyBarSvg } from './render-safety-bar.ts';
import { handRestOverSvg } from './render-hand-rest.ts';

export const FRAME_SIZES = { portrait: [496, 864], landscape: [864, 496] } as const;
/** Pixels per metre when the scene fits: the same for every clip, so figures share a size. */
const PIXELS_PER_METRE = 290;

/** How far a held prop reaches from its grip (metres), for the camera; 14 cm unless named. */
const HELD_MARGIN: Partial<Record<HeldProp['kind'], number>> = {
  barbell: 0.24,
  stone: 0.26,
  sandbag: 0.3,
  keg: 0.24,
  log: 0.18,
  // A Dinnie stone hangs 42 cm below its ring; a Husafell stone stands 48 cm above the hands.
  'dinnie-stones': 0.45,
  'husafell-stone': 0.5,
  'press-block': 0.24,
  // A rickshaw's frame runs 75 cm either side of its handles, its plates on pegs at its ends.
  rickshaw: 0.95,
  // A throwing weight rides 8 to 32 cm out along the arm from the hand.
  'throwing-weight': 0.36,
};

/** A camera that shows every point of every frame and every fixed prop, floor near the bottom. */
export function cameraFor(motion: Motion, bodies: readonly Body[]): Camera {
  if (motion.above !== undefined) return aboveCamera(motion, bodies);
  const [width, height] = FRAME_SIZES[motion.frame];
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = 0;
  const see = ([x, y]: Point, margin = 0) => {
    minX = Math.min(minX, x - margin);
    maxX = Math.max(maxX, x + margin);
    maxY = Math.max(maxY, y + margin);
  };
  for (const body of bodies) {
    see(body.head, SEGMENT.headRadius + 0.05);
    for (const limb of [...Object.values(body.legs), ...Object.values(body.arms)])
      for (const p of Object.values(limb)) see(p as Point, 0.08);
    see(body.pelvis, 0.12);
    for (const prop of motion.held) {
      const at = heldAt(body, prop);
      see(at, HELD_MARGIN[prop.kind] ?? 0.14);
      // A load on a dip belt hangs from the chain's end: all of its plate or bell in the picture.
      if (isOnBelt(prop)) {
        const load = loadOutline(body, prop);
        see(load.centre, load.radius + 0.04);
      }
      // Seen from the front a barbell or a log lies across the picture: both ends, 1.05-1.1 m either side, stay in frame.
      if ((prop.kind === 'barbell' || prop.kind === 'log') && motion.view === 'front')
        for (const dx of [-1.15, 1.15]) see([at[0] + dx, at[1]]);
    }
    for (const [point, margin] of [...handPropExtent(motion, body), ...sliderExtent(motion, body)]) see(point, margin);
    // A landmine's plate, past the hands or on its sleeve inboard of them: all of it in the picture (landmine-sleeve.ts).
    for (const [point, margin] of [...landmineExtent(motion, body), ...safetyBarExtent(motion, body)]) see(point, margin);
    // The Hercules pillars lean out: their tops, past their feet, stay in the picture.
    for (const prop of motion.fixed)
      if (prop.kind === 'hercules-pillars') for (const out of [-1, 1] as const) see(pillarLine(prop, out)[1], 0.15);
    // A lever's plates ride halfway along its arm (17 cm plates): all of them in the picture.
    for (const prop of motion.fixed)
      if (prop.kind === 'lever') see(platePoint([prop.x0, prop.y], leverEndPoint(body, prop), prop.plates), PLATE_RADIUS + 0.02);
  }
  // A ball in flight to the wall, the floor or the hands again stays in the picture (one thrown away leaves it).
  for (const point of ballPathPoints(motion)) see(point, BALL_RADIUS + 0.03);
  // So does a strongman implement let go (set down, or tossed to the floor) and the bar it is tossed over.
  for (const [point, margin] of releaseExtent(motion)) see(point, margin);
  for (const prop of motion.fixed) {
    if (prop.kind === 'wall') continue;
    see([prop.x0, prop.y], prop.kind === 'bar' ? 0.25 : 0.05);
    see([prop.x1, prop.y], 0.05);
    // A reformer's frame runs past its footbar to where the springs hook on, and its risers stand up at the head end.
    if (prop.kind === 'reformer') for (const x of [prop.x0 - headward(prop) * FOOT_END, prop.x1]) see([x, 0.65], 0.05);
    // A hack sled's frame, rails and carriage at both ends of its travel (render-hack-sled.ts).
    if (prop.kind === 'hack-sled') for (const [point, margin] of hackSledExtent(prop)) see(point, margin);
  }
  const floorBand = 0.16;
  const spanX = maxX - minX;
  const spanY = maxY + floorBand;
  const scale = Math.min(PIXELS_PER_METRE, (width * 0.92) / spanX, (height * 0.92) / spanY);
  const left = (minX + maxX) / 2 - width / scale / 2;
  // Floor band at the bottom; any spare height goes above the figure's head.
  const bottom = -floorBand - (height / scale - spanY) * 0.18;
  return { width, height, scale, left, bottom };
}

function figure(camera: Camera, body: Body, motion: Motion, far: 'left' | 'right'): { back: string; front: string; trunk: string } {
  const { view } = motion;
  const farColour = view === 'front' ? COLOURS.near : COLOURS.far;
  const palms = usesWrists(motion.keys);
  const limbs = (side: 'left' | 'right', colour: string) => limbsSvg(camera, body, side, colour, palms);
  // A trunk turned about the spine (trunk-twist.ts) puts the limbs of the side turned away behind it.
  const [legBehind, armBehind] = body.twist === undefined ? [far, far] : [sideBehind(body.twist.hips), sideBehind(body.twist.chest)];
  const other = (side: 'left' | 'right') => (side === 'left' ? 'right' : 'left');
  // Only the arm fades as it turns away: both legs still stand beside each other.
  const armColour = body.twist === undefined ? farColour : behindColour(body.twist.chest);
  const farLimbs = { leg: limbs(legBehind, farColour).leg, arm: limbs(armBehind, armColour).arm };
  const nearLimbs = { leg: limbs(other(legBehind), COLOURS.near).leg, arm: limbs(other(armBehind), COLOURS.near).arm };
  // The arm behind under the trunk and the other over it; an arm tilted toward the viewer or away by its depth
  // (front-arms-depth.ts). Over the trunk an arm gets a light edge, as tilted (render-front-arms.ts) or turned (render-twist.ts).
  const layers = armLayers(body, armBehind);
  const edge = (side: 'left' | 'right') => armEdge(camera, body, side) || (side === armBehind ? '' : armEdgeSvg(camera, body, side));
  const armsIn = (layer: 'under' | 'over') =>
    layers[layer].map((side) => edge(side) + (side === armBehind ? farLimbs : nearLimbs).arm).join('');
  const hips = view === 'front' ? [body.legs.left.root, body.legs.right.root] : [body.pelvis];
  const shoulders = view === 'front' ? [body.arms.left.root, body.arms.right.root] : [body.neckBase];
  // Side view: a chest deeper than the waist; front view: shoulders wider than the hips (narrower turned).
  const chest: Point = [(body.waist[0] + body.neckBase[0] * 2) / 3, (body.waist[1] + body.neckBase[1] * 2) / 3];
  const [hipsTurn, chestTurn] = [body.twist?.hips, body.twist?.chest];
  const waistTurn = body.twist === undefined ? undefined : (body.twist.hips + body.twist.chest) / 2;
  const trunk =
    polyline(camera, [body.pelvis, body.waist], COLOURS.near, view === 'front' ? turnedWidth(0.25, 0.19, hipsTurn) : 0.19) +
    polyline(camera, [body.waist, chest], COLOURS.near, view === 'front' ? turnedWidth(0.28, 0.23, waistTurn) : 0.23) +
    // Up to the shoulders, which a shrug raises toward the head and a depression drops (shoulder-girdle.ts).
    polyline(camera, [chest, body.girdle ?? body.neckBase], COLOURS.near, view === 'front' ? turnedWidth(0.26, 0.16, chestTurn) : 0.16) +
    (view === 'front' ? polyline(camera, shoulders, COLOURS.near, 0.11) + polyline(camera, hips, COLOURS.near, 0.13) : '') +
    (view === 'front' ? sternumSvg(camera, body) : '') +
    polyline(camera, [body.neckBase, mixHead(body)], COLOURS.near, 0.07) +
    circle(camera, body.head, SEGMENT.headRadius, COLOURS.skin);
  return { back: farLimbs.leg + armsIn('under'), trunk, front: nearLimbs.leg + armsIn('over') };
}

/** A soft shadow on the floor under the figure, fading as it rises (a jump reads as a jump). */
function shadow(camera: Camera, body: Body): string {
  const xs = [body.head, body.pelvis, ...Object.values(body.legs).flatMap((l) => [l.heel, l.toe])].map((p) => p[0]);
  const lowest = Math.min(...Object.values(body.legs).flatMap((l) => [l.heel[1], l.toe[1]]), body.pelvis[1]);
  const [cx, cy] = svgPoint(camera, [(Math.min(...xs) + Math.max(...xs)) / 2, 0]);
  const rx = ((Math.max(...xs) - Math.min(...xs)) / 2 + 0.15) * camera.scale;
  const opacity = Math.max(0, 0.16 - Math.max(0, lowest) * 0.25);
  return `<ellipse cx="${round(cx)}" cy="${round(cy + 3)}" rx="${round(rx)}" ry="${round(0.035 * camera.scale)}" fill="#000" fill-opacity="${opacity.toFixed(3)}"/>`;
}

const mixHead = (body: Body): Point => [(body.neckBase[0] + body.head[0]) / 2, (body.neckBase[1] + body.head[1]) / 2];

/** The SVG of one frame: the figure at full strength (`seconds` into the loop, where the floor scrolls). */
export function frameSvg(motion: Motion, body: Body, camera: Camera, seconds = 0): string {
  return figuresSvg(motion, [{ body, opacity: 1 }], camera, seconds);
}

/**
 * The SVG of the frame `seconds` into the loop, with one figure, or two fading into each other (a loop's
 * cross-dissolve, timeline.ts).
 */
export function figuresSvg(motion: Motion, figures: readonly { body: Body; opacity: number }[], camera: Camera, seconds = 0): string {
  // A figure lying on the floor seen from above is laid along the picture on the floor (render-above.ts).
  if (motion.above !== undefined) return aboveSvg(motion, figures, camera, seconds);
  const { width, height } = camera;
  const [, floorY] = svgPoint(camera, [0, 0]);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    // The side view mirrored: the left limbs are drawn near, so the figure faces left, seen from its left
    // (with x to the right it was a mirror image: a record's right foot forward showed the near leg behind).
    motion.view === 'side' ? `<g transform="matrix(-1 0 0 1 ${width} 0)">` : '<g>',
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    `<rect x="0" y="${round(floorY)}" width="${width}" height="${round(height - floorY)}" fill="${COLOURS.floor}"/>`,
    `<rect x="0" y="${round(floorY)}" width="${width}" height="2" fill="${COLOURS.floorLine}"/>`,
  ];
  // A travelling figure's floor: seams across the floor band, where the floor has moved to by now.
  for (const x of seamsAt(motion, seconds, camera.left, camera.left + width / camera.scale)) {
    const [left] = svgPoint(camera, [x, 0]);
    parts.push(
      `<rect x="${round(left - 1)}" y="${round(floorY)}" width="2" height="${round(height - floorY)}" fill="${COLOURS.floorLine}"/>`,
    );
  }
  // An agility ladder lies on the floor and scrolls with it, under the figure's shadow (render-agility-ladder.ts).
  for (const prop of motion.fixed) if (prop.kind === 'agility-ladder') parts.push(agilityLadderSvg(camera, motion, prop, seconds));
  for (const { body, opacity } of figures) if (opacity >= 1) parts.push(shadow(camera, body));
  // A machine lever's plates ride on their horn behind the machine and the figure, and an arm beside the
  // body is drawn there too (render-machine.ts).
  for (const { body, opacity } of figures)
    if (opacity >= 1)
      for (const prop of motion.fixed)
        if (prop.kind === 'lever') parts.push(leverPlates(camera, prop, body), leverArmBehind(camera, prop, body));
  // Lifting blocks and a chain hanging from a handle stand beside the figure, behind it and its bench (render-lifting-blocks.ts).
  parts.push(behindFixedSvg(camera, motion, figures[0]!.body));
  // A seat seen end on from the front is drawn as such (render-front-seat.ts).
  for (const prop of motion.fixed) parts.push(prop.endOn === undefined ? fixedProp(camera, prop) : frontSeatSvg(camera, prop));
  parts.push(tossBarSvg(camera, motion));
  // In a cross-dissolve the incoming start holds the next ball: only the outgoing figure's is in flight.
  for (const [i, { body, opacity }] of figures.entries()) {
    const [ball, implement] = i === 0 ? [ballAt(motion, seconds), implementAt(motion, seconds)] : (['held', 'held'] as const);
    const drawn = figureWithProps(motion, body, camera, seconds, ball, implement);
    parts.push(opacity >= 1 ? drawn : `<g opacity="${opacity.toFixed(3)}">${shadow(camera, body)}${drawn}</g>`);
  }
  // A counter standing between the viewer and the figure is drawn over it, see-through (render-hand-rest.ts).
  parts.push(handRestOverSvg(camera, motion));
  parts.push('</g></svg>');
  return parts.join('');
}

/** The figure with what it holds and the lines that run to it (cables, straps, a lever, a jump rope). */
function figureWithProps(motion: Motion, body: Body, camera: Camera, seconds: number, ball: BallPlace, implement: ImplementPlace): string {
  const parts: string[] = [];
  // A jump rope turning behind the figure is drawn before it, one turning down in front after it.
  const rope = motion.fixed.find((prop) => prop.kind === 'jump-rope');
  if (rope !== undefined && !isRopeInFront(rope, seconds)) parts.push(ropeSvg(camera, rope, body, motion.view, seconds));
  const { back, trunk, front } = figure(camera, body, motion, 'right');
  // A reformer's carriage rolls with the figure: drawn where it has carried it, under it.
  for (const prop of motion.fixed) if (prop.kind === 'reformer') parts.push(reformerCarriage(camera, prop, body));
  // A hack sled's carriage rides its rails with the trunk: drawn where it has carried it, behind it.
  for (const prop of motion.fixed) if (prop.kind === 'hack-sled') parts.push(hackCarriage(camera, prop, body, 'behind'));
  // A cardio machine's cranks, pedals and handles turn with the figure: drawn where this frame has them, under it.
  for (const prop of motion.fixed) if (prop.cardio !== undefined) parts.push(machineParts(camera, prop, body, seconds));
  // A Wunda chair's pedal swings with the feet on it: drawn where this frame has them, under them.
  for (const prop of motion.fixed) if (prop.kind === 'wunda-chair') parts.push(wundaPedal(camera, prop, body));
  for (const prop of motion.fixed) if (prop.kind === 'cadillac') parts.push(rollDownSpring(camera, prop, body));
  // Side view: a barbell's plate is the far plate, behind the figure, so it never hides the body;
  // its sleeve is drawn over the hands to show where the bar is.
  // A log likewise: its near end would hide the hands that hold it.
  const isBehind = (prop: HeldProp) =>
    motion.view === 'side' && !isOnBelt(prop) && (prop.kind === 'barbell' || prop.kind === 'plate' || prop.kind === 'log');
  // A stone, keg or sandbag hugged to the body sits between the trunk and the near arm that wraps it.
  const isHugged = (prop: HeldProp) => prop.kind === 'stone' || prop.kind === 'keg' || prop.kind === 'sandbag';
  for (const prop of motion.held)
    if (isBehind(prop))
      parts.push(safetyBarBehindSvg(camera, prop, body, motion.view) ?? heldProp(camera, prop, heldAt(body, prop), motion.view));
  parts.push(rigsBehindFigure(camera, motion, body), smallPropsSvg(camera, motion, body, seconds, 'behind'));
  parts.push(sidePadsSvg(camera, motion, body, 'behind'), back);
  // A cable or band runs behind the trunk, or in front of the whole figure to a hand reaching toward the viewer
  // (front-arms-depth.ts); a turned trunk's hands chop or lift across its front, so there every line runs just in
  // front of the trunk (trunk-twist.ts).
  const isTurned = body.twist !== undefined;
  const isOver = (prop: FixedProp) => isLineProp(prop) && !isTurned && isLineOverTrunk(body, prop.to);
  const lines = (which: (prop: FixedProp) => boolean) => motion.fixed.filter(which).map((prop) => propLine(camera, prop, body));
  const behindTrunk = lines((prop) => isLineProp(prop) && !isTurned && !isOver(prop));
  parts.push(...behindTrunk, trunk, ...lines((prop) => isLineProp(prop) && isTurned), dipBeltSvg(camera, motion, body));
  parts.push(smallPropsSvg(camera, motion, body, seconds, 'between'));
  parts.push(sleevePlateSvg(camera, motion, body), safetyBarSvg(camera, motion, body));
  for (const prop of motion.fixed) if (prop.kind === 'hack-sled') parts.push(hackCarriage(camera, prop, body, 'over'));
  // One let go (implement-release.ts) is where it was set down, or where its toss has carried it.
  const huggedAt = (prop: HeldProp) => (implement !== 'held' && prop === releasedImplement(motion) ? implement : heldAt(body, prop));
  for (const prop of motion.held) if (isHugged(prop)) parts.push(heldProp(camera, prop, huggedAt(prop), motion.view));
  parts.push(strongmanSvg(camera, motion, body, 'between'), front, strongmanSvg(camera, motion, body, 'over'));
  parts.push(throwingWeightSvg(camera, motion, body, implement));
  parts.push(...lines(isOver));
  parts.push(sidePadsSvg(camera, motion, body, 'over'));
  for (const prop of motion.held)
    if (prop.kind === 'ball' && ball !== 'held') {
      // Out of the hands (ball-flight.ts): where its flight has carried it, or nowhere once out of the picture.
      if (ball !== 'gone') parts.push(heldProp(camera, prop, ball, motion.view));
    } else if (!isBehind(prop) && !isHugged(prop) && !isOnBelt(prop))
      parts.push(lightDumbbellSvg(camera, motion, body, prop) ?? heldLoadSvg(camera, prop, body, motion.view));
  for (const prop of motion.held)
    if (prop.kind === 'barbell' && motion.view === 'side')
      parts.push(circle(camera, heldAt(body, prop), 0.035, COLOURS.steel, COLOURS.iron, 0.01));
  parts.push(smallPropsSvg(camera, motion, body, seconds, 'over'));
  for (const prop of motion.fixed) if (prop.kind === 'cadillac') parts.push(rollDownBarEnd(camera, body));
  if (rope !== undefined && isRopeInFront(rope, seconds)) parts.push(ropeSvg(camera, rope, body, motion.view, seconds));
  for (const prop of motion.fixed) parts.push(rowerHandle(camera, prop, body));
  return parts.join('');
}
