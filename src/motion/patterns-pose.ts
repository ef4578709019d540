/**
 * The `pose` pattern: a movement written as its key poses (pose-params.ts), for the many exercises
 * no parameterized pattern covers (stretches, yoga and Pilates shapes, floor drills, mobility and
 * rehab movements). The author gives segment directions only; the pattern puts the figure on what is
 * under it (the floor, a bench, an incline seat, a box, a roller or a ball: its
 * lowest resting part touches it, in every key and every frame), promises a contact for every part
 * that rests there, marks standing keys for the balance check, and can put hands or feet on the
 * floor by inverse kinematics. What the author cannot get wrong is derived; what makes the movement
 * recognizable (the directions) stays theirs, checked by motion-check.ts like any other pattern.
 */
import type * as v from 'valibot';
import { cycleSeconds, type FixedProp, type HeldProp, type Key, type Motion } from './motion.ts';
import { handsOnLoad, heldProps, motion, pattern } from './pattern-kit.ts';
import { DEFAULT_CHAIN } from './dip-belt.ts';
import { machineScene } from './cardio-keys.ts';
import { hurdlesOf } from './hurdle.ts';
import { machineParts, rigidAnchorX, seatOf, withFeetKept } from './machine-place.ts';
import { handlesOf, heldOnHandles } from './machine-handles.ts';
import { placedKey } from './pose-keys.ts';
import { thrownKeys } from './flight-keys.ts';
import { barOf, hangingGrip, leaningOnRigs, placeRigs, rigTops, ropeHeld } from './pose-rigs.ts';
import { CARRIAGE_TOP, FOOT_END, headward } from './reformer.ts';
import { strapsHeld } from './reformer-straps.ts';
import { ballFlightOf } from './ball-params.ts';
import { releaseOf } from './implement-release-params.ts';
import { frontSeatOf } from './front-seat.ts';
import { roundTops } from './floor-tops.ts';
import { slidersOf } from './slider.ts';
import { hackSledOf, placeHackSled } from './hack-sled.ts';
import { sidePadsOf } from './front-seat-pads.ts';
import { handBandProp } from './hand-band.ts';
import { miniBandOf } from './mini-band.ts';
import { barOverTowels, hungTowelOf, onTowels } from './hung-towel.ts';
import { blocksOf } from './lifting-blocks.ts';
import { boardsOf } from './chest-boards.ts';
import { chainHandlesOf, heldNames } from './chain-handles.ts';
import { floorLoadOf, heldOffFloor } from './floor-load.ts';
import { bellsOn, handsAboveFloor, onBells } from './floor-bells.ts';
import { barbellFields, withSleeveGrip } from './loaded-bar-params.ts';
import { ParamsSchema, type PoseParams } from './pose-params.ts';
import { pose, type Point, type View } from './skeleton.ts';
import { pointOf, RESTING_POINTS, supportsOf } from './timeline.ts';
import { aboveMotion } from './view-above.ts';
import { BAR_POST_AHEAD, barHeight, gripOf } from './pose-grip.ts';
import { handRestOf } from './hand-rest.ts';

function extent(keys: readonly Key[], view: View): { width: number; height: number; x0: number; x1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const k of keys) {
    const body = pose(k.angles, view, [0, 0]);
    const shift = pointOf(body, k.anchor.point);
    for (const point of RESTING_POINTS) {
      const [x, y] = pointOf(body, point);
      xs.push(x - shift[0] + k.anchor.at[0]);
      ys.push(y - shift[1] + k.anchor.at[1]);
    }
  }
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  return { width: x1 - x0, height: Math.max(...ys) - Math.min(0, ...ys), x0, x1 };
}

const BENCH_HEIGHT = 0.43;
const INCLINE_SEAT = 0.35;
const INCLINE_SEAT_HEIGHT = 0.45;
/** A decline bench's seat is its high end: the pad falls from it toward the head. */
const DECLINE_SEAT_HEIGHT = 0.55;
/** Props whose anchor may lie well beyond the figure: the picture is as wide as they need. */
const WIDENING: ReadonlySet<FixedProp['kind']> = new Set(['landmine', 'lever', 'straps', 'rings', 'battle-ropes', 'sled']);
/** A treadmill's deck: the figure runs on its belt, 12 cm up. */
const TREADMILL_DECK = 0.12;
/** Cones: height, and half their depth along the floor (hurdles: hurdle.ts). */
const CONE = { height: 0.23, half: 0.09 };
/** A landmine's sleeve pivots in a socket just off the floor. */
const LANDMINE_PIVOT = 0.06;

/** A reformer's footbar above the carriage when nothing in the first key is at it (reformer.ts). */
const FOOTBAR_DEFAULT = 0.3;

/** Whether a key's fixed point is a hand or foot at the footbar's x (within 5 cm). */
const isAtFootbar = ({ point, at }: Key['anchor'], reformer: FixedProp): boolean =>
  /Hand|Toe|Heel/.test(point) && Math.abs(at[0] - reformer.x0) < 0.05;

/** The footbar where the first key's fixed point meets it, else its usual setting. */
function footbarHeight(first: Key, reformer: FixedProp): number {
  return isAtFootbar(first.anchor, reformer) ? first.anchor.at[1] : CARRIAGE_TOP + FOOTBAR_DEFAULT;
}

/**
 * A key whose fixed hand or foot is at the footbar's x is on the footbar: its contact is promised there,
 * so `check` holds it to the bar in every key as any contact. Hands on the bar bear weight, so such a
 * key is not a standing one held to the balance check (an elephant's pike, a long stretch's plank).
 */
function onFootbar(k: Key, reformer: FixedProp): Key {
  if (!isAtFootbar(k.anchor, reformer)) return k;
  const { point } = k.anchor;
  const contacts = [...k.contacts, { point, on: 'footbar' }];
  return /Hand/.test(point) ? { ...k, isBalanced: false, contacts } : { ...k, contacts };
}

export const posePattern = pattern<PoseParams>({
  params: ParamsSchema as v.GenericSchema<unknown, PoseParams>,
  views: ['side', 'front', 'above'],
  build({ params, props, view: asked = 'side' }) {
    // Seen from above the figure lies on the floor, posed as the front view poses it (view-above.ts).
    if (asked === 'above') return aboveMotion(params, props);
    const view = asked;
    const tops: FixedProp[] = [];
    if (params.bench !== undefined)
      tops.push({ kind: 'bench', x0: params.bench[0], x1: params.bench[1], y: params.bench[2] ?? BENCH_HEIGHT });
    tops.push(...rigTops(params));
    // A hack sled's foot platform is a sloped top the feet stand on; its rails come with the placed keys (hack-sled.ts).
    const hackSled = params.hackSled === undefined ? undefined : hackSledOf(params.hackSled);
    if (hackSled !== undefined) tops.push(hackSled);
    tops.push(...seatOf(params), ...frontSeatOf(params));
    if (params.box !== undefined) tops.push({ kind: 'box', x0: params.box[0], x1: params.box[1], y: params.box[2] });
    if (params.incline !== undefined) {
      const [x, angle] = params.incline;
      tops.push({
        kind: 'incline',
        x0: angle > 0 ? x : x - INCLINE_SEAT,
        x1: angle > 0 ? x + INCLINE_SEAT : x,
        y: INCLINE_SEAT_HEIGHT,
        angle,
      });
    }
    if (params.decline !== undefined) {
      const [x, angle] = params.decline;
      tops.push({ kind: 'decline', x0: x, x1: x + INCLINE_SEAT, y: DECLINE_SEAT_HEIGHT, angle });
    }
    // Round things on the floor (a ball, a roller seen end on): what rests on them rests on their top.
    tops.push(...roundTops(params));
    if (params.treadmill !== undefined)
      tops.push({ kind: 'treadmill', x0: params.treadmill[0], x1: params.treadmill[1], y: TREADMILL_DECK });
    // The footbar's height is set below, from the placed keys; the carriage's pad is what they rest on.
    const reformer: FixedProp | undefined =
      params.reformer === undefined
        ? undefined
        : {
            kind: 'reformer',
            x0: params.reformer[0],
            x1: params.reformer[1],
            y: CARRIAGE_TOP + FOOTBAR_DEFAULT,
            rides: { point: params.carriage?.[0] ?? 'pelvis', offset: params.carriage?.[1] ?? 0 },
            ...(params.reformerStraps === undefined ? {} : { to: params.reformerStraps }),
          };
    if (reformer !== undefined) tops.push(reformer);
    const supports = supportsOf(tops);
    const grip = gripOf(props);
    const bar: Point | undefined = params.hang ? [0, barHeight(params.keys, view, grip.lowest)] : undefined;
    const towel = hungTowelOf(params, props, bar);
    // Chains on handles and a load lying on the floor are no held loads (chain-handles.ts, floor-load.ts).
    const names = heldOffFloor(heldNames(props, params.chainHandles), params.floorLoad) as typeof props;
    // A load on a dip belt hangs on the description's chain (dip-belt.ts).
    // A load held off its grip: its centre where heldOffset puts it (held-offset.ts).
    const carried: HeldProp[] = heldProps(names, () => params.holdIn).map((found) => {
      const prop = params.heldOffset === undefined ? found : { ...found, offset: params.heldOffset };
      if (prop.at === 'belt') return { ...prop, chain: params.beltChain ?? DEFAULT_CHAIN, straddle: params.beltStraddle === true };
      return barbellFields(prop, params);
    });
    // Dumbbells or kettlebells the planted hands rest on, on the floor (floor-bells.ts).
    const held = bellsOn(carried, params.bellsOnFloor);
    // Straps holding the hands, a sled the figure pushes or drags, or a Smith bar whose rails take what the
    // feet do not (a hack squat leaning back into it, feet a foot ahead) hold it up: not a key on the feet alone.
    // So does a machine's backrest or chest pad the trunk leans on, or a lever's pad the shoulders are
    // under (its rigid arm holds them to its arc: a standing calf raise with the heels dropped).
    const isHeldUp =
      (params.straps !== undefined && params.to !== 'feet') ||
      params.pads?.some((part) => part !== 'thighs') === true ||
      params.leverEnd === 'pad' ||
      params.hackSled !== undefined ||
      params.sled !== undefined ||
      (params.smith !== undefined && held.some((prop) => prop.kind === 'barbell'));
    // A travelling figure (a run, a walk, a sled push) is not in quiet stance either: its centre of mass
    // passes over the feet stride by stride, so its keys are not held to the standing balance check.
    const isHeldOrTravelling = isHeldUp || params.travel !== undefined;
    // How high handsOnFloor puts the hands: on the floor, an ab wheel's axle, a ball's middle, a bell's handle (floor-bells.ts).
    const handsAbove = handsAboveFloor(held, params.ballFlight?.floor !== undefined);
    // A cardio machine places the figure on its seat and pedals itself (cardio-keys.ts).
    const machine =
      params.machine === undefined ? undefined : machineScene(params.keys, view, params.machine, params.turns ?? 1, params.travel);
    // A chair back or counter the hands of handsOnRest rest on (hand-rest.ts).
    const [rest] = handRestOf(params, view);
    const placed =
      machine?.keys ??
      params.keys.map((k) =>
        onBells(
          placedKey(
            k,
            view,
            params.fixed,
            supports,
            barOf(params, k, bar),
            params.wall,
            isHeldOrTravelling,
            params.lowBar,
            handsAbove,
            rest,
          ),
          held,
        ),
      );
    // A bar on the back or racked in front is held there: the hands are on it at every key, and so
    // (their targets eased between keys) in every frame, never swinging free while it rides the shoulders.
    // (Seen from the front the bar lies across the picture and the hands stay where the arms put them.)
    const isOnShoulders = (params.holdIn === 'back' || params.holdIn === 'front-rack') && view === 'side';
    const loaded = isOnShoulders ? placed.map((k) => handsOnLoad(k, held)) : placed;
    if (reformer !== undefined) reformer.y = footbarHeight(loaded[0]!, reformer);
    // On a reformer with straps, each key moves along the frame as the taut rope carries it (reformer-straps.ts).
    const leaning = ropeHeld(params, leaningOnRigs(params, loaded), view).map((k) => onTowels(k, towel));
    const keys =
      reformer === undefined
        ? thrownKeys(heldOnHandles(params, withFeetKept(params, leaning), view), view)
        : strapsHeld(
            loaded.map((k) => onFootbar(k, reformer)),
            reformer,
            view,
          );
    if (hackSled !== undefined) placeHackSled(hackSled, keys, view);
    const box = extent(keys, view);
    const fixed: FixedProp[] = props.includes('mat') ? [{ kind: 'mat', x0: box.x0 - 0.15, x1: box.x1 + 0.15, y: 0.01 }] : [];
    fixed.push(...tops, ...(machine === undefined ? [] : [machine.machine]), ...miniBandOf(params.miniBand, props));
    fixed.push(...blocksOf(params.blocks, props, view), ...boardsOf(params.boards, props), ...chainHandlesOf(params.chainHandles));
    // An overhead bar held from ahead says where its post stands in x1 (render-fixed-props.ts).
    const barPost = grip.kind === 'bar' && params.barFrom === 'ahead' && view === 'side' ? BAR_POST_AHEAD : 0;
    if (bar !== undefined) fixed.push(...hangingGrip(grip.kind, barOverTowels(bar, towel), bar[0] + barPost, keys[0]!, view));
    if (towel !== undefined) fixed.push(towel);
    if (params.lowBar !== undefined) fixed.push({ kind: 'low-bar', x0: params.lowBar[0], x1: params.lowBar[0], y: params.lowBar[1] });
    if (params.heavyBag !== undefined) fixed.push({ kind: 'heavy-bag', x0: params.heavyBag - 0.17, x1: params.heavyBag + 0.17, y: 1.6 });
    if (params.sled !== undefined)
      fixed.push({
        kind: 'sled',
        // It runs from its posts away from the figure: ahead of it (pushed, or dragged walking backward)
        // or behind it (dragged by a harness), so its strap always leaves from the end toward the figure.
        x0: params.sled,
        x1: params.sled + (params.sled < 0 ? -0.9 : 0.9),
        y: 1.0,
        ...(params.sledStrap === undefined ? {} : { to: params.sledStrap }),
      });
    if (params.battleRopes !== undefined)
      fixed.push({ kind: 'battle-ropes', x0: params.battleRopes, x1: params.battleRopes, y: 0.1, to: 'hands' });
    if (params.strap !== undefined) fixed.push({ kind: 'yoga-strap', x0: 0, x1: 0, y: 0, to: params.strap });
    fixed.push(...slidersOf(params.sliders), ...(rest === undefined ? [] : [rest]));
    fixed.push(...floorLoadOf(params.floorLoad));
    if (params.jumpRope !== undefined)
      fixed.push({ kind: 'jump-rope', x0: 0, x1: 0, y: 0, period: cycleSeconds({ keys }) / params.jumpRope });
    for (const x of params.cones ?? []) fixed.push({ kind: 'cone', x0: x - CONE.half, x1: x + CONE.half, y: CONE.height });
    fixed.push(...hurdlesOf(params.hurdles, params.hurdleHeight));
    // A wall behind the figure (its face left of the fixed point) fills the space behind it.
    if (params.smith !== undefined) fixed.push({ kind: 'smith', x0: params.smith, x1: params.smith, y: 0 });
    if (params.wall !== undefined) fixed.push({ kind: 'wall', x0: params.wall, x1: params.wall + (params.wall < 0 ? -0.5 : 0.5), y: 0 });
    const rigEnds = placeRigs(fixed, params, props, keys, view, box);
    const lines = [
      ['cable', params.cable, params.to],
      ['band', typeof params.band === 'string' ? undefined : params.band, params.to],
      ['cable', params.cable2, params.to2],
      // Rings on straps (a ring row) unless the figure hangs from the rings themselves (then `hang` drew them).
      [props.includes('rings') && !params.hang ? 'rings' : 'straps', params.straps, params.to],
      ['landmine', params.landmine === undefined ? undefined : ([params.landmine, LANDMINE_PIVOT] as const), params.to],
    ] as const;
    fixed.push(...machineParts(params, keys, view), ...handlesOf(params, keys), ...sidePadsOf(params.sidePads, keys[0]!, view));
    if (typeof params.band === 'string') fixed.push(handBandProp(params.band, params.to));
    for (const [kind, at, to] of lines) {
      if (at === undefined) continue;
      const x = kind === 'cable' || kind === 'band' ? at[0] : rigidAnchorX(keys, view, at, to);
      fixed.push({ kind, x0: x, x1: x + (x < 0 ? -0.32 : 0.32), y: at[1], to });
    }
    withSleeveGrip(fixed, params);
    // A landmine's socket or a lever's pivot well beyond the figure widens the picture too; so does a
    // reformer's frame, from past its footbar to its head end.
    const ends = fixed.filter((prop) => WIDENING.has(prop.kind)).map((prop) => prop.x0);
    ends.push(...rigEnds);
    if (reformer !== undefined) ends.push(reformer.x0 - headward(reformer) * FOOT_END, reformer.x1);
    if (machine !== undefined) ends.push(machine.machine.x0, machine.machine.x1);
    const width = Math.max(box.x1, ...ends) - Math.min(box.x0, ...ends);
    const [start, end] = params.stills ?? [0, keys.length - 1];
    const result: Motion = motion({
      view,
      frame: params.frame ?? (width > box.height ? 'landscape' : 'portrait'),
      keys,
      stills: [start, end],
      fixed,
      held,
      pattern: 'pose',
      isGrounded: bar === undefined && machine === undefined,
      ...(params.loop === 'dissolve' ? { loop: 'dissolve' as const } : {}),
      ...(params.travel === undefined ? {} : { travel: params.travel }),
      ...(params.ballFlight === undefined ? {} : { ball: ballFlightOf(params)! }),
      ...(params.implementRelease === undefined ? {} : { implementRelease: releaseOf(params)! }),
    });
    return result;
  },
});
