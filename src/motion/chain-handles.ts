/**
 * Chains on loading handles (`chainHandles`: each chain's length, prop `chains`): a heavy chain hanging from a
 * handle in each hand (a chain press, a chain handle extension), its links piling on the floor as the hands come
 * down and lifting off it as they rise. The barbell's chains hang from its sleeves (render-props.ts); these hang
 * from the hands, beside the body and the bench: seen from the side the far chain hangs behind the figure and the
 * bench, paler like the far limbs, and the near one in front of them, dark like a barbell's chain, as a camera on
 * the figure's left sees them. Until stop 58 only the far one was drawn, so that no chain crossed the trunk or the
 * face; its reviewer read that chain, behind the chest and the bench, as hanging through them. What `check`
 * refuses: a chain that hangs clear of the floor (the records keep links on it throughout), and chain handles
 * with a barbell.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import type { Body, Side } from './skeleton.ts';
import { type Camera, circle, COLOURS, rect } from './svg-kit.ts';
import { firstFrameProblem } from './timeline.ts';

/** A link's pitch along the chain and its drawn radius; links in a row of the pile (metres). */
const LINK = { pitch: 0.045, radius: 0.022, perRow: 5 } as const;
/** Paler than the iron of a held chain: it hangs behind the figure, as the far limbs are drawn. */
const BEHIND = { link: '#7f8188', handle: '#55575d' } as const;

export const CHAIN_HANDLES_ENTRIES = {
  /**
   * A chain hanging from a handle in each hand (prop `chains`; chain-handles.ts): each chain's length in metres, 0.6
   * to 2.5; what the hands' height leaves of it piles on the floor.
   */
  chainHandles: v.optional(
    v.pipe(v.number(), v.minValue(0.6, 'a chain is at least 0.6 m long'), v.maxValue(2.5, 'a chain is at most 2.5 m long')),
  ),
};

/** The chains of a description: one fixed prop saying how long they are (drawn from the hands each frame). */
export function chainHandlesOf(length: number | undefined): FixedProp[] {
  // It hangs inside the figure's extent, from the hands to the floor: the point widens nothing.
  return length === undefined ? [] : [{ kind: 'chains', x0: 0, x1: 0, y: 0.5, size: length }];
}

/** The held props' names with the chains left out when they hang from handles, not from a barbell's sleeves. */
export const heldNames = (props: readonly string[], length: number | undefined): readonly string[] =>
  length === undefined ? props : props.filter((prop) => prop !== 'chains');

/** A hand's chain in a frame (the far, right hand's unless said): the handle it hangs from, the height its hanging part ends at, and the length piled on the floor. */
export function chainAt(body: Body, length: number, side: Side = 'right'): { x: number; handle: number; end: number; piled: number } {
  const [x, handle] = body.arms[side].hand;
  return { x, handle, end: Math.max(0, handle - length), piled: Math.max(0, length - handle) };
}

/** The far chain behind the figure and whatever stands under it: its handle, its links down to the floor, the pile on it. */
export function chainHandlesSvg(camera: Camera, motion: Motion, body: Body): string {
  return chainSvg(camera, motion, body, 'right', BEHIND);
}

/** The near chain, from the near (left) hand, over the figure and the bench, in a barbell chain's iron. */
export function nearChainSvg(camera: Camera, motion: Motion, body: Body): string {
  return chainSvg(camera, motion, body, 'left', { link: COLOURS.iron, handle: COLOURS.iron });
}

function chainSvg(camera: Camera, motion: Motion, body: Body, side: Side, colours: { link: string; handle: string }): string {
  const prop = motion.fixed.find((p) => p.kind === 'chains');
  if (prop?.size === undefined) return '';
  const { x, handle, end, piled } = chainAt(body, prop.size, side);
  const parts = [rect(camera, x - 0.05, handle - 0.02, x + 0.05, handle + 0.02, colours.handle)];
  for (let y = handle - 0.04; y > end + LINK.radius; y -= LINK.pitch)
    parts.push(circle(camera, [x, y], LINK.radius, 'none', colours.link, 0.014));
  // The links on the floor heap beside where the chain meets it, rows of five, each row up one link's height.
  const links = Math.round(piled / LINK.pitch);
  for (let k = 0; k < links; k += 1) {
    const [row, col] = [Math.floor(k / LINK.perRow), k % LINK.perRow];
    const shift = row % 2 === 0 ? 0 : LINK.pitch / 2;
    parts.push(
      circle(camera, [x + (col - 2) * LINK.pitch * 0.8 + shift, LINK.radius + row * 0.03], LINK.radius, 'none', colours.link, 0.014),
    );
  }
  return parts.join('');
}

/** The first problem of the chain handles through the loop, if any, as a message for motion-check.ts. */
export function chainHandlesProblems(motion: Motion): string[] {
  const prop = motion.fixed.find((p) => p.kind === 'chains');
  if (prop?.size === undefined) return [];
  if (motion.held.some((p) => p.kind === 'barbell'))
    return ['chainHandles: chains on handles hang from the hands; a barbell carries its chains on its sleeves (leave chainHandles out)'];
  const length = prop.size;
  const found = firstFrameProblem(motion, (body) => {
    const { handle, end } = chainAt(body, length);
    return end > 0
      ? `the chain hangs clear of the floor (the handle ${(handle * 100).toFixed(0)} cm up, the chain ${(length * 100).toFixed(0)} cm long): make it longer, so links stay on the floor`
      : undefined;
  });
  return found.map((message) => `chainHandles: ${message}`);
}
