/**
 * The keys of a flight placed where the thrown body is at their time (thrown.ts): an author marks a key
 * `flight` and gives its shape; its height and its place along the floor follow from the take-off, the
 * touch-down and the time between them, so a key cannot hang the figure above or off its parabola.
 */
import type { Key, Motion } from './motion.ts';
import { bordersFlight, flightOf, thrownAt } from './thrown.ts';
import { add, type Point } from './skeleton.ts';
import { keyBody } from './timeline.ts';

/** The keys with each `flight` key's anchor moved so its pelvis is on its flight's parabola (it rests on nothing), its take-off and touch-down in motion. */
export function thrownKeys(keys: readonly Key[], view: Motion['view']): Key[] {
  const pelvisOf = (i: number): Point => keyBody(keys[i]!, view).body.pelvis;
  return keys.map((key, i) => {
    // A take-off and a touch-down are moments of a moving body, its centre of mass ahead of or behind
    // the feet as it pushes off or lands: not a quiet stance held to the balance check.
    if (key.flight !== true) return bordersFlight(keys, i) ? { ...key, isBalanced: false } : key;
    const flight = flightOf(keys, i)!;
    const at = thrownAt(pelvisOf(flight.takeoff), pelvisOf(flight.touchdown), flight.seconds, flight.into);
    const pelvis = pelvisOf(i);
    const shift: Point = [at[0] - pelvis[0], at[1] - pelvis[1]];
    // Hands on a load carried in the air (a bar on the back) go with the figure.
    const moved = (points: Key['hands']) =>
      points === undefined ? {} : Object.fromEntries(Object.entries(points).map(([side, p]) => [side, add(p, shift)]));
    return {
      ...key,
      anchor: { point: key.anchor.point, at: add(key.anchor.at, shift) },
      ...(key.hands === undefined ? {} : { hands: moved(key.hands) }),
      contacts: [],
      isBalanced: false,
    };
  });
}
