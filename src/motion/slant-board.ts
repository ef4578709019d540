/**
 * A slant board: an inclined platform the feet stand on, toes up the slope (a calf stretch) or down it
 * (a decline squat). Its top is a sloped support (resting.ts reads its rise); a foot standing on it
 * stands along it, heel and toe both on the slope, which the check holds every key to.
 */
import type { FixedProp, Motion } from './motion.ts';
import { riseOf } from './slope.ts';
import { SIDES } from './skeleton.ts';
import { keyBody } from './timeline.ts';

/** The board's low end is this thick (metres). */
const LOW_END = 0.02;
/** A heel or toe this far off the slope while the other rests on it is a foot not standing along it. */
const ALONG_WITHIN = 0.02;

/** The board from x0 to x1 at `angle` degrees (positive: rising toward +x), its low end on the floor. */
export function slantBoardOf([x0, x1, angle]: readonly [number, number, number]): FixedProp {
  const rise = Math.tan((Math.abs(angle) * Math.PI) / 180) * (x1 - x0);
  return { kind: 'slant-board', x0, x1, y: angle > 0 ? LOW_END : LOW_END + rise, angle };
}

/** Keys in which a foot rests on the board by its heel or toe alone, not along the slope. */
export function slantBoardProblems(motion: Motion): string[] {
  const board = motion.fixed.find((prop) => prop.kind === 'slant-board');
  if (board === undefined) return [];
  if (motion.view !== 'side') return ['a slant board is drawn from the side only'];
  const heightAt = (x: number) => board.y + riseOf(board) * (x - board.x0);
  const problems: string[] = [];
  motion.keys.forEach((key, i) => {
    const { body } = keyBody(key, motion.view);
    for (const side of SIDES) {
      const isOnBoard = key.contacts.some((c) => c.on === 'slant-board' && c.point.startsWith(side) && /Heel|Toe/.test(c.point));
      if (!isOnBoard) continue;
      const { heel, toe } = body.legs[side];
      const off = Math.max(...[heel, toe].map(([x, y]) => Math.abs(y - heightAt(x))));
      if (off > ALONG_WITHIN)
        problems.push(
          `key ${i} "${key.name}": the ${side} foot is ${(off * 100).toFixed(0)} cm off the slant board at its ${
            Math.abs(heel[1] - heightAt(heel[0])) > ALONG_WITHIN ? 'heel' : 'toe'
          }: stand it along the slope (its direction ${(90 + (board.angle ?? 0)).toFixed(0)})`,
        );
    }
  });
  return problems;
}

/** The board's top end points, for drawing: its low end on the floor, its slope. */
export const slantTop = (board: FixedProp): readonly [number, number] => [board.y, board.y + riseOf(board) * (board.x1 - board.x0)];
