/**
 * What `check` refuses of a Smith machine's bar pressed by the soles (smith-soles.ts), each naming `holdIn` and,
 * where it happens, the time: a load there that is not a barbell; the front view (the bar would lie across the
 * picture, its rails beside the figure: not drawn); a bar that leaves its rails, which hold it to a straight vertical
 * path; with both soles on it, a foot off the bar; and a sole that does not face up, where the bar would roll off it.
 */
import type { Motion } from './motion.ts';
import { type Body, distance } from './skeleton.ts';
import { barOnSole, isSoleHold, pressingFeet, soleTilt } from './smith-soles.ts';
import { firstFrameProblem, heldAt } from './timeline.ts';

/** Metres the bar may stray off its rails: they run straight up and down, so its path must too. */
const OFF_RAILS = 0.02;
/** Metres a sole may be off the bar it presses (the two feet of a press are on it together). */
const OFF_BAR = 0.02;
/** Degrees from straight up a sole pressing the bar may face: more, and the bar rolls off it. */
const SOLE_TILT = 45;

export function smithSolesProblems(motion: Motion): string[] {
  const held = motion.held.filter((prop) => isSoleHold(prop.at));
  if (held.length === 0) return [];
  const bar = held[0]!;
  if (bar.kind !== 'barbell' || motion.held.length !== 1)
    return ["holdIn: the soles press a Smith machine's bar: name barbell in props, and nothing else held"];
  const rails = motion.fixed.find((prop) => prop.kind === 'smith');
  if (rails === undefined) return ["holdIn: the soles press a Smith machine's bar: give its rails, smith"];
  if (motion.view !== 'side') return ["holdIn: a Smith machine's bar pressed by the soles is drawn from the side"];
  if (!isSoleHold(bar.at)) return [];
  const feet = pressingFeet(bar.at);
  const offRails = firstFrameProblem(motion, (body) => {
    const off = Math.abs(heldAt(body, bar)[0] - rails.x0);
    return off > OFF_RAILS
      ? `the bar at the soles is ${(off * 100).toFixed(0)} cm off the Smith machine's rails (x ${rails.x0.toFixed(2)}), which hold it to a straight vertical path`
      : undefined;
  });
  const offBar = (body: Body) => {
    const at = heldAt(body, bar);
    for (const side of feet) {
      const off = distance(barOnSole(body.legs[side]), at);
      if (off > OFF_BAR) return `the ${side} foot is ${(off * 100).toFixed(0)} cm off the Smith bar: both soles press it`;
    }
    return undefined;
  };
  const tilted = (body: Body) => {
    for (const side of feet) {
      const tilt = soleTilt(body.legs[side]);
      if (tilt > SOLE_TILT)
        return `the ${side} sole faces ${tilt.toFixed(0)}° from straight up: past ${SOLE_TILT}° the Smith bar rolls off it`;
    }
    return undefined;
  };
  const problems = [...offRails, ...(feet.length > 1 ? firstFrameProblem(motion, offBar) : []), ...firstFrameProblem(motion, tilted)];
  return problems.map((message) => `holdIn: ${message}`);
}
