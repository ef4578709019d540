/**
 * The joint angles `t` of the way from one key's to the next: each angle, the trunk's and legs' tilts toward
 * the viewer, the shoulders' girdle and the trunk's turn eased alike; arms tilted toward the viewer moved in
 * three dimensions. Apart from timeline.ts, which places the bodies they pose, so that file stays short.
 */
import { mixArmsIn3d } from './front-arms-depth.ts';
import { mixDepth } from './front-depth.ts';
import { mixGirdle } from './shoulder-girdle.ts';
import { type Angles, mix, type Side } from './skeleton.ts';
import { mixTwist } from './trunk-twist.ts';
import { mixWrist } from './wrist.ts';

export function mixAngles(a: Angles, b: Angles, t: number): Angles {
  const side = (s: Side) => ({
    leg: {
      hip: mix(a[s].leg.hip, b[s].leg.hip, t),
      knee: mix(a[s].leg.knee, b[s].leg.knee, t),
      ankle: mix(a[s].leg.ankle, b[s].leg.ankle, t),
    },
    arm: {
      shoulder: mix(a[s].arm.shoulder, b[s].arm.shoulder, t),
      elbow: mix(a[s].arm.elbow, b[s].arm.elbow, t),
      ...mixWrist(a[s].arm.wrist, b[s].arm.wrist, t),
    },
  });
  const toward = mixDepth(a.toward, b.toward, t);
  const twist = mixTwist(a.twist, b.twist, t);
  // Arms tilted toward the viewer move in three dimensions (front-arms-depth.ts); every other figure as mixed here.
  return mixArmsIn3d(a, b, t, {
    trunk: mix(a.trunk, b.trunk, t),
    spine: mix(a.spine, b.spine, t),
    neck: mix(a.neck, b.neck, t),
    ...(a.girdle === undefined && b.girdle === undefined ? {} : { girdle: mixGirdle(a.girdle, b.girdle, t) }),
    left: side('left'),
    right: side('right'),
    ...(toward === undefined ? {} : { toward }),
    ...(twist === undefined ? {} : { twist }),
  });
}
