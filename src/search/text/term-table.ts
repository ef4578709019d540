/**
 * term -> term id as an open-addressing hash table in one Int32Array, for the exact lookups search
 * makes most (every typed term, every joined pair, every split of a run-together word).
 *
 * Why not a Map: the expander made one of every term on the serving thread at each reload, young objects
 * its collections then copied (issue 19; docs/performance.md#reloading-a-snapshot). The table is built
 * with the index, crosses from the reading process as bytes and is read in place; the radix tree
 * (flat-radix.ts) answers prefixes and typos, but walking it for an exact term took 10x a Map's time.
 */
import type { Steps } from '../../time-slices.ts';

/** Terms hashed between two pauses of a sliced build. */
const TERMS_PER_STEP = 8192;

/** FNV-1a over the UTF-16 code units. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The table of `terms` (id -> term, each once): slots of id + 1, 0 where empty, at most half full. */
export function* termTableSteps(terms: readonly string[]): Steps<Int32Array> {
  let size = 16;
  while (size < terms.length * 2) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let id = 0; id < terms.length; id++) {
    let at = hashOf(terms[id]!) & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = id + 1;
    if ((id + 1) % TERMS_PER_STEP === 0) yield;
  }
  return slots;
}

/** The id of exactly `term` in the table of `terms`, or -1. */
export function termIdIn(slots: Int32Array, terms: readonly string[], term: string): number {
  const mask = slots.length - 1;
  for (let at = hashOf(term) & mask; ; at = (at + 1) & mask) {
    const slot = slots[at]!;
    if (slot === 0) return -1;
    if (terms[slot - 1] === term) return slot - 1;
  }
}
