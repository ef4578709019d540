/**
 * Draws the strongman implements of strongman-implements.ts from the body that holds them, in the flat
 * style of the other held props: a Husafell stone or a press block between the trunk and the near arm
 * (hugged, or gripped between the palms), the Dinnie stones hanging in front from the hands' rings.
 */
import type { Motion } from './motion.ts';
import type { Body, Point, Side } from './skeleton.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';
import { DINNIE, husafellCorners, isStrongmanImplement, PRESS_BLOCK, RICKSHAW } from './strongman-implements.ts';
import { heldAt } from './timeline.ts';

/** A Dinnie stone: an iron ring in the hand, a rounded boulder under it, flat where it stands on the floor. */
function dinnieStone(camera: Camera, hand: Point, side: Side): string {
  const half = DINNIE.width[side] / 2;
  const top = hand[1] - DINNIE.top;
  const bottom = hand[1] - DINNIE.drop;
  const [x] = hand;
  // Granite worn round: a broad shoulder, widest low, flat underneath (eight points clockwise from the top).
  const outline: Point[] = [
    [x - half * 0.45, top],
    [x + half * 0.5, top - 0.01],
    [x + half * 0.92, top - 0.09],
    [x + half, bottom + 0.12],
    [x + half * 0.8, bottom],
    [x - half * 0.85, bottom],
    [x - half, bottom + 0.1],
    [x - half * 0.9, top - 0.1],
  ];
  return (
    polygon(camera, outline, COLOURS.stoneEdge) +
    polygon(
      camera,
      outline.map(([px, py]) => [x + (px - x) * 0.93, bottom + 0.012 + (py - bottom) * 0.94] as Point),
      COLOURS.stone,
    ) +
    // The ring's eye is set in the stone's top: the ring reaches from it up into the hand.
    rect(camera, x - 0.015, top - 0.02, x + 0.015, top + 0.01, COLOURS.iron) +
    circle(camera, [x, hand[1] - DINNIE.ring + 0.01], DINNIE.ring, 'none', COLOURS.iron, 0.014)
  );
}

/** A rickshaw's frame seen from the side: the rail through the handles, a post at each end on its foot, plates on the pegs. */
function rickshawFrame(camera: Camera, handles: Point): string {
  const [x, y] = handles;
  const bottom = y - RICKSHAW.drop;
  const ends = [x - RICKSHAW.reach, x + RICKSHAW.reach];
  return [
    ...ends.map((end) => circle(camera, [end, bottom + RICKSHAW.plate], RICKSHAW.plate, COLOURS.iron, COLOURS.ironEdge, 0.012)),
    polyline(
      camera,
      [
        [ends[0]!, y],
        [ends[1]!, y],
      ],
      COLOURS.steel,
      0.04,
    ),
    ...ends.map((end) =>
      polyline(
        camera,
        [
          [end, y],
          [end, bottom + 0.02],
        ],
        COLOURS.steel,
        0.04,
      ),
    ),
    ...ends.map((end) => rect(camera, end - 0.12, bottom, end + 0.12, bottom + 0.035, COLOURS.steel)),
    // The handle in the hands: a thicker grip on the rail.
    polyline(
      camera,
      [
        [x - 0.09, y],
        [x + 0.09, y],
      ],
      COLOURS.iron,
      0.05,
    ),
  ].join('');
}

/**
 * The strongman implements of the frame in one layer: `between` the trunk and the near arm (a Husafell
 * stone hugged to the chest, a press block between the palms), or `over` the figure (the Dinnie stones,
 * beside the legs and in front of them as seen from the side). Empty for a motion that has none.
 */
export function strongmanSvg(camera: Camera, motion: Motion, body: Body, layer: 'between' | 'over'): string {
  const parts: string[] = [];
  for (const prop of motion.held) {
    if (!isStrongmanImplement(prop)) continue;
    if (prop.kind === 'dinnie-stones' && layer === 'over') {
      // The far (left, larger) stone first: the near one hangs in front of it.
      parts.push(dinnieStone(camera, body.arms.left.hand, 'left'), dinnieStone(camera, body.arms.right.hand, 'right'));
    }
    if (prop.kind === 'rickshaw' && layer === 'over') parts.push(rickshawFrame(camera, heldAt(body, prop)));
    if (prop.kind === 'husafell-stone' && layer === 'between') {
      const corners = husafellCorners(body, heldAt(body, prop));
      parts.push(polygon(camera, corners, COLOURS.stoneEdge));
      const [a, b, c, d] = corners;
      // A lighter face inset from the edge, so the slab reads as stone and not a shadow of the trunk.
      const inset = (p: Point, q: Point): Point => [p[0] + (q[0] - p[0]) * 0.08, p[1] + (q[1] - p[1]) * 0.08];
      parts.push(polygon(camera, [inset(a, c), inset(b, d), inset(c, a), inset(d, b)], COLOURS.stone));
    }
    if (prop.kind === 'press-block' && layer === 'between') {
      const [x, y] = heldAt(body, prop);
      const [w, h] = [PRESS_BLOCK.depth / 2, PRESS_BLOCK.height / 2];
      parts.push(rect(camera, x - w, y - h, x + w, y + h, COLOURS.steel, COLOURS.ironEdge));
      // Seen end on: a bevelled face, so the block reads as a block and not a hole in the picture.
      parts.push(
        polyline(
          camera,
          [
            [x - w + 0.04, y - h + 0.04],
            [x + w - 0.04, y - h + 0.04],
            [x + w - 0.04, y + h - 0.04],
            [x - w + 0.04, y + h - 0.04],
            [x - w + 0.04, y - h + 0.04],
          ],
          COLOURS.plateEdge,
          0.012,
        ),
      );
    }
  }
  return parts.join('');
}
