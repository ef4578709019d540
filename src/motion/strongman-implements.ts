/**
 * Strongman implements held in the hands that no barbell, stone or log stands in for: the Dinnie stones
 * (two boulders hanging from iron rings, one in each hand), a Husafell stone (a flat slab hugged to the
 * chest on the forearms) and a press block (a steel block gripped by its sides and pressed overhead).
 * Their sizes, where each sits in a frame, and what `check` refuses of them frame by frame.
 */
import type { HeldProp, Motion, StrongmanKind } from './motion.ts';
import { add, type Body, type Point, SEGMENT } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt } from './timeline.ts';

/**
 * A Dinnie stone: its iron ring (radius) hangs from the hand, the stone below it, `drop` from the hand to
 * the stone's bottom. The larger (left) stone is wider; both stand as tall, so both rest on the floor
 * together at the start of the lift.
 */
export const DINNIE = { ring: 0.045, top: 0.08, height: 0.34, drop: 0.42, width: { left: 0.44, right: 0.38 } } as const;
/** A Husafell stone seen from the side: a slab this thick and tall, standing on the forearms at the hands (its top at the chin). */
export const HUSAFELL = { thickness: 0.18, height: 0.45, onHands: 0.03 } as const;
/**
 * A rickshaw frame seen from the side: its rail through the handles (one in each hand, at its middle, so
 * it lifts level), running `reach` either way to posts that stand it `drop` below the handles on the
 * floor, with plates on pegs at its ends.
 */
export const RICKSHAW = { reach: 0.75, drop: 0.4, plate: 0.225 } as const;
/** A press block seen end on from the side, centred between the palms that grip its sides. */
export const PRESS_BLOCK = { depth: 0.28, height: 0.3 } as const;
/** How far in front of the trunk's line the chest's surface is, as the figure is drawn (render-svg.ts). */
export const CHEST_DEPTH = 0.115;

/** A held part this far into the body (metres) passes through it; a hugged stone this far off the chest has left it. */
const TOLERANCE = 0.03;
/** A stone this far into the floor (metres) is under it. */
const FLOOR_TOLERANCE = 0.01;

export const isStrongmanImplement = (prop: HeldProp): prop is HeldProp & { kind: StrongmanKind } =>
  prop.kind === 'dinnie-stones' || prop.kind === 'husafell-stone' || prop.kind === 'press-block' || prop.kind === 'rickshaw';

/** The trunk's direction up (waist to shoulders) and the direction the chest faces, as unit vectors. */
export function trunkFrame(body: Body): { up: Point; ahead: Point } {
  const [dx, dy] = [body.neckBase[0] - body.waist[0], body.neckBase[1] - body.waist[1]];
  const length = Math.hypot(dx, dy) || 1;
  return { up: [dx / length, dy / length], ahead: [dy / length, -dx / length] };
}

/** The Husafell stone's four corners: front and back of its bottom edge on the forearms, then back and front of its top. */
export function husafellCorners(body: Body, hands: Point): readonly [Point, Point, Point, Point] {
  const { up, ahead } = trunkFrame(body);
  const frontBottom = add(hands, up, HUSAFELL.onHands);
  const backBottom = add(frontBottom, ahead, -HUSAFELL.thickness);
  const backTop = add(backBottom, up, HUSAFELL.height);
  // It narrows toward its top, as the slab does: only its back face lies along the chest.
  const frontTop = add(backTop, ahead, HUSAFELL.thickness * 0.45);
  return [frontBottom, backBottom, backTop, frontTop];
}

/** How far the Husafell stone's back face, halfway up, is in front of the chest's surface (negative: into it). */
export function husafellGap(body: Body, hands: Point): number {
  const [, backBottom, backTop] = husafellCorners(body, hands);
  const middle: Point = [(backBottom[0] + backTop[0]) / 2, (backBottom[1] + backTop[1]) / 2];
  const { ahead } = trunkFrame(body);
  return (middle[0] - body.waist[0]) * ahead[0] + (middle[1] - body.waist[1]) * ahead[1] - CHEST_DEPTH;
}

/** The distance from a point to the press block centred at `at` (0 inside it). */
function toBlock(point: Point, at: Point): number {
  const dx = Math.max(0, Math.abs(point[0] - at[0]) - PRESS_BLOCK.depth / 2);
  const dy = Math.max(0, Math.abs(point[1] - at[1]) - PRESS_BLOCK.height / 2);
  return Math.hypot(dx, dy);
}

/** How far the press block at `at` is clear of the head (negative: it passes through the face). */
export function blockHeadGap(body: Body, at: Point): number {
  return toBlock(body.head, at) - SEGMENT.headRadius;
}

/** How far the press block is clear of the chest's front, along the upper trunk (negative: into it). */
export function blockChestGap(body: Body, at: Point): number {
  const gaps = [0.3, 0.55, 0.8].map((t) => {
    const spine: Point = [body.waist[0] + (body.neckBase[0] - body.waist[0]) * t, body.waist[1] + (body.neckBase[1] - body.waist[1]) * t];
    return toBlock(spine, at) - CHEST_DEPTH;
  });
  return Math.min(...gaps);
}

/** The bottom of the Dinnie stone hanging from a hand. */
export const dinnieBottom = (hand: Point): number => hand[1] - DINNIE.drop;

/** The first problem of one implement in one frame, if any. */
function frameProblem(prop: HeldProp, body: Body): string | undefined {
  if (prop.kind === 'dinnie-stones') {
    for (const side of ['left', 'right'] as const) {
      const bottom = dinnieBottom(body.arms[side].hand);
      if (bottom < -FLOOR_TOLERANCE)
        return `the ${side} Dinnie stone is ${(-bottom * 100).toFixed(0)} cm into the floor; its ring hangs ${DINNIE.drop * 100} cm above its bottom`;
    }
  }
  if (prop.kind === 'rickshaw') {
    const bottom = heldAt(body, prop)[1] - RICKSHAW.drop;
    if (bottom < -FLOOR_TOLERANCE)
      return `the rickshaw's frame is ${(-bottom * 100).toFixed(0)} cm into the floor; it stands ${RICKSHAW.drop * 100} cm below its handles`;
  }
  if (prop.kind === 'husafell-stone') {
    const gap = husafellGap(body, heldAt(body, prop));
    if (Math.abs(gap) > TOLERANCE)
      return `the Husafell stone is ${(Math.abs(gap) * 100).toFixed(0)} cm ${gap > 0 ? 'off' : 'into'} the chest; it is hugged against it on the forearms`;
  }
  if (prop.kind === 'press-block') {
    const at = heldAt(body, prop);
    const head = blockHeadGap(body, at);
    if (head < -TOLERANCE)
      return `the press block passes ${(-head * 100).toFixed(0)} cm through the head; move the head back out of its path`;
    const chest = blockChestGap(body, at);
    if (chest < -TOLERANCE) return `the press block is ${(-chest * 100).toFixed(0)} cm into the chest; rack it in front of it`;
  }
  return undefined;
}

/** Every problem of the strongman implements of a motion, as messages for motion-check.ts (one per implement). */
export function strongmanImplementProblems(motion: Motion): string[] {
  const props = motion.held.filter(isStrongmanImplement);
  if (props.length === 0) return [];
  if (motion.view !== 'side') return props.map((prop) => `a ${prop.kind} is drawn from the side only`);
  const messages: string[] = [];
  for (const prop of props) {
    if (prop.kind === 'dinnie-stones' && prop.at !== 'hands') messages.push('the Dinnie stones are held one in each hand (holdIn hands)');
    if (prop.kind === 'rickshaw' && prop.at !== 'hands') messages.push("a rickshaw's handles are held one in each hand (holdIn hands)");
    if (prop.kind !== 'dinnie-stones' && prop.kind !== 'rickshaw' && prop.at !== 'hands')
      messages.push(`a ${prop.kind} is held in both hands (holdIn hands)`);
  }
  if (messages.length > 0) return messages;
  const reported = new Set<HeldProp>();
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const body = bodyAt(motion, seconds);
    for (const prop of props) {
      if (reported.has(prop)) continue;
      const message = frameProblem(prop, body);
      if (message === undefined) continue;
      reported.add(prop);
      messages.push(`at ${seconds.toFixed(2)} s ${message}`);
    }
  }
  return messages;
}
