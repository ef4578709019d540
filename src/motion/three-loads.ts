/**
 * What the hands hold through a three-quarter clip (`"holds"`): a dumbbell in each hand, one in one hand only
 * (`left-dumbbell`, `right-dumbbell`: a one-arm row, a one-arm flye, the other hand free to rest), a kettlebell in one
 * hand (`left-kettlebell`, `right-kettlebell`: a one-arm press, a windmill, a get-up), or one load in both (a
 * kettlebell by its handle, a plate by its rim, a medicine ball between the palms, a barbell anywhere between its
 * collars). Each is placed from the hands
 * in every frame, as pieces in space (a cylinder, a sphere, a handle) that three-load-draw.ts paints among the
 * limbs by depth; its mass joins the body's in the balance check, and a load in both hands is only where the
 * hands are as far apart as it is wide (three-grip.ts says where; three-check.ts refuses them more than 2 cm off).
 */
import { DUMBBELL_HEAD, KETTLEBELL } from './bell-rest.ts';
import { type Side, SIDES } from './skeleton.ts';
import { type Arm3, type Body3, chestOf } from './three-figure.ts';
import { add3, axisOf, cross3, distance3, dot3, length3, lerp3, normalize3, scale3, sub3, type Vec3 } from './three-vec.ts';

export const HOLDS = [
  'dumbbells',
  'left-dumbbell',
  'right-dumbbell',
  'kettlebell',
  'left-kettlebell',
  'right-kettlebell',
  'plate',
  'medicine-ball',
  'barbell',
] as const;
export type Holds = (typeof HOLDS)[number];
/** A load in both hands: what is gripped with the two together, not a dumbbell in each or in one, nor a bell in one. */
export type BothHands = Exclude<
  Holds,
  'dumbbells' | 'left-dumbbell' | 'right-dumbbell' | 'left-kettlebell' | 'right-kettlebell' | 'barbell'
>;

/** How a kettlebell may be held at a key: in one hand or the other, or in both (where it changes hands). */
export const KETTLEBELL_HOLDS = ['kettlebell', 'left-kettlebell', 'right-kettlebell'] as const;
export type KettlebellHolds = (typeof KETTLEBELL_HOLDS)[number];

/**
 * A kettlebell changing hands between two keys (`from` at one, `to` at the next, one of them in both hands):
 * `weight` of the way from the one hold to the other, eased as the angles are, so the bell glides from under one
 * hand to between the two (or back) instead of jumping there.
 */
export interface HandOff {
  from: KettlebellHolds;
  to: KettlebellHolds;
  weight: number;
}
/** What the hands hold in one frame: a load through the clip, or a kettlebell on its way from hand to hand. */
export type Held = Holds | HandOff;

export const isKettlebellHold = (held: Held | undefined): held is KettlebellHolds => KETTLEBELL_HOLDS.some((hold) => hold === held);
/** A kettlebell in one hand, both, or on its way between them. */
export const isKettlebell = (held: Held | undefined): boolean => typeof held === 'object' || isKettlebellHold(held);

/** The hands holding a dumbbell each: both, one, or none (a load in both hands is not a dumbbell). */
export function dumbbellHands(holds: Held | undefined): readonly Side[] {
  if (holds === 'dumbbells') return SIDES;
  if (holds === 'left-dumbbell') return ['left'];
  if (holds === 'right-dumbbell') return ['right'];
  return [];
}

/** The hand holding a kettlebell alone, or undefined (none, or one in both hands). */
export function kettlebellHand(holds: Held | undefined): Side | undefined {
  if (holds === 'left-kettlebell') return 'left';
  if (holds === 'right-kettlebell') return 'right';
  return undefined;
}

/**
 * Sizes (metres) and masses (kilograms). A dumbbell: the planar renderer's head radius (bell-rest.ts), heads 5 cm
 * thick either side of a 13 cm grip (a hand's breadth and a little), 8 kg. A kettlebell: the planar one's bell and
 * drop below the handle, 12 kg, and where one hand racks it or locks it out (`rack`: oneHandBell). A 10 kg bumper
 * plate, 45 cm across (the standard diameter) and 3 cm thick. A medicine ball 24 cm across, 4 kg. A barbell: the
 * men's Olympic bar (IWF: 2.2 m long, 28 mm thick, its sleeves from the collars 131 cm apart, 20 kg) with a 10 kg
 * bumper plate (45 cm, 6 cm thick) on each sleeve against its collar, 40 kg in all.
 */
export const LOAD = {
  dumbbell: { head: DUMBBELL_HEAD, headWidth: 0.05, grip: 0.13, kg: 8 },
  kettlebell: { ...KETTLEBELL, handleHalf: 0.05, horn: 0.07, kg: 12, rack: { down: 0.06, out: 0.1 } },
  plate: { radius: 0.225, thickness: 0.03, kg: 10 },
  medicineBall: { radius: 0.12, kg: 4 },
  barbell: { half: 1.1, collar: 0.655, thickness: 0.028, plateRadius: 0.225, plateThickness: 0.06, kg: 20 + 2 * 10 },
} as const;

/**
 * A piece of a load in space: a disc or drum (its axis through its faces), a ball, or a bar along points. `side`: the
 * hand it is in, whose far tone it takes, `share` of it (all, unless a kettlebell is on its way to both hands).
 */
export type Piece =
  | { shape: 'cylinder'; centre: Vec3; axis: Vec3; radius: number; length: number; side?: Side; share?: number }
  | { shape: 'sphere'; centre: Vec3; radius: number; side?: Side; share?: number }
  /** `behind`: fists that close over the bar, so it is painted behind them too (a handle, a barbell's grip). */
  | { shape: 'bar'; points: Vec3[]; width: number; depthAt: Vec3; side?: Side; share?: number; behind?: readonly Vec3[] };

/**
 * Hand targets moved to hold a barbell `grip` apart: each along the line between the two, about their middle, by as
 * much (inverse kinematics then bends the elbows to reach them). The angles say where the bar goes; the hands stay
 * where they took it, as a lifter's do, so an arm pressing overhead does not slide its hand along the bar.
 */
export function onTheBar(hands: Record<Side, Vec3>, grip: number): Record<Side, Vec3> {
  const middle = lerp3(hands.left, hands.right, 0.5);
  const across = normalize3(sub3(hands.right, hands.left));
  return { left: add3(middle, across, -grip / 2), right: add3(middle, across, grip / 2) };
}

/** A held barbell's ends: 2.2 m through both grips, centred between them (as wide a grip on either side). */
export function barbellLine(body: Body3): [Vec3, Vec3] {
  const [left, right] = [body.arms.left.hand, body.arms.right.hand];
  const middle = lerp3(left, right, 0.5);
  const across = normalize3(sub3(right, left));
  return [add3(middle, across, -LOAD.barbell.half), add3(middle, across, LOAD.barbell.half)];
}

/**
 * A kettlebell's pieces on the way from one hold to another: every kettlebell hold gives the same two pieces (the
 * handle, the bell), so each point moves `weight` of the way, and the one hand's far tone fades in or out as the bell
 * comes from or goes to both (whose bell keeps the near tone). What is painted behind which fist goes with the nearer
 * hold.
 */
function handedOver(from: Piece[], to: Piece[], weight: number): Piece[] {
  return to.map((end, i): Piece => {
    const start = from[i]!;
    const side = start.side ?? end.side;
    const share = side === undefined ? {} : { side, share: (start.side === side ? 1 - weight : 0) + (end.side === side ? weight : 0) };
    const near = { ...(weight < 0.5 ? start : end), ...share };
    if (start.shape === 'bar' && end.shape === 'bar' && near.shape === 'bar')
      return {
        ...near,
        points: end.points.map((p, j) => lerp3(start.points[j]!, p, weight)),
        depthAt: lerp3(start.depthAt, end.depthAt, weight),
      };
    if (start.shape === 'sphere' && end.shape === 'sphere' && near.shape === 'sphere')
      return { ...near, centre: lerp3(start.centre, end.centre, weight) };
    throw new Error(`a kettlebell's piece ${i} is a ${start.shape} in one hold and a ${end.shape} in the other`);
  });
}

const smooth = (t: number) => {
  const x = Math.max(0, Math.min(1, t));
  return x * x * (3 - 2 * x);
};

/**
 * A dumbbell's handle direction: across the fist, along the elbow's hinge (what the bend of the arm shows, the
 * upper arm crossed with the forearm), so the knuckles' line lies across the arm's bending plane as a curl or a
 * fly holds it; as the elbow straightens (its bend under about 12 degrees no longer says which way it bends) it
 * turns to the hinge the angles give. Square to the forearm either way.
 */
export function dumbbellAxis(arm: Arm3): Vec3 {
  const forearm = normalize3(sub3(arm.hand, arm.elbow));
  const bend = cross3(normalize3(sub3(arm.elbow, arm.shoulder)), forearm);
  const sine = length3(bend);
  // A bend the inverse kinematics made the other way round still names the same hinge.
  const seen = dot3(bend, arm.hinge) < 0 ? scale3(bend, -1) : bend;
  const weight = smooth((sine - 0.1) / 0.2);
  const hinge = add3(scale3(normalize3(seen), weight), arm.hinge, 1 - weight);
  return normalize3(sub3(hinge, scale3(forearm, dot3(hinge, forearm))));
}

/**
 * Where a kettlebell held in one hand has its bell's centre. Hanging, straight below the handle (a swing's bottom, a
 * carry); racked or locked out, the forearm pointing up, it rests on the back of the forearm, 6 cm down it and 10 cm
 * out from the hand as the planar renderer draws it (render-props.ts), where a bell hanging straight down would pass
 * through the wrist. The back of the forearm is the way the chest faces turned round, or toward the head where the
 * forearm points the way the chest faces (a floor press, palms toward the feet): both at once, square to the forearm,
 * so neither wins by a switch. Between, the two places are mixed as the forearm rises (a clean's turn over the wrist).
 */
export function oneHandBell(body: Body3, side: Side): Vec3 {
  const arm = body.arms[side];
  const forearm = normalize3(sub3(arm.hand, arm.elbow));
  const hanging = add3(arm.hand, [0, -LOAD.kettlebell.drop, 0]);
  const back = add3(scale3(axisOf(body.chestFrame, 0), -1), axisOf(body.chestFrame, 1));
  const square = sub3(back, scale3(forearm, dot3(back, forearm)));
  if (length3(square) < 1e-6) return hanging;
  const { down, out } = LOAD.kettlebell.rack;
  const racked = add3(add3(arm.hand, forearm, -down), normalize3(square), out);
  return lerp3(hanging, racked, smooth((forearm[1] - 0.2) / 0.5));
}

/** The pieces of `held` in `body`'s hands. */
export function loadPieces(body: Body3, held: Held | undefined): Piece[] {
  if (held === undefined) return [];
  if (typeof held === 'object') return handedOver(loadPieces(body, held.from), loadPieces(body, held.to), held.weight);
  const holds = held;
  const [left, right] = [body.arms.left.hand, body.arms.right.hand];
  const middle = lerp3(left, right, 0.5);
  const across = normalize3(sub3(right, left));
  switch (holds) {
    case 'dumbbells':
    case 'left-dumbbell':
    case 'right-dumbbell':
      return dumbbellHands(holds).flatMap((side): Piece[] => {
        const arm = body.arms[side];
        const axis = dumbbellAxis(arm);
        const { head, headWidth, grip } = LOAD.dumbbell;
        const off = grip / 2 + headWidth / 2;
        return [
          { shape: 'bar', points: [add3(arm.hand, axis, -off), add3(arm.hand, axis, off)], width: 0.03, depthAt: arm.hand, side },
          { shape: 'cylinder', centre: add3(arm.hand, axis, -off), axis, radius: head, length: headWidth, side },
          { shape: 'cylinder', centre: add3(arm.hand, axis, off), axis, radius: head, length: headWidth, side },
        ];
      });
    case 'kettlebell': {
      // Hanging: the bell straight below the handle, whichever way the hands hold it.
      const { drop, radius, handleHalf, horn } = LOAD.kettlebell;
      const level = normalize3([across[0], 0, across[2]]);
      const [a, b] = [add3(middle, level, -handleHalf), add3(middle, level, handleHalf)];
      const down = (p: Vec3): Vec3 => add3(p, [0, -horn, 0]);
      return [
        { shape: 'bar', points: [down(a), a, b, down(b)], width: 0.025, depthAt: middle, behind: [left, right] },
        { shape: 'sphere', centre: add3(middle, [0, -drop, 0]), radius },
      ];
    }
    case 'left-kettlebell':
    case 'right-kettlebell': {
      // The handle across the fist as a dumbbell's lies, its horns running toward the bell, wherever the bell is.
      const side = kettlebellHand(holds)!;
      const hand = body.arms[side].hand;
      const bell = oneHandBell(body, side);
      const axis = dumbbellAxis(body.arms[side]);
      const toBell = normalize3(sub3(bell, hand));
      const { handleHalf, horn, radius } = LOAD.kettlebell;
      const [a, b] = [add3(hand, axis, -handleHalf), add3(hand, axis, handleHalf)];
      return [
        { shape: 'bar', points: [add3(a, toBell, horn), a, b, add3(b, toBell, horn)], width: 0.025, depthAt: hand, side, behind: [hand] },
        { shape: 'sphere', centre: bell, radius, side },
      ];
    }
    case 'plate': {
      // Its face toward the chest, as a plate is held out in front (a steering wheel); across the hands its diameter.
      const out = sub3(middle, chestOf(body));
      const facing = sub3(out, scale3(across, dot3(out, across)));
      const axis = length3(facing) > 1e-6 ? normalize3(facing) : normalize3(cross3(across, [0, 1, 0]));
      return [{ shape: 'cylinder', centre: middle, axis, radius: LOAD.plate.radius, length: LOAD.plate.thickness }];
    }
    case 'medicine-ball':
      return [{ shape: 'sphere', centre: middle, radius: LOAD.medicineBall.radius }];
    case 'barbell': {
      // The bar in pieces from end to end, cut at the collars, the grips and its middle, each painted by its own depth
      // (it runs 2.2 m across the picture's depth); a piece that ends at a grip is painted behind that fist too, so it
      // closes over the bar. A plate on each sleeve against its collar.
      const { half, thickness, collar, plateRadius, plateThickness } = LOAD.barbell;
      const [from, to] = barbellLine(body);
      const halfGrip = distance3(left, right) / 2;
      const cuts = [-half, -collar, -halfGrip, 0, halfGrip, collar, half].sort((a, b) => a - b);
      const at = (offset: number) => add3(middle, across, offset);
      const bars = cuts.slice(1).map((cut, i): Piece => {
        const start = cuts[i]!;
        const fist = [start, cut].find((end) => Math.abs(Math.abs(end) - halfGrip) < 1e-9);
        const behind = fist === undefined ? undefined : [fist < 0 ? left : right];
        return {
          shape: 'bar',
          points: [start === -half ? from : at(start), cut === half ? to : at(cut)],
          width: thickness,
          depthAt: at((start + cut) / 2),
          ...(behind === undefined ? {} : { behind }),
        };
      });
      const plateAt = collar + plateThickness / 2;
      return [
        ...bars,
        { shape: 'cylinder', centre: at(-plateAt), axis: across, radius: plateRadius, length: plateThickness },
        { shape: 'cylinder', centre: at(plateAt), axis: across, radius: plateRadius, length: plateThickness },
      ];
    }
  }
}
