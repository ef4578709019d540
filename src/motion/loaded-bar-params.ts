/**
 * The `pose` pattern's parameters for what a loaded bar or handle meets (renderer 1.21.0): lifting blocks under the
 * plates, boards on the chest, chains on handles; how the hands hold a landmine's loaded sleeve (renderer 1.26.0); and a
 * safety squat bar on the back (renderer 1.27.0). One entry list here, so pose-params.ts stays under its length.
 */
import { CHAIN_HANDLES_ENTRIES } from './chain-handles.ts';
import { BOARDS_ENTRIES } from './chest-boards.ts';
import { BLOCKS_ENTRIES } from './lifting-blocks.ts';
import { LANDMINE_ENTRIES, landmineMisfit } from './landmine-sleeve.ts';
import { SAFETY_BAR_ENTRIES, safetyBarMisfit } from './safety-bar.ts';

export { withSleeveGrip } from './landmine-sleeve.ts';
export { barbellFields } from './safety-bar.ts';

export const LOADED_BAR_ENTRIES = {
  ...BLOCKS_ENTRIES,
  ...BOARDS_ENTRIES,
  ...CHAIN_HANDLES_ENTRIES,
  ...LANDMINE_ENTRIES,
  ...SAFETY_BAR_ENTRIES,
};

/** Why a landmine's or a safety squat bar's fields do not fit the others, naming the field, or nothing. */
export const barMisfit = (p: Parameters<typeof landmineMisfit>[0] & Parameters<typeof safetyBarMisfit>[0]): string | undefined =>
  landmineMisfit(p) ?? safetyBarMisfit(p);
