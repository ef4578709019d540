/**
 * Exercises grouped by the facet values they have (a profile: every value of every facet at once), so
 * counting a match set costs one increment per matching exercise and a few adds per profile it
 * touches, not a popcount per value per word. A catalog has about as many profiles as distinct
 * exercises, and a grown one no more: 100x the catalog has 100x the exercises but the same profiles.
 */
import type { Steps } from '../../time-slices.ts';
import type { Bitset } from '../structures/bitset.ts';

/** Words of a bitset walked between two pauses of the build (32 positions each). */
const WORDS_PER_STEP = 1024;

export interface FacetProfiles {
  readonly size: number;
  /** position -> its profile. */
  readonly profileOf: Uint16Array | Uint32Array;
  /** profile -> start of its value slots in `slots` (length: profiles + 1). */
  readonly slotStart: Int32Array;
  /** The value slots (indexes into the bitsets the profiles were built from) of each profile. */
  readonly slots: Uint16Array;
  /** slot -> how many exercises of the whole catalog have it. */
  readonly totals: Int32Array;
  /** Scratch, reset after every count: how many of the counted positions have each profile, and which profiles were seen. */
  readonly profileCount: Int32Array;
  readonly touched: Int32Array;
}

/**
 * Profiles of `size` positions from the bitsets of every value slot (slot i is `bitsets[i]`), yielding
 * every few thousand positions. Each position walks a trie one slot at a time: its node after the last slot is its profile.
 */
export function* facetProfileSteps(size: number, bitsets: readonly Bitset[]): Steps<FacetProfiles> {
  const node = new Int32Array(size);
  const parent = [-1];
  const slotOfNode = [-1];
  for (let slot = 0; slot < bitsets.length; slot++) {
    // A node's child on this slot: looked up by node, for the nodes that exist before this slot's pass.
    const childOf = new Int32Array(parent.length).fill(-1);
    const bits = bitsets[slot]!;
    for (let from = 0; from < bits.length; from += WORDS_PER_STEP) {
      forEachBit(bits, from, Math.min(bits.length, from + WORDS_PER_STEP), size, (p) => {
        const at = node[p]!;
        let child = childOf[at]!;
        if (child < 0) {
          childOf[at] = child = parent.length;
          parent.push(at);
          slotOfNode.push(slot);
        }
        node[p] = child;
      });
      yield;
    }
  }
  return profilesOfNodes(size, node, parent, slotOfNode, bitsets.length);
}

/** Numbers the trie's leaves (the nodes positions ended on) as profiles and lists each one's slots. */
function profilesOfNodes(
  size: number,
  node: Int32Array,
  parent: readonly number[],
  slotOfNode: readonly number[],
  slotCount: number,
): FacetProfiles {
  const profileOfNode = new Int32Array(parent.length).fill(-1);
  const leaves: number[] = [];
  const profileOf = parent.length <= 0x10000 ? new Uint16Array(size) : new Uint32Array(size);
  const totals = new Int32Array(slotCount);
  for (let p = 0; p < size; p++) {
    const leaf = node[p]!;
    if (profileOfNode[leaf] === -1) profileOfNode[leaf] = leaves.push(leaf) - 1;
    profileOf[p] = profileOfNode[leaf]!;
  }
  const slotStart = new Int32Array(leaves.length + 1);
  const slots: number[] = [];
  leaves.forEach((leaf, profile) => {
    const path: number[] = [];
    for (let at = leaf; at > 0; at = parent[at]!) path.push(slotOfNode[at]!);
    slots.push(...path.reverse());
    slotStart[profile + 1] = slots.length;
  });
  const profiles = {
    size,
    profileOf,
    slotStart,
    slots: Uint16Array.from(slots),
    totals,
    profileCount: new Int32Array(leaves.length),
    touched: new Int32Array(leaves.length),
  };
  for (let p = 0; p < size; p++) profiles.profileCount[profileOf[p]!]! += 1;
  addProfileCounts(profiles, totals, fillTouched(profiles));
  return profiles;
}

/** Marks every profile touched (for the whole-catalog totals), returning how many there are. */
function fillTouched(profiles: FacetProfiles): number {
  for (let i = 0; i < profiles.touched.length; i++) profiles.touched[i] = i;
  return profiles.touched.length;
}

/** Calls `visit` with every set position of words `from` to `to` below `size`, skipping all-zero words. */
function forEachBit(bits: Bitset, from: number, to: number, size: number, visit: (position: number) => void): void {
  for (let w = from; w < to; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      const p = (w << 5) + (31 - Math.clz32(low));
      if (p < size) visit(p);
      word ^= low;
    }
  }
}

/** Adds the counts of the first `touched` profiles in the scratch to `counts` (per slot), and resets the scratch. */
function addProfileCounts(profiles: FacetProfiles, counts: Int32Array, touched: number): void {
  const { slotStart, slots, profileCount } = profiles;
  for (let i = 0; i < touched; i++) {
    const profile = profiles.touched[i]!;
    const count = profileCount[profile]!;
    for (let s = slotStart[profile]!; s < slotStart[profile + 1]!; s++) counts[slots[s]!]! += count;
    profileCount[profile] = 0;
  }
}

/**
 * Counts into the scratch the profiles of the positions set in `bits` (with `flip` -1: those not set),
 * returning how many distinct profiles it touched. Words with no such position are skipped whole.
 */
function tallyProfiles(profiles: FacetProfiles, bits: Bitset, flip: number): number {
  const { profileOf, profileCount, touched, size } = profiles;
  let touchedCount = 0;
  const lastWord = (size - 1) >>> 5;
  for (let w = 0; w <= lastWord; w++) {
    let word = (bits[w]! ^ flip) | 0;
    if (w === lastWord && (size & 31) !== 0) word &= (1 << (size & 31)) - 1;
    while (word !== 0) {
      const low = word & -word;
      const profile = profileOf[(w << 5) + (31 - Math.clz32(low))]!;
      if (profileCount[profile]!++ === 0) touched[touchedCount++] = profile;
      word ^= low;
    }
  }
  return touchedCount;
}

/**
 * slot -> how many of the positions in `matching` (undefined: all) have it, exactly. A set of at most
 * half the catalog is counted from its members; a denser one from the positions it lacks, taken from the totals.
 */
export function countBySlot(profiles: FacetProfiles, matching: Bitset | undefined, matchCount: number): Int32Array {
  const counts = new Int32Array(profiles.totals.length);
  if (matching === undefined || matchCount >= profiles.size) {
    counts.set(profiles.totals);
    return counts;
  }
  if (matchCount === 0) return counts;
  const isDense = matchCount * 2 > profiles.size;
  addProfileCounts(profiles, counts, tallyProfiles(profiles, matching, isDense ? -1 : 0));
  if (isDense) for (let s = 0; s < counts.length; s++) counts[s] = profiles.totals[s]! - counts[s]!;
  return counts;
}
