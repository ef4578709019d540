/**
 * The view from above (`view: "above"`): a figure lying on its back or front on the floor, or along a foam roller under
 * its spine, posed as the front view poses it and laid along the picture, head to the left (render-above.ts). What a
 * front-view key tilts toward the viewer is lifted off the floor: a thigh and shank's `toward` raise a knee toward the
 * ceiling; parts with no tilt lie on the floor. Heights are read from the tilts, as the check and the drawing need them.
 */
import type { Depth } from './front-depth.ts';
import { mixDepth } from './front-depth.ts';
import type { AboveScene, FixedProp, Key, Motion } from './motion.ts';
import { heldProps, key, motion as motionOf } from './pattern-kit.ts';
import { anglesOf } from './pose-keys.ts';
import type { PoseParams } from './pose-params.ts';
import type { PropKind } from './prop-kinds.ts';
import { distance, type Point, pose, SEGMENT, SIDES, type Side } from './skeleton.ts';
import { locate } from './timeline.ts';

/**
 * Where the pelvis lies, in the front view's plane the figure is posed in (x across the body, y along it toward the head):
 * high enough that the legs, however they lie, stay above y = 0, which the front view's checks read as the floor.
 */
export const LYING_PELVIS: Point = [0, 1.1];
/** A foam roller under the spine: the trunk lies 15 cm up on it, so a foot planted on the floor is that far below the hips. */
export const ROLLER_HEIGHT = 0.15;
/** A flat bench under the trunk: its pad 43 cm up (the side view's bench). */
export const BENCH_HEIGHT = 0.43;

const RAD = Math.PI / 180;
/** A knee placed outward this far from where a key's directions put it is on the line's other side: it bends inward. */
const KNEE_SIDE = 0.01;

/** The feet a key plants on the floor (`feetOnFloor`). */
const plantedBy = (which: 'both' | Side | undefined): readonly Side[] => (which === undefined ? [] : which === 'both' ? SIDES : [which]);

/** The motion of a `pose` description seen from above: every key lies with its pelvis in one place, dumbbells at most in the hands. */
export function aboveMotion(params: PoseParams, props: readonly PropKind[]): Motion {
  const keys: Key[] = params.keys.map((k) => {
    const angles = anglesOf(k);
    // A planted foot is where the key's directions put it, and stays there between two keys that plant it:
    // its knee is found by inverse kinematics, outward of the line from the hip as the front view bends it,
    // or inward where the key's directions put it there (a knee dropping in toward the other foot).
    const posed = pose(angles, 'front', LYING_PELVIS);
    const planted = plantedBy(k.feetOnFloor);
    const feet = Object.fromEntries(planted.map((side) => [side, posed.legs[side].end]));
    const outward = pose(angles, 'front', LYING_PELVIS, { feet });
    const inward = planted.filter((side) => distance(outward.legs[side].middle, posed.legs[side].middle) > KNEE_SIDE);
    return key({
      name: k.name,
      angles,
      anchor: { point: 'pelvis', at: LYING_PELVIS },
      ...(planted.length > 0 ? { feet } : {}),
      ...(inward.length > 0 ? { kneesIn: Object.fromEntries(inward.map((side) => [side, true])) } : {}),
      hold: k.hold,
      move: k.move,
    });
  });
  const fixed: FixedProp[] = [];
  // Drawn from the figure by render-above.ts: the mat under it, the roller along its spine, the strap to the foot.
  if (props.includes('mat')) fixed.push({ kind: 'mat', x0: 0, x1: 0, y: 0.01 });
  if (props.includes('roller')) fixed.push({ kind: 'roller', x0: 0, x1: 0, y: ROLLER_HEIGHT });
  if (props.includes('bench')) fixed.push({ kind: 'bench', x0: 0, x1: 0, y: BENCH_HEIGHT });
  if (params.strap !== undefined) fixed.push({ kind: 'yoga-strap', x0: 0, x1: 0, y: 0, to: params.strap });
  const above: AboveScene = { lying: params.lying ?? 'back', planted: params.keys.map((k) => plantedBy(k.feetOnFloor)) };
  return motionOf({
    view: 'front',
    frame: 'landscape',
    keys,
    stills: params.stills ?? [0, keys.length - 1],
    fixed,
    // Dumbbells, one in each hand (render-above.ts draws them across the palm).
    held: heldProps(props, () => 'hands'),
    pattern: 'pose',
    above,
  });
}

/** The tilts toward the viewer `seconds` into the loop, eased between keys as the angles are. */
export function depthAt(motion: Motion, seconds: number): Depth | undefined {
  const { from, to, progress } = locate(motion, seconds);
  return mixDepth(motion.keys[from]!.angles.toward, motion.keys[to]!.angles.toward, progress);
}

/** How far the floor is below the hips (metres): 0 lying on it, a roller's or a bench's height lying along one. */
export const floorBelowHips = (motion: Motion): number =>
  motion.fixed.find((prop) => prop.kind === 'roller' || prop.kind === 'bench')?.y ?? 0;

/**
 * A leg's knee and ankle heights above the hips' (metres) from its tilts: a segment rises its length times the sine of its
 * tilt. The tilts keep their meaning on the body, toward its front: face up that is toward the ceiling, face down toward
 * the floor, so a shin pointing at the ceiling from a figure lying face down is tilted -90.
 */
export function legHeights(motion: Pick<Motion, 'above'>, depth: Depth | undefined, side: Side): { knee: number; ankle: number } {
  const up = motion.above?.lying === 'front' ? -1 : 1;
  const [thigh, shank] = depth?.[side] ?? [0, 0];
  const knee = up * SEGMENT.thigh * Math.sin(thigh * RAD);
  return { knee, ankle: knee + up * SEGMENT.shank * Math.sin(shank * RAD) };
}
