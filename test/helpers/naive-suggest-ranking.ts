/**
 * The reference for suggest/ranking.ts: its `rank` as it was before it read later slots from the
 * candidates' own words per candidate, kept verbatim (per-slot passes over every candidate, Map
 * lookups), so a property test can check the fast one gives the same positions and scores.
 */
import type { Budget } from '../../src/search/structures/budget.ts';
import type { Ranked } from '../../src/search/suggest/ranking.ts';
import { ALIAS_WEIGHT, NAME_START_BONUS, NAME_WEIGHT, PER_NAME_TERM } from '../../src/search/suggest/weights.ts';
import type { Slot } from '../../src/search/suggest/readings.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from '../../src/search/text/term-index.ts';

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
function topPositions(
  candidates: Int32Array,
  count: number,
  isMatch: (p: number) => boolean,
  score: Float32Array,
  limit: number,
): Int32Array {
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
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) {
    inAlias = Math.max(inAlias, slot.get(aliasTerms[t]!) ?? 0);
  }
  return inName * NAME_WEIGHT + inAlias * ALIAS_WEIGHT;
}

/** The best `limit` exercises that match every slot, and their scores: the reference for `rank`. */
export function naiveRank(terms: TermIndex, slots: readonly Slot[], limit: number, budget: Budget): Ranked {
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
      // Suggest's tie-break length is the base name's, less the canonical credit (text/term-index.ts, suggestLength).
      const rankLength = terms.suggestLength[p]!;
      score[p]! += (nameLength > 0 && first.has(nameTerms[nameStart[p]!]!) ? NAME_START_BONUS : 0) - PER_NAME_TERM * rankLength;
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
