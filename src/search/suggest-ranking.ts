/**
 * How suggest.ts ranks the exercises that match every slot of a reading: by where the words matched
 * (name, alias, the name's start) and the name's length, ties by default order. Scratch arrays sized
 * to the catalog are kept per index and reset after each call, so a call allocates little at any size.
 */
import type { Budget } from './search-budget.ts';
import type { Slot } from './suggest-readings.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from './term-index.ts';

/**
 * A word matched in the name counts more than in an alias, and both add up (the exercise an alias
 * names is the one people mean); a name that starts with the typed text counts more still.
 */
export const NAME_WEIGHT = 3;
export const ALIAS_WEIGHT = 1;
export const NAME_START_BONUS = 2;
/** Among equal matches, shorter names first: "Bench Press" before "Close-Grip Paused Bench Press". */
export const PER_NAME_TERM = 0.05;

/** Per term index: scratch arrays sized to the catalog (no allocation per request). */
interface Scratch {
  readonly matched: Uint8Array;
  readonly score: Float32Array;
  readonly slotBest: Float32Array;
  readonly candidates: Int32Array;
}

const scratches = new WeakMap<TermIndex, Scratch>();

function scratchOf(terms: TermIndex): Scratch {
  let scratch = scratches.get(terms);
  if (scratch === undefined) {
    const n = terms.docCount;
    scratch = { matched: new Uint8Array(n), score: new Float32Array(n), slotBest: new Float32Array(n), candidates: new Int32Array(n) };
    scratches.set(terms, scratch);
  }
  return scratch;
}

/** The best `limit` of the candidates that matched every slot, by score, ties by position (default order). */
function topPositions(candidates: Int32Array, count: number, isMatch: (p: number) => boolean, score: Float32Array, limit: number): Int32Array {
  const best: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = candidates[i]!;
    if (!isMatch(p)) continue;
    const s = score[p]!;
    // Ties go to the earlier position whatever order the candidates came in (the order of the slot's words).
    if (best.length === limit && (s < score[best[limit - 1]!]! || (s === score[best[limit - 1]!]! && p > best[limit - 1]!))) continue;
    let at = best.length;
    while (at > 0 && (score[best[at - 1]!]! < s || (score[best[at - 1]!]! === s && best[at - 1]! > p))) at--;
    best.splice(at, 0, p);
    if (best.length > limit) best.pop();
  }
  return Int32Array.from(best);
}

/** Postings a slot's words hold: what reading it by postings costs. */
function postingsOf(terms: TermIndex, slot: Slot): number {
  let total = 0;
  for (const id of slot.keys()) total += terms.postingStart[id + 1]! - terms.postingStart[id]!;
  return total;
}

/** About how many name and alias words one exercise has: reading a candidate's own words costs this much. */
const WORDS_PER_EXERCISE = 24;

/** What a slot is worth in exercise `p`, read from its own name and alias words (weight x field weights). */
function valueInExercise(terms: TermIndex, p: number, slot: Slot): number {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = terms;
  let inName = 0;
  for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) inName = Math.max(inName, slot.get(nameTerms[t]!) ?? 0);
  let inAlias = 0;
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) inAlias = Math.max(inAlias, slot.get(aliasTerms[t]!) ?? 0);
  return inName * NAME_WEIGHT + inAlias * ALIAS_WEIGHT;
}

/** A reading's best exercises, best first, with their scores (readings are merged by score). */
export interface Ranked {
  positions: Int32Array;
  scores: Float32Array;
}

export const NOTHING: Ranked = { positions: new Int32Array(0), scores: new Float32Array(0) };

/**
 * The best `limit` exercises that match every slot. The slot with the fewest postings goes first and
 * makes the candidates; each later one is read from its postings, or, when the candidates are far
 * fewer than its postings (a one-letter prefix at 100x the catalog), from the candidates' own words.
 */
export function rank(terms: TermIndex, slots: readonly Slot[], limit: number, budget: Budget): Ranked {
  const { postingStart, postingDoc, postingFields, nameStart, nameTerms } = terms;
  const { matched, score, slotBest, candidates } = scratchOf(terms);
  const costs = slots.map((slot) => postingsOf(terms, slot));
  const order = slots.map((_, s) => s).sort((a, b) => costs[a]! - costs[b]!);
  let count = 0;
  try {
    for (let k = 0; k < order.length; k++) {
      const slot = slots[order[k]!]!;
      if (k > 0 && costs[order[k]!]! > count * WORDS_PER_EXERCISE) {
        budget.spend(count * WORDS_PER_EXERCISE);
        for (let i = 0; i < count; i++) {
          const p = candidates[i]!;
          if (matched[p] === k) slotBest[p] = valueInExercise(terms, p, slot);
        }
      } else {
        for (const [id, weight] of slot) {
          const end = postingStart[id + 1]!;
          budget.spend(end - postingStart[id]!);
          for (let j = postingStart[id]!; j < end; j++) {
            const fields = postingFields[j]!;
            if ((fields & (FIELD_NAME | FIELD_KEYWORDS)) === 0) continue;
            const p = postingDoc[j]!;
            if (matched[p] !== k) continue;
            // The first slot's postings make the candidates; later slots only score them.
            if (k === 0 && slotBest[p] === 0) candidates[count++] = p;
            const value = weight * (((fields & FIELD_NAME) !== 0 ? NAME_WEIGHT : 0) + ((fields & FIELD_KEYWORDS) !== 0 ? ALIAS_WEIGHT : 0));
            if (value > slotBest[p]!) slotBest[p] = value;
          }
        }
      }
      for (let i = 0; i < count; i++) {
        const p = candidates[i]!;
        if (slotBest[p]! > 0) {
          matched[p] = k + 1;
          score[p]! += slotBest[p]!;
          slotBest[p] = 0;
        }
      }
    }
    const first = slots[0]!;
    const all = slots.length;
    for (let i = 0; i < count; i++) {
      const p = candidates[i]!;
      if (matched[p] !== all) continue;
      const nameLength = nameStart[p + 1]! - nameStart[p]!;
      score[p]! += (nameLength > 0 && first.has(nameTerms[nameStart[p]!]!) ? NAME_START_BONUS : 0) - PER_NAME_TERM * nameLength;
    }
    const positions = topPositions(candidates, count, (p) => matched[p] === all, score, limit);
    return { positions, scores: Float32Array.from(positions, (p) => score[p]!) };
  } finally {
    // Only what this call touched is reset, so the scratch costs nothing per request at any catalog size.
    for (let i = 0; i < count; i++) {
      const p = candidates[i]!;
      matched[p] = 0;
      score[p] = 0;
      slotBest[p] = 0;
    }
  }
}

/**
 * The readings' suggestions merged by score, each position once (its best reading), at most
 * `limit`: "rdl" typed as an alias of several exercises ranks below its dictionary reading
 * "romanian deadlift" matched in names. Ties: default order.
 */
export function merged(lists: readonly Ranked[], limit: number): Int32Array {
  if (lists.length === 1) return lists[0]!.positions;
  const best = new Map<number, number>();
  for (const { positions, scores } of lists) {
    positions.forEach((p, i) => {
      if ((best.get(p) ?? -Infinity) < scores[i]!) best.set(p, scores[i]!);
    });
  }
  return Int32Array.from([...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit).map(([p]) => p));
}
