/**
 * The rules for marking keys `flight` in a pose description (thrown.ts): what a key in the air may not
 * say, because the thrown body decides it or because nothing holds a body in the air.
 */
import { bordersFlight } from './thrown.ts';

/** What of a pose key the rules read. */
interface FlightKey {
  name: string;
  flight?: true | undefined;
  air: number;
  at: number;
  hold: number;
  feetOnFloor?: unknown;
  handsOnFloor?: unknown;
  handsOnBar?: unknown;
  onToes?: unknown;
  step?: unknown;
  grips?: unknown;
}

/** A description's first misuse of `flight`, as a message, or nothing. */
export function flightMisuse(p: {
  keys: readonly FlightKey[];
  hang?: boolean | undefined;
  machine?: unknown;
  loop?: string;
}): string | undefined {
  const { keys } = p;
  if (!keys.some((k) => k.flight === true)) return undefined;
  if (p.hang === true || p.machine !== undefined)
    return 'flight is for a figure on the floor or a box, not one hanging from a bar or on a machine';
  if (keys.every((k) => k.flight === true))
    return 'a flight needs a key on a support before it (the take-off) and after it (the touch-down): not every key can be in the air';
  const n = keys.length;
  if (p.loop === 'dissolve' && (keys[0]!.flight === true || keys[n - 1]!.flight === true))
    return 'with loop dissolve no path is drawn from the last key to the first: a flight cannot begin or end across it';
  const label = (i: number) => `key ${i} "${keys[i]!.name}"`;
  for (let i = 0; i < n; i += 1) {
    const k = keys[i]!;
    if ((k.flight === true || bordersFlight(keys, i)) && k.hold !== 0)
      return `${label(i)}: a thrown body does not stop: hold 0 at the take-off, at each key in the air and at the touch-down`;
    if (k.flight !== true) continue;
    if (k.air !== 0 || k.at !== 0)
      return `${label(i)}: a key in the flight is as high and as far along as the thrown body is at its time: leave out air and at`;
    const placed = ['feetOnFloor', 'handsOnFloor', 'handsOnBar', 'onToes', 'step', 'grips'] as const;
    const resting = placed.find((name) => k[name] !== undefined);
    if (resting !== undefined) return `${label(i)}: a key in the flight rests on nothing: no ${resting}`;
  }
  return undefined;
}
