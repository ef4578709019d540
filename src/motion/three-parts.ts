/**
 * The parts of the three-quarter figure a key may plant on the floor, the points of the figure each rests
 * on, and how high each point's centre is when it rests there (the drawn thickness under it; the planar
 * figure's REST_HEIGHT where it has the point, resting.ts).
 */
import { REST_HEIGHT } from './resting.ts';
import type { Side } from './skeleton.ts';
import type { Body3 } from './three-figure.ts';
import { LOWER_BACK, SEAT_REST, seatOf } from './three-seat.ts';
import type { Vec3 } from './three-vec.ts';

const SIDED = ['Hand', 'Toe', 'Heel', 'Foot', 'Knee', 'Shin', 'Elbow', 'Forearm', 'Hip', 'Shoulder'] as const;
export const PARTS = [...SIDED.flatMap((part) => [`left${part}`, `right${part}`] as const), 'pelvis', 'lowerBack', 'back', 'head'] as const;
export type Part = (typeof PARTS)[number];

/** One point a part rests on: its name (the part's, or `leftFoot's heel`), where it is and how high it rests. */
export interface RestPoint {
  name: string;
  at: (body: Body3) => Vec3;
  rest: number;
  /** The hand or foot it belongs to, placed by inverse kinematics; undefined for a point the angles alone place. */
  end?: { limb: 'hand' | 'foot'; side: Side };
}

/**
 * Rest heights of the points the planar figure lacks: a hip joint lies about 8 cm above the floor when lying
 * on that side (the greater trochanter's soft tissue), a shoulder joint about 6 cm (the deltoid), a wrist 3 cm, an
 * ankle on its side or on the front of the shin 4 cm (the malleolus).
 */
const SIDE_LYING = { hip: 0.08, shoulder: 0.06, wrist: 0.03, ankle: 0.04 };

function sidedPoints(side: Side, part: (typeof SIDED)[number]): RestPoint[] {
  const name = `${side}${part}`;
  const foot = { limb: 'foot' as const, side };
  const heel: RestPoint = { name: `${name}'s heel`, at: (b) => b.legs[side].heel, rest: REST_HEIGHT.leftHeel, end: foot };
  const toe: RestPoint = { name: `${name}'s toe`, at: (b) => b.legs[side].toe, rest: REST_HEIGHT.leftToe, end: foot };
  switch (part) {
    case 'Hand':
      return [{ name, at: (b) => b.arms[side].hand, rest: REST_HEIGHT.leftHand, end: { limb: 'hand', side } }];
    case 'Toe':
      return [{ ...toe, name }];
    case 'Heel':
      return [{ ...heel, name }];
    case 'Foot':
      return [heel, toe];
    case 'Knee':
      return [{ name, at: (b) => b.legs[side].knee, rest: REST_HEIGHT.leftKnee }];
    case 'Shin':
      return [
        { name: `${name}'s knee`, at: (b) => b.legs[side].knee, rest: REST_HEIGHT.leftKnee },
        { name: `${name}'s ankle`, at: (b) => b.legs[side].ankle, rest: SIDE_LYING.ankle },
      ];
    case 'Elbow':
      return [{ name, at: (b) => b.arms[side].elbow, rest: REST_HEIGHT.leftElbow }];
    case 'Forearm':
      return [
        { name: `${name}'s elbow`, at: (b) => b.arms[side].elbow, rest: REST_HEIGHT.leftElbow },
        { name: `${name}'s wrist`, at: (b) => b.arms[side].wrist, rest: SIDE_LYING.wrist },
      ];
    case 'Hip':
      return [{ name, at: (b) => b.legs[side].hip, rest: SIDE_LYING.hip }];
    case 'Shoulder':
      return [{ name, at: (b) => b.arms[side].shoulder, rest: SIDE_LYING.shoulder }];
  }
}

/** The points a part rests on. */
export function restPoints(part: Part): RestPoint[] {
  // The pelvis rests on its two halves' undersides (three-seat.ts): seated, the sit bones; lying back, the buttocks.
  if (part === 'pelvis')
    return (['left', 'right'] as const).map((side) => ({
      name: `pelvis's ${side} seat`,
      at: (b: Body3) => seatOf(b, side),
      rest: SEAT_REST,
    }));
  if (part === 'lowerBack') return LOWER_BACK;
  if (part === 'back') return [{ name: part, at: (b) => b.neckBase, rest: REST_HEIGHT.neckBase }];
  if (part === 'head') return [{ name: part, at: (b) => b.head, rest: REST_HEIGHT.head }];
  const side: Side = part.startsWith('left') ? 'left' : 'right';
  return sidedPoints(side, part.slice(side.length) as (typeof SIDED)[number]);
}

/** Every point a key's planted parts rest on, each once (a foot and its toe name the same toe). */
export function plantedPoints(parts: readonly Part[]): RestPoint[] {
  const byPlace = new Map<string, RestPoint>();
  for (const point of parts.flatMap(restPoints)) {
    const key = point.name.replace(
      /(Foot|Shin)'s (heel|toe|knee)$/,
      (_, _part: string, end: string) => end[0]!.toUpperCase() + end.slice(1),
    );
    if (!byPlace.has(key)) byPlace.set(key, { ...point, name: key });
  }
  return [...byPlace.values()];
}
