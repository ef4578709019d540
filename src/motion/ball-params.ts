/**
 * The `pose` pattern's parameter for a ball that leaves the hands (ball-flight.ts) that pose-params.ts
 * spreads into its schema, and the rules tying it to the keys, the wall and the loop. Apart so
 * pose-params.ts stays short.
 */
import * as v from 'valibot';
import type { BallFlight } from './motion.ts';

const keyIndex = v.pipe(v.number(), v.integer('must be a key index (0 is the first)'), v.minValue(0));

export const BALL_ENTRIES = {
  /**
   * A held ball (prop `ball`) that leaves the hands as the figure reaches key `release` and flies as a
   * thrown body (constant speed along the floor, one parabola under g): to the hands again at key
   * `catch`, by way of the wall's face (`wall`: `[key, height]`, met as the figure reaches that key) or the
   * floor (`floor`: the key at which it lands there, under where the hands pick it up at `catch`; `bounce`:
   * the key at which it meets the floor under where the hands catch it, and bounces up into them), or out
   * of the picture (`away`: `[direction, speed]`, the direction as a limb's, 90 forward level, 180 straight
   * up, and metres a second; the loop then dissolves back to the start, the next ball in the hands).
   */
  ballFlight: v.optional(
    v.strictObject({
      release: keyIndex,
      catch: v.optional(keyIndex),
      wall: v.optional(v.strictTuple([keyIndex, v.pipe(v.number(), v.minValue(0.2), v.maxValue(4))])),
      floor: v.optional(keyIndex),
      bounce: v.optional(keyIndex),
      away: v.optional(
        v.strictTuple([v.pipe(v.number(), v.minValue(-270), v.maxValue(270)), v.pipe(v.number(), v.minValue(1), v.maxValue(30))]),
      ),
    }),
  ),
};

type BallParams = {
  ballFlight?: v.InferOutput<NonNullable<(typeof BALL_ENTRIES)['ballFlight']>>;
  keys: readonly unknown[];
  wall?: number;
  loop: string;
};

/** What in a ball's flight does not fit the keys, the wall or the loop, as a message naming it, or nothing. */
export function ballMisfit(p: BallParams): string | undefined {
  const flight = p.ballFlight;
  if (flight === undefined) return undefined;
  const { release, catch: caught, wall, away } = flight;
  const floor = flight.floor ?? flight.bounce;
  if (flight.floor !== undefined && flight.bounce !== undefined)
    return 'ballFlight: the ball lands on the floor (floor) or bounces off it (bounce), not both';
  if ((caught === undefined) === (away === undefined))
    return 'ballFlight: the ball is either caught again (catch) or thrown out of the picture (away), one of them';
  if (away !== undefined && (wall !== undefined || floor !== undefined))
    return 'ballFlight: a ball thrown away meets no wall or floor in the picture';
  if (away !== undefined && p.loop !== 'dissolve')
    return 'ballFlight: a ball thrown out of the picture needs "loop": "dissolve" (the next ball is in the hands at the start)';
  if (wall !== undefined && floor !== undefined) return 'ballFlight: the ball meets the wall or lands on the floor, not both';
  if (wall !== undefined && p.wall === undefined) return 'ballFlight.wall: give the wall the ball meets (wall)';
  // A ball thrown away may leave at the last key: it flies on through the dissolve.
  const last = caught ?? p.keys.length;
  const between = wall?.[0] ?? floor;
  if (caught !== undefined && caught >= p.keys.length) return 'ballFlight.catch: must name a key of the description (0 is the first)';
  if (release >= last) return 'ballFlight: the ball is released at a key of the description before the one that catches it';
  if (between !== undefined && !(release < between && between < last))
    return 'ballFlight: the key at which the ball meets the wall or the floor comes after the release and before the catch';
  return undefined;
}

/** The flight a description's ball makes, as the Motion holds it. */
export function ballFlightOf(p: BallParams): BallFlight | undefined {
  const flight = p.ballFlight;
  if (flight === undefined) return undefined;
  return {
    release: flight.release,
    ...(flight.catch === undefined ? {} : { catch: flight.catch }),
    ...(flight.floor === undefined ? {} : { floor: flight.floor }),
    ...(flight.bounce === undefined ? {} : { bounce: flight.bounce }),
    ...(flight.wall === undefined ? {} : { wall: { key: flight.wall[0], height: flight.wall[1] } }),
    ...(flight.away === undefined ? {} : { away: { direction: flight.away[0], speed: flight.away[1] } }),
  };
}
