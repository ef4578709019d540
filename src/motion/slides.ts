/**
 * Finding parts that slide along what they rest on (`npm run media -- slides`), the commonest fault strict
 * reviews found: a planted foot or hand creeping while it should stay put.
 */
import type { BodyPoint, Motion } from './motion.ts';
import { carriageAt, reformerOf, ridingPoint } from './reformer.ts';
import type { Body } from './skeleton.ts';
import {
  clearance,
  FRAMES_PER_SECOND,
  figuresAt,
  frameCount,
  groundAt,
  pointOf,
  RESTING_POINTS,
  type Support,
  supportsOf,
} from './timeline.ts';
import { floorDrift } from './travel.ts';

/** A part this close to what is under it rests there, for finding slides (metres). */
const SLIDE_CONTACT = 0.015;

/** Where a resting part at `x` is along what it rests on: the floor (which travels under a travelling figure), or a reformer's carriage. */
function alongGround(motion: Motion, body: Body, x: number, seconds: number, supports: readonly Support[]): number {
  const ground = groundAt(x, supports).name;
  if (ground === 'floor') return x - floorDrift(motion, seconds);
  const reformer = ground === 'reformer' ? reformerOf(motion) : undefined;
  if (reformer === undefined) return x;
  const carriage = carriageAt(reformer, pointOf(body, ridingPoint(reformer))[0]);
  return x - (carriage.x0 + carriage.x1) / 2;
}

/** A part that slides along what it rests on: how far, and over which seconds of the loop. */
export interface Slide {
  point: BodyPoint;
  metres: number;
  from: number;
  to: number;
  /** Up or down a wall's face (a palm or a sole against it), rather than along the floor or a bench top. */
  onWall?: true;
}

/**
 * A hand or foot whose centre is this close to a wall's face rests on it (metres): the drawn hand and
 * foot are about 4 cm thick, and a palm pressed to the wall is drawn just off it.
 */
const WALL_CONTACT = 0.06;
const ON_WALL_POINTS: readonly BodyPoint[] = ['leftHand', 'rightHand', 'leftToe', 'rightToe', 'leftHeel', 'rightHeel'];

/**
 * Parts that slide while they rest (a hand, foot, knee or forearm moving along the floor or a bench top
 * while touching it, a palm or sole up or down a wall's face): review 5's commonest fault. A part rests while it is within 1.5 cm of what is under
 * it; across each stretch of frames where it rests, the spread of its positions along the floor is how
 * far it slid. A dissolve is not a path (timeline.ts), so it ends a stretch. Reported by `npm run media
 * -- slides`, not yet refused by the check (too many descriptions still slide to gate on it).
 * What moves is measured where it goes: a part on a travelling floor along that floor, a part on a
 * reformer along its carriage.
 */
export function slides(motion: Motion, atLeast = 0.06): Slide[] {
  const supports = supportsOf(motion.fixed);
  const walls = motion.fixed.filter((prop) => prop.kind === 'wall').map((prop) => prop.x0);
  return [
    ...slidesAlong(motion, atLeast, RESTING_POINTS, (body, point, t) => {
      // On the floor under a travelling figure, where the part is on the floor, which moves (travel.ts).
      const [x] = pointOf(body, point);
      return clearance(body, point, supports) < SLIDE_CONTACT ? alongGround(motion, body, x, t, supports) : undefined;
    }),
    // A palm or a sole against a wall slides up or down its face: random review 26 found a palm that slid 8 cm.
    ...slidesAlong(motion, atLeast, ON_WALL_POINTS, (body, point) => {
      const [x, y] = pointOf(body, point);
      return walls.some((face) => Math.abs(x - face) < WALL_CONTACT) ? y : undefined;
    }).map((slide): Slide => ({ ...slide, onWall: true })),
  ];
}

/**
 * For each of `points`, the worst stretch of frames over which it rests (`restingAt` gives where along
 * what it rests on, or undefined while it does not) and moves `atLeast` metres or more.
 */
function slidesAlong(
  motion: Motion,
  atLeast: number,
  points: readonly BodyPoint[],
  restingAt: (body: Body, point: BodyPoint, seconds: number) => number | undefined,
): Slide[] {
  const total = frameCount(motion);
  const found: Slide[] = [];
  for (const point of points) {
    let run: { x: number; t: number }[] = [];
    let worst: Slide | undefined;
    const close = () => {
      if (run.length > 1) {
        const xs = run.map((r) => r.x);
        const metres = Math.max(...xs) - Math.min(...xs);
        if (metres >= atLeast && (worst === undefined || metres > worst.metres))
          worst = { point, metres, from: run[0]!.t, to: run[run.length - 1]!.t };
      }
      run = [];
    };
    for (let frame = 0; frame <= total; frame += 1) {
      // The last frame is the first again: sampled there, reported as the loop's end.
      const t = frame / FRAMES_PER_SECOND;
      const figures = figuresAt(motion, (frame % total) / FRAMES_PER_SECOND);
      if (figures.length > 1) {
        close();
        continue;
      }
      const along = restingAt(figures[0]!.body, point, t);
      if (along !== undefined) run.push({ x: along, t });
      else close();
    }
    close();
    if (worst !== undefined) found.push(worst);
  }
  return found;
}
