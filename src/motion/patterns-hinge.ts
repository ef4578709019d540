/**
 * The hinge pattern, side view: a deadlift from the floor or a Romanian deadlift from the hang, with a
 * barbell, dumbbells or a kettlebell. It solves the hip height so straight arms reach the load and the
 * centre of mass stays over the feet; a barbell's path goes round the knees (atKnees).
 */
import * as v from 'valibot';
import type { HeldProp, Key } from './motion.ts';
import { angles, flatFootLeg, leg } from './motion.ts';
import { FEET_ON, hanging, heelAt, heldProps, key, motion, pattern, pointIn } from './pattern-kit.ts';
import { solve } from './geometry.ts';
import { touchingFrontAt } from './bar-against-thighs.ts';
import { SEGMENT } from './body-measures.ts';
import { distance } from './geometry.ts';
import { FOREARM_REACH, type Point } from './skeleton.ts';
import { keyBody } from './timeline.ts';

/** How far in front of the bar a barbell deadlift's shoulders are at the floor (metres). */
const SHOULDERS_AHEAD = 0.03;
/** The trunk's lean and the thighs' direction (degrees from vertical, shins vertical) as a deadlift's bar passes mid-thigh. */
const MID_THIGH = { trunk: 42, thigh: 8 };
/**
 * A deadlift's trunk lean as the bar passes the knees (degrees from upright): the back angle it set up with,
 * held while the knees straighten. At 45 the hips sat far back on steeply sloping thighs, and the bar, drawn
 * on them, swung 12 cm back toward the hips and out again (stop 52's review).
 */
const KNEE_PASS_TRUNK = 64;

export const hinge = pattern({
  params: v.strictObject({ style: v.optional(v.picklist(['deadlift', 'romanian']), 'deadlift') }),
  views: ['side'],
  build({ params, props }) {
    // A barbell rides the front of the thighs from the knees to the lockout (bar-against-thighs.ts): hung
    // from straight arms its hub was drawn 5 cm inside them at the lockout (random review 29 failed a
    // Romanian and an axle deadlift for it), and held 10 degrees forward it floated in front of them.
    // Dumbbells hang beside the legs and a kettlebell between them, straight down.
    const held = heldProps(props, () => 'hands').map(
      (prop): HeldProp => (prop.kind === 'barbell' ? { ...prop, barAt: 'on-thighs' } : prop),
    );
    const standing = key({
      name: 'lockout',
      angles: angles({ legs: leg(0, 0, 0), arms: hanging(0, 0, 2) }),
      anchor: heelAt(0),
      contacts: FEET_ON('floor'),
      isBalanced: true,
      hold: 0.35,
    });
    const loadY = held.some((p) => p.kind === 'barbell') ? 0.225 : 0.2;
    // Only a barbell runs across the front of the shins: dumbbells hang beside the legs and a kettlebell
    // between them. A barbell goes over the middle of the foot, the shins leaning no further than lets it
    // touch them, not pass into them (at 10 cm from the heel with the shins at 22 degrees it was inside
    // them, review 7; at 12.5 cm and 12 degrees its hub was on the shin's drawn edge, stop 50's sweep: now
    // 14 cm and 10 degrees), and its path detours round the knees (atKnees, below).
    const isAcrossShins = held.some((prop) => prop.kind === 'barbell');
    // A Romanian deadlift lowers a barbell to just below the knees on soft knees, in front of the shins: at
    // 42 cm with the trunk at 68 degrees the knees bent 46 degrees and a reviewer read a squatting hinge
    // (stop 50's sweep); 12.5 cm from the heel put the bar's hub on the shins; at 46 cm, 15 cm from the heel
    // and 78 degrees the knees bend about 27 and the hub is clear of the shins, though a second reviewer still
    // found it touching the knee with the arms 27 degrees back: the bundled Romanian deadlift is a `pose`
    // description since stop 50, whose waypoint takes the hips back first. Dumbbells, hanging beside the
    // legs, keep 42 cm and 68 degrees: at 82 the hips barely went back and the elbows bent to bring the bells
    // to the knees (stop 50's review).
    const isLowHinge = params.style === 'romanian' && isAcrossShins;
    const bar: Point = [
      isAcrossShins ? (params.style === 'deadlift' ? 0.13 : 0.15) : 0.1,
      params.style === 'deadlift' ? loadY : isLowHinge ? 0.46 : 0.42,
    ];
    const shank = params.style === 'deadlift' ? (isAcrossShins ? -8 : -22) : isAcrossShins ? -5 : -8;
    // Hips as high as lets the arms reach the bar, the trunk leaning as far as balances.
    const bottom = (trunk: number, armReach = 0.6): Key => {
      const build = (thigh: number) =>
        key({
          name: 'bottom',
          angles: angles({ trunk, legs: flatFootLeg(trunk, thigh, shank), arms: hanging(trunk, -12, 2) }),
          anchor: heelAt(0),
          hands: { left: bar, right: bar },
          contacts: [...FEET_ON('floor')],
          isBalanced: true,
          hold: 0.15,
        });
      const reach = (thigh: number) =>
        Math.hypot(...(pointIn(build(thigh), 'neckBase').map((c, i) => c - bar[i]!) as [number, number])) - armReach;
      return build(solve(reach, 0, 100));
    };
    // A barbell deadlift sets up with straight arms and the shoulders a little in front of the bar: the trunk
    // at 55 degrees put them 2 cm behind it with the hips 5 cm above the knees, and 0.6 m of reach bent the
    // elbows back (a reviewer read a squat's start, random review 29). The lean is solved for it instead.
    const isBarbellPull = params.style === 'deadlift' && isAcrossShins;
    // Straight arms: 0.3 mm short of the full reach, as 2 mm short already bent the elbows 9 degrees.
    const straight = SEGMENT.upperArm + FOREARM_REACH - 0.0003;
    const ahead = (lean: number) => pointIn(bottom(lean, straight), 'neckBase')[0] - (bar[0] + SHOULDERS_AHEAD);
    const trunk = isBarbellPull ? solve(ahead, 45, 75) : params.style === 'deadlift' ? 55 : isLowHinge ? 78 : 68;
    // A key the bar passes without stopping, the shins vertical: held even 0.05 s, the eased moves either
    // side stalled the bar at the knees for a quarter of a second (random review 29).
    const passing = (name: string, lean: number, thigh: number, armsBack: number, move: number): Key =>
      key({
        name,
        angles: angles({ trunk: lean, legs: flatFootLeg(lean, thigh, 0), arms: hanging(lean, armsBack, 2) }),
        anchor: heelAt(0),
        contacts: [...FEET_ON('floor')],
        isBalanced: true,
        hold: 0,
        through: true,
        move,
      });
    // A deadlift's bar rises straight up the shins: the knees go back out of its way before it reaches
    // them (shins vertical, the trunk still leaning) and come forward again only after it has passed
    // them on the way down. Eased straight from the floor to the lockout, the knees stayed forward and
    // the bar went through them (review 7).
    const atKnees = (name: string, move: number): Key => {
      const build = (thigh: number) => {
        const k = passing(name, KNEE_PASS_TRUNK, thigh, -12, move);
        const knee = keyBody(k, 'side').body.legs.left.middle;
        // Just above the knee, touching the front of the thigh, over the same point of the foot as at the floor.
        const grip: Point = [bar[0], knee[1] + 0.04];
        return { k, grip };
      };
      const reach = (thigh: number) => {
        const { k, grip } = build(thigh);
        return Math.hypot(...(pointIn(k, 'neckBase').map((c, i) => c - grip[i]!) as [number, number])) - 0.6;
      };
      const { k, grip } = build(solve(reach, 0, 100));
      return { ...k, hands: { left: grip, right: grip } };
    };
    // Past the knees the knees are all but straight and the hips drive the bar up the thighs: eased
    // straight from the knees to the lockout, the thighs sloped back from bent knees and the bar, drawn on
    // them, swung 12 cm back toward the hips and out again (stop 52's review); with the shins tipped forward
    // under it a reviewer read a hitch. The grip is where straight arms reach the front of the thighs.
    const atMidThigh = (name: string, move: number): Key => {
      const k = passing(name, MID_THIGH.trunk, MID_THIGH.thigh, 0, move);
      const body = keyBody(k, 'side').body;
      const { root: hip, middle: knee } = body.legs.left;
      const frontAt = (y: number): Point => [touchingFrontAt(body, y) ?? knee[0], y];
      const grip = frontAt(solve((y) => distance(body.neckBase, frontAt(y)) - straight, knee[1], hip[1]));
      return { ...k, hands: { left: grip, right: grip } };
    };
    return motion({
      view: 'side',
      frame: 'portrait',
      keys:
        params.style === 'romanian'
          ? [standing, bottom(trunk)]
          : isAcrossShins
            ? [
                bottom(trunk, straight),
                atKnees('bar past the knees', 0.35),
                atMidThigh('bar at mid-thigh', 0.35),
                standing,
                atMidThigh('bar back at mid-thigh', 0.25),
                atKnees('bar back at the knees', 0.5),
              ]
            : [bottom(trunk), standing],
      fixed: [],
      held,
      pattern: 'hinge',
    });
  },
});
