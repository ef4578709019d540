/**
 * The `pose` pattern's parameters for rigs (valibot entries spread into pose-params.ts's schema): a power
 * rack's safety pins, a slant board, a glute-ham developer, a climbing rope, a ball pinned against the
 * wall, a machine's fixed handles (machine-handles.ts) and a dip belt's chain (dip-belt.ts). Apart so pose-params.ts stays short.
 */
import * as v from 'valibot';
import { BELT_ENTRIES } from './dip-belt.ts';
import { HANDLE_ENTRIES } from './machine-handles.ts';
import { WALL_SPOTS } from './motion.ts';

const between = (min: number, max: number, what: string) =>
  v.pipe(v.number(), v.minValue(min, `${what} is ${min} to ${max} m`), v.maxValue(max, `${what} is ${min} to ${max} m`));
const along = between(-3, 3, 'a place along the floor');
const pinHeight = between(0.2, 2.4, "a rack's pins' height");

export const RIG_ENTRIES = {
  /**
   * A power rack `[x, pins]` or `[x, pins, upper pins]` (prop `rack`, side view; rack.ts): the barbell rests
   * on its safety pins at x, their top `pins` metres up, at the bottom of the loop (a pin squat, a pin
   * press, a rack pull, a good morning off pins); with upper pins, the bar is driven up into them (an
   * isometric squat or press). The upright stands clear of the figure; the pins run from it past the bar.
   */
  rack: v.optional(
    v.union(
      [v.strictTuple([along, pinHeight]), v.strictTuple([along, pinHeight, pinHeight])],
      'rack is [x, pins] or [x, pins, upper pins], in metres',
    ),
  ),
  /**
   * The massage ball or stability ball of the props pinned between the wall (`wall`) and this spot of the
   * body (wall-ball.ts): `upper-back`, `lower-back` or `chest`. It rolls along the wall with the body, which
   * must keep it pinned in every frame.
   */
  /**
   * A slant board `[x0, x1, angle]` (prop `slant-board`; slant-board.ts): an inclined platform from x0 to x1
   * rising toward +x at `angle` degrees (toes up the slope: a calf stretch) or falling (negative: toes
   * down it, a decline squat). The feet stand along it: their direction is 90 plus the angle.
   */
  slantBoard: v.optional(
    v.strictTuple([
      along,
      along,
      v.pipe(
        v.number(),
        v.minValue(-35, 'a slant board slopes -35 to 35 degrees'),
        v.maxValue(35, 'a slant board slopes -35 to 35 degrees'),
      ),
    ]),
  ),
  /**
   * A glute-ham developer or roman chair `[x0, x1, height]` (prop `ghd`; ghd.ts): its pad from x0 to x1, its
   * top this high, what rests over it resting on it; rollers lock the ankles where the first key puts
   * them, on a foot plate under the soles, and hold them there through the loop.
   */
  ghd: v.optional(v.strictTuple([along, along, between(0.4, 1.3, "a glute-ham developer's pad height")])),
  /**
   * A climbing rope hanging at x from above the picture (prop `rope`, side view; rope.ts): every key gives
   * `grips`, where on it the left and right hands hold. With `hang` the figure hangs from them (a climb,
   * the loop returning by `"loop": "dissolve"`), else it stands and leans back on them (London bridges).
   */
  rope: v.optional(along),
  /**
   * A Pilates Wunda chair `[front x, back x]` (prop `wunda-chair`, side view; wunda-chair.ts): its seat spans
   * them, 62 cm up, a support; its sprung pedal is hinged low at the back, its bar in front of the box under
   * the balls of the first key's feet, and swings with them (footwork, a pike with the hands on the seat).
   */
  wundaChair: v.optional(v.strictTuple([along, along])),
  /**
   * The Hercules hold's pillars (prop `hercules-pillars`, front view; hercules-pillars.ts), leaning this many
   * degrees out from the figure, each held by the handle on its inner face in the first key's hand.
   */
  /**
   * A Pilates Cadillac `[feet-end x, head-end x]` (prop `cadillac`, side view; cadillac.ts): its padded table
   * spans them, 68 cm up, a support; the roll-down bar in the hands hangs on springs from the poles at the
   * feet end, which the soles stand flat against.
   */
  cadillac: v.optional(v.strictTuple([along, along])),
  herculesPillars: v.optional(
    v.pipe(v.number(), v.minValue(0, 'the pillars lean 0 to 25 degrees out'), v.maxValue(25, 'the pillars lean 0 to 25 degrees out')),
  ),
  wallBall: v.optional(v.picklist(WALL_SPOTS, `wallBall is one of ${WALL_SPOTS.join(', ')}`)),
  /**
   * An agility ladder flat on the floor (prop `agility-ladder`; agility-ladder.ts), with a rung at this x at
   * the loop's start; under a travelling drill its rungs scroll back with the floor.
   */
  agilityLadder: v.optional(
    v.pipe(
      v.number("agilityLadder is the x of a rung at the loop's start, in metres"),
      v.minValue(-3, "agilityLadder is the x of a rung at the loop's start, -3 to 3 m"),
      v.maxValue(3, "agilityLadder is the x of a rung at the loop's start, -3 to 3 m"),
    ),
  ),
  ...HANDLE_ENTRIES,
  ...BELT_ENTRIES,
};
