/**
 * Sorted posting lists and the operations a query needs: the union of a few lists keeping each
 * exercise's best score (an atom's expansions, a slot's alternatives), and the intersection of lists
 * adding scores (the atoms of a phrase, the slots of an AND query). Lists are typed arrays sorted by
 * position; a term's own list is a view into the index with a weight, never copied.
 */
import type { Budget } from '../structures/budget.ts';
import type { Expansion } from '../text/term-expansion.ts';
import type { TermIndex } from '../text/term-index.ts';

export interface PostingList {
  readonly positions: Int32Array;
  /** Scores before `weight`. */
  readonly scores: Float32Array;
  /** FIELD_NAME | FIELD_KEYWORDS of the match. */
  readonly fields: Uint8Array;
  /** Multiplies every score (a typo or a completion weighs less than the term itself). */
  readonly weight: number;
}

export const EMPTY_LIST: PostingList = { positions: new Int32Array(0), scores: new Float32Array(0), fields: new Uint8Array(0), weight: 1 };

/**
 * Per-exercise scratch space, reused by every query on one index (searches run one at a time): dense
 * arrays for unions, and output buffers for intersections, whose results are then copied out at their
 * real size (usually far smaller than the shorter input).
 */
export class UnionScratch {
  readonly scores: Float32Array;
  readonly fields: Uint8Array;
  readonly marks: Uint32Array;
  readonly outPositions: Int32Array;
  readonly outScores: Float32Array;
  readonly outFields: Uint8Array;

  constructor(size: number) {
    this.scores = new Float32Array(size);
    this.fields = new Uint8Array(size);
    this.marks = new Uint32Array((size + 31) >>> 5);
    this.outPositions = new Int32Array(size);
    this.outScores = new Float32Array(size);
    this.outFields = new Uint8Array(size);
  }
}

/** Each term's posting list as a view into the index, made once per term (a view is an object to collect). */
export class TermLists {
  readonly index: TermIndex;
  readonly #views: (PostingList | undefined)[] = [];

  constructor(index: TermIndex) {
    this.index = index;
  }

  get(id: number, weight: number): PostingList {
    let view = this.#views[id];
    if (view === undefined) {
      const { postingStart, postingDoc, postingScore, postingFields } = this.index;
      const start = postingStart[id]!;
      const end = postingStart[id + 1]!;
      view = {
        positions: postingDoc.subarray(start, end),
        scores: postingScore.subarray(start, end),
        fields: postingFields.subarray(start, end),
        weight: 1,
      };
      this.#views[id] = view;
    }
    return weight === 1 ? view : { positions: view.positions, scores: view.scores, fields: view.fields, weight };
  }

  /** How many postings an expansion has in all. */
  sizeOf(expansion: Expansion): number {
    const { postingStart } = this.index;
    let size = 0;
    for (let i = 0; i < expansion.ids.length; i++) size += postingStart[expansion.ids[i]! + 1]! - postingStart[expansion.ids[i]!]!;
    return size;
  }
}

/** The union of `lists`, each exercise scored by its best list; fields are OR-ed. */
export function unionBest(lists: readonly PostingList[], scratch: UnionScratch, budget: Budget): PostingList {
  const nonEmpty = lists.filter((list) => list.positions.length > 0);
  if (nonEmpty.length === 0) return EMPTY_LIST;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  const { scores, fields, marks } = scratch;
  let low = Number.MAX_SAFE_INTEGER;
  let high = -1;
  let count = 0;
  for (const list of nonEmpty) {
    const n = list.positions.length;
    const weight = list.weight;
    budget.spend(n);
    if (list.positions[0]! < low) low = list.positions[0]!;
    if (list.positions[n - 1]! > high) high = list.positions[n - 1]!;
    for (let i = 0; i < n; i++) {
      const p = list.positions[i]!;
      const word = p >>> 5;
      const bit = 1 << (p & 31);
      const score = list.scores[i]! * weight;
      if ((marks[word]! & bit) === 0) {
        marks[word]! |= bit;
        count++;
        scores[p] = score;
        fields[p] = list.fields[i]!;
      } else {
        if (score > scores[p]!) scores[p] = score;
        fields[p]! |= list.fields[i]!;
      }
    }
  }
  // Read the marks back in position order, clearing them for the next union.
  const positions = new Int32Array(count);
  const outScores = new Float32Array(count);
  const outFields = new Uint8Array(count);
  let k = 0;
  for (let w = low >>> 5; w <= high >>> 5; w++) {
    let word = marks[w]!;
    if (word === 0) continue;
    marks[w] = 0;
    while (word !== 0) {
      const lowest = word & -word;
      const p = (w << 5) + (31 - Math.clz32(lowest));
      word ^= lowest;
      positions[k] = p;
      outScores[k] = scores[p]!;
      outFields[k] = fields[p]!;
      k++;
    }
  }
  budget.spend((high - low) >>> 5);
  return { positions, scores: outScores, fields: outFields, weight: 1 };
}

/** Exercises in both lists, scores added; fields of a phrase are those every part matched in. */
export function intersectAdding(a: PostingList, b: PostingList, scratch: UnionScratch, budget: Budget): PostingList {
  if (a.positions.length > b.positions.length) [a, b] = [b, a];
  const n = a.positions.length;
  const m = b.positions.length;
  if (n === 0) return EMPTY_LIST;
  const { outPositions: positions, outScores: scores, outFields: fields } = scratch;
  let k = 0;
  let j = 0;
  const ap = a.positions;
  const bp = b.positions;
  for (let i = 0; i < n && j < m; i++) {
    const p = ap[i]!;
    // Gallop through the longer list: exponential steps, then a binary search.
    if (bp[j]! < p) {
      let step = 1;
      let hi = j + 1;
      while (hi < m && bp[hi]! < p) {
        j = hi;
        step *= 2;
        hi = j + step;
      }
      if (hi > m) hi = m;
      let lo = j + 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (bp[mid]! < p) lo = mid + 1;
        else hi = mid;
      }
      j = lo;
    }
    if (j < m && bp[j] === p) {
      positions[k] = p;
      scores[k] = a.scores[i]! * a.weight + b.scores[j]! * b.weight;
      fields[k] = a.fields[i]! & b.fields[j]!;
      k++;
      j++;
    }
  }
  budget.spend(n + Math.min(m, n * 8));
  if (k === 0) return EMPTY_LIST;
  return { positions: positions.slice(0, k), scores: scores.slice(0, k), fields: fields.slice(0, k), weight: 1 };
}

/** The exercises matching any term of an expansion, each by its best weighted term. */
export function expansionList(terms: TermLists, expansion: Expansion, scratch: UnionScratch, budget: Budget): PostingList {
  if (expansion.ids.length === 1) return terms.get(expansion.ids[0]!, expansion.weights[0]!);
  const lists: PostingList[] = [];
  for (let i = 0; i < expansion.ids.length; i++) lists.push(terms.get(expansion.ids[i]!, expansion.weights[i]!));
  return unionBest(lists, scratch, budget);
}

/**
 * `list` AND an expansion, without building the expansion's union: `list` is intersected with each
 * term's list (galloping, so a short list costs little against long ones), and the parts are united.
 */
export function intersectExpansion(
  list: PostingList,
  terms: TermLists,
  expansion: Expansion,
  scratch: UnionScratch,
  budget: Budget,
): PostingList {
  const parts: PostingList[] = [];
  for (let i = 0; i < expansion.ids.length; i++) {
    const part = intersectAdding(list, terms.get(expansion.ids[i]!, expansion.weights[i]!), scratch, budget);
    if (part.positions.length > 0) parts.push(part);
  }
  return unionBest(parts, scratch, budget);
}
