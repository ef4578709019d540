/**
 * What each piece of equipment, rig and feature checks of a description as a whole (a scrolling floor's
 * props, a rope's turn, a rack's pins, a thrown ball's flight, a dip belt's load, a jump's flight,
 * shoulders moved or legs bent where the view cannot show it, ...), as messages for motion-check.ts:
 * one list, so that a new feature adds its check here and motion-check.ts keeps to the contacts, ranges
 * and balance every description shares.
 */
import type { Motion } from './motion.ts';
import { floorProblems } from './agility-ladder.ts';
import { ropeProblems } from './jump-rope.ts';
import { rackProblems } from './rack.ts';
import { wallBallProblems } from './wall-ball.ts';
import { slantBoardProblems } from './slant-board.ts';
import { ghdProblems } from './ghd.ts';
import { captainsChairProblems } from './captains-chair.ts';
import { climbingRopeProblems } from './rope.ts';
import { handPropProblems } from './hand-props.ts';
import { handlesMisuse } from './machine-handles.ts';
import { strongmanImplementProblems } from './strongman-implements.ts';
import { wundaChairProblems } from './wunda-chair.ts';
import { herculesProblems } from './hercules-pillars.ts';
import { cadillacProblems } from './cadillac.ts';
import { groundingProblems } from './box-check.ts';
import { flightProblems } from './flight-check.ts';
import { hopProblems } from './hop.ts';
import { ballFlightProblems } from './ball-check.ts';
import { implementReleaseProblems } from './implement-release-check.ts';
import { releaseProblems } from './release-check.ts';
import { dipBeltProblems } from './dip-belt-check.ts';
import { girdleProblems } from './shoulder-girdle.ts';
import { wristProblems } from './wrist.ts';
import { viewProblems } from './view-check.ts';
import { handBandProblems } from './hand-band.ts';
import { frontSeatProblems } from './front-seat.ts';
import { sidePadProblems } from './front-seat-pads.ts';
import { aboveProblems } from './above-check.ts';
import { sliderProblems } from './slider.ts';
import { floorLoadProblems, rolledTowelProblems } from './floor-load.ts';
import { floorBellsProblems } from './floor-bells.ts';
import { kneeCreaseProblems } from './knee-crease.ts';
import { smithSolesProblems } from './smith-soles-check.ts';
import { miniBandProblems } from './mini-band.ts';
import { landmineSleeveProblems } from './landmine-sleeve.ts';
import { safetyBarProblems } from './safety-bar-check.ts';
import { hungTowelProblems } from './hung-towel.ts';
import { blocksProblems } from './lifting-blocks.ts';
import { boardsProblems } from './chest-boards.ts';
import { chainHandlesProblems } from './chain-handles.ts';
import { heldOffsetProblems } from './held-offset-check.ts';
import { hurdleBarProblems } from './hurdle.ts';
import { handRestProblems } from './hand-rest.ts';
import { hackSledProblems } from './hack-sled-check.ts';

/** Every whole-description problem the equipment and features find, in a fixed order. */
export const equipmentProblems = (motion: Motion): string[] =>
  // Seen from above the floor is the picture: the checks that read y as a height give way to above-check.ts.
  motion.above !== undefined ? aboveProblems(motion) : onTheGround(motion);

/** The problems of a figure seen from the side or the front, where y is a height. */
const onTheGround = (motion: Motion): string[] => [
  ...floorProblems(motion),
  ...ropeProblems(motion),
  ...rackProblems(motion),
  ...wallBallProblems(motion),
  ...slantBoardProblems(motion),
  ...ghdProblems(motion),
  ...captainsChairProblems(motion),
  ...climbingRopeProblems(motion),
  ...handPropProblems(motion),
  ...handlesMisuse(motion),
  ...strongmanImplementProblems(motion),
  ...wundaChairProblems(motion),
  ...herculesProblems(motion),
  ...cadillacProblems(motion),
  ...groundingProblems(motion),
  ...flightProblems(motion),
  ...hopProblems(motion),
  ...ballFlightProblems(motion),
  ...implementReleaseProblems(motion),
  ...releaseProblems(motion),
  ...dipBeltProblems(motion),
  ...girdleProblems(motion),
  ...wristProblems(motion.keys),
  ...viewProblems(motion),
  ...handBandProblems(motion),
  ...frontSeatProblems(motion),
  ...sidePadProblems(motion),
  ...sliderProblems(motion),
  ...floorLoadProblems(motion),
  ...floorBellsProblems(motion),
  ...rolledTowelProblems(motion),
  ...kneeCreaseProblems(motion),
  ...smithSolesProblems(motion),
  ...miniBandProblems(motion),
  ...hungTowelProblems(motion),
  ...blocksProblems(motion),
  ...boardsProblems(motion),
  ...chainHandlesProblems(motion),
  ...heldOffsetProblems(motion),
  ...landmineSleeveProblems(motion),
  ...safetyBarProblems(motion),
  ...hurdleBarProblems(motion),
  ...handRestProblems(motion),
  ...hackSledProblems(motion),
];
