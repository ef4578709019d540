/**
 * The `pose` pattern's parameters for what a loaded bar or handle meets (renderer 1.21.0): lifting blocks under the
 * plates, boards on the chest, chains on handles; and how the hands hold a landmine's loaded sleeve (renderer 1.26.0). One
 * entry list here, so pose-params.ts stays under its length.
 */
import { CHAIN_HANDLES_ENTRIES } from './chain-handles.ts';
import { BOARDS_ENTRIES } from './chest-boards.ts';
import { BLOCKS_ENTRIES } from './lifting-blocks.ts';
import { LANDMINE_ENTRIES } from './landmine-sleeve.ts';

export { landmineMisfit } from './landmine-sleeve.ts';

export const LOADED_BAR_ENTRIES = { ...BLOCKS_ENTRIES, ...BOARDS_ENTRIES, ...CHAIN_HANDLES_ENTRIES, ...LANDMINE_ENTRIES };
