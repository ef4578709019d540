/**
 * Upper-body patterns while standing: curl, overhead press, bent-over row and raises (lateral, seen
 * from the front; front, seen from the side).
 */
import * as v from 'valibot';
import { angles, arm, flatFootLeg, leg } from './motion.ts';
import { ANKLE_Y, balanced, FEET_ON, hanging, heelAt, heldProps, key, motion, pattern, pointIn, unit } from './pattern-kit.ts';
import { add, direction, type Point } from './skeleton.ts';
import { keyBody } from './timeline.ts';

export const curl = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    const k = (name: string, shoulder: number, elbow: number) =>
      key({
        name,
        angles: angles({ legs: leg(0), arms: arm(shoulder, elbow) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.3,
      });
    return motion({ view: 'side', frame: 'portrait', keys: [k('arms long', 2, 4), k('top', 12, 138)], fixed: [], held, pattern: 'curl' });
  },
});

export const overheadPress = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    const base = (name: string) =>
      key({ name, angles: angles({ legs: leg(0) }), anchor: heelAt(0), contacts: FEET_ON('floor'), isBalanced: true, hold: 0.3 });
    const neck = pointIn(base('rack'), 'neckBase');
    const rack: Point = add(neck, [0.13, 0.02]);
    const lockout: Point = add(neck, [0.03, 0.6]);
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [
        { ...base('rack'), hands: { left: rack, right: rack } },
        { ...base('lockout'), hands: { left: lockout, right: lockout } },
      ],
      fixed: [],
      held,
      pattern: 'overhead-press',
    });
  },
});

export const row = pattern({
  params: v.strictObject({ lean: unit(30, 80, 65) }),
  views: ['side'],
  build({ params, props }) {
    const held = heldProps(props, () => 'hands');
    // Balanced by sitting the hips back: the shanks lean, the knees keep their bend.
    const k = (name: string) => (shank: number) =>
      key({
        name,
        angles: angles({ trunk: params.lean, legs: flatFootLeg(params.lean, shank + 40, shank), arms: hanging(params.lean, 0, 3) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.25,
      });
    const hang = balanced(k('arms long'), -40, 20, held);
    const body = keyBody(hang, 'side').body;
    // The bar comes to the lower ribs: in front of the trunk, a third of the way up from the waist.
    const along = add(body.waist, [(body.neckBase[0] - body.waist[0]) * 0.3, (body.neckBase[1] - body.waist[1]) * 0.3]);
    const front = direction(90 - hang.angles.trunk);
    const pulled: Point = add(along, front, 0.16);
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [hang, { ...hang, name: 'pulled', hands: { left: pulled, right: pulled } }],
      fixed: [],
      held,
      pattern: 'row',
    });
  },
});

/** Raises: arms from the sides to shoulder height, out to the side (front view) or to the front (side view). */
export const raise = pattern({
  params: v.strictObject({ direction: v.optional(v.picklist(['lateral', 'front']), 'lateral') }),
  views: ['front', 'side'],
  build({ params, props }) {
    const held = heldProps(props, () => 'hands');
    if (params.direction === 'lateral') {
      const k = (name: string, shoulder: number, elbow: number) =>
        key({
          name,
          angles: angles({ legs: leg(2, 3, 0), arms: arm(shoulder, elbow) }),
          anchor: { point: 'pelvis', at: [0, ANKLE_Y + 0.848] },
          feet: { left: [0.13, ANKLE_Y], right: [-0.13, ANKLE_Y] },
          contacts: FEET_ON('floor'),
          isBalanced: true,
          hold: 0.3,
          move: 1,
        });
      return motion({
        view: 'front',
        frame: 'portrait',
        keys: [k('arms down', 12, 8), k('arms raised', 88, 12)],
        fixed: [],
        held,
        pattern: 'raise',
      });
    }
    // Seen from the side, the load out in front is balanced by a lean back at the ankles.
    const k = (name: string, shoulder: number) => (lean: number) =>
      key({
        name,
        angles: angles({ legs: flatFootLeg(0, lean, lean), arms: arm(shoulder, 8) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.3,
        move: 1,
      });
    const keys = [balanced(k('arms down', 5), -10, 10, held), balanced(k('arms raised', 88), -10, 10, held)];
    return motion({ view: 'side', frame: 'portrait', keys, fixed: [], held, pattern: 'raise' });
  },
});
