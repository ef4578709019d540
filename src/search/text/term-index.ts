/**
 * The inverted index behind text search: MiniSearch's radix tree (`SearchableMap`), laid out flat in
 * typed arrays (flat-radix.ts), holds the vocabulary (term -> id) for bounded prefix and fuzzy lookups, and each term's postings are packed
 * into typed arrays (position, precomputed BM25 score, field bits), sorted by position so lists
 * intersect by merging. Scores are computed once at build: a search only adds numbers.
 *
 * Fields: the name (weight 3), the keywords (2), and tags (0.5: equipment, category, level, primary
 * muscles and their display groups). A name's length, for BM25, is its base name's (text/normalize.ts,
 * baseName): a qualifier such as " - Medium Grip" does not make the movement's name longer. Function
 * words are not indexed; names also keep their content terms in order, for the whole-name and phrase
 * checks, and keywords theirs, for whole-alias checks.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { type FlatRadixTree, flatRadixTreeSteps } from './flat-radix.ts';
import { termTableSteps } from './term-table.ts';
import type { Exercise, MuscleGroup } from '../../catalog/snapshot-schema.ts';
import type { Steps } from '../../time-slices.ts';
import { canonicalFamilySteps, canonicalPrior, SUGGEST_LENGTH_OFFSET, suggestCredit } from './canonical-prior.ts';
import { ENGLISH, type TextRules } from './normalize.ts';
import { IntList } from '../structures/int-list.ts';
import { EXERCISES_PER_STEP, type ReusableTokens, type TermIdTable, type Tokens, tokenSteps } from './term-tokens.ts';
import { type TextTermTable, TextTerms } from './text-terms.ts';

export const FIELD_NAME = 1;
export const FIELD_KEYWORDS = 2;
/** The fields a posting records (postingFields); tags are scored but never recorded. */
export const POSTING_FIELDS = FIELD_NAME | FIELD_KEYWORDS;
const FIELD_TAGS = 4;
const FIELD_WEIGHTS = [3, 2, 0.5] as const;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Names, aliases and the soft-work flag are the tokens pass's arrays (term-tokens.ts), kept as they are. */
export interface TermIndex extends Pick<Tokens, 'nameStart' | 'nameTerms' | 'aliasDocStart' | 'aliasStart' | 'aliasTerms' | 'isSoftWork'> {
  readonly docCount: number;
  /** What the next build of this catalog's index looks up before tokenizing (text-terms.ts); undefined for a large catalog. */
  readonly textTerms: TextTermTable | undefined;
  /** The term ids of the texts this build read, which the next build looks up first (term-tokens.ts); undefined for a large catalog. */
  readonly termIds: TermIdTable | undefined;
  /** Every exercise's term ids by field, which the next build copies where a field is unchanged (term-tokens.ts); undefined for a large catalog. */
  readonly tokens: Tokens | undefined;
  /** How the catalog's language makes terms: queries against this index are read the same way. */
  readonly rules: TextRules;
  /** term -> term id: MiniSearch's radix tree, laid out flat (flat-radix.ts), for prefixes and typos. */
  readonly vocabulary: FlatRadixTree;
  /** term -> term id: a hash table over `terms`, for exact lookups (term-table.ts). */
  readonly termTable: Int32Array;
  /** term id -> term. */
  readonly terms: readonly string[];
  /** term id -> how many exercises contain it. */
  readonly docFrequency: Int32Array;
  /** term id -> start of its postings in the three arrays below (length: terms + 1). */
  readonly postingStart: Int32Array;
  readonly postingDoc: Int32Array;
  readonly postingScore: Float32Array;
  /** FIELD_NAME | FIELD_KEYWORDS bits of where the term occurs in that exercise. */
  readonly postingFields: Uint8Array;
  /** position -> its canonical prior, added to its score within a ranking tier (text/canonical-prior.ts). */
  readonly canonicalPrior: Float32Array;
  /**
   * position -> the name length suggest ranks by (fewer terms first): the base name's terms, fewer by
   * the canonical credit of the family it heads, plus SUGGEST_LENGTH_OFFSET (text/canonical-prior.ts).
   */
  readonly suggestLength: Uint16Array;
}

/** Pass 2: how many exercises contain each term (a term counts once per exercise), yielding every 128 exercises. */
function* documentFrequencySteps(tokens: Tokens, docCount: number): Steps<Int32Array> {
  const { fieldTerms, fieldStart } = tokens;
  const docFrequency = new Int32Array(tokens.terms.length);
  const lastSeen = new Int32Array(tokens.terms.length).fill(-1);
  for (let position = 0; position < docCount; position++) {
    for (let f = 0; f < 3; f++) {
      for (let i = fieldStart[f]![position]!; i < fieldStart[f]![position + 1]!; i++) {
        const id = fieldTerms[f]![i]!;
        if (lastSeen[id] !== position) {
          lastSeen[id] = position;
          docFrequency[id]! += 1;
        }
      }
    }
    if ((position + 1) % (EXERCISES_PER_STEP * 8) === 0) yield;
  }
  return docFrequency;
}

interface Postings {
  readonly postingStart: Int32Array;
  readonly postingDoc: Int32Array;
  readonly postingScore: Float32Array;
  readonly postingFields: Uint8Array;
}

/**
 * Pass 3: one posting per (term, exercise) with its BM25 score summed over the fields. Exercises are
 * visited in position order, so each term's postings come out sorted by position.
 */
function* postingSteps(tokens: Tokens, docFrequency: Int32Array, docCount: number): Steps<Postings> {
  const { fieldTerms, fieldStart } = tokens;
  const termCount = tokens.terms.length;
  const postingStart = new Int32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) postingStart[id + 1] = postingStart[id]! + docFrequency[id]!;
  const postingCount = postingStart[termCount]!;
  const postingDoc = new Int32Array(postingCount);
  const postings = { postingStart, postingDoc, postingScore: new Float32Array(postingCount), postingFields: new Uint8Array(postingCount) };
  const averageLength = [0, 1, 2].map((f) => Math.max(1, fieldTerms[f]!.length / Math.max(1, docCount)));
  const idf = new Float64Array(termCount);
  for (let id = 0; id < termCount; id++) idf[id] = Math.log(1 + (docCount - docFrequency[id]! + 0.5) / (docFrequency[id]! + 0.5));
  yield;
  const fill = postingStart.slice(0, termCount);
  const tf = [new Float64Array(termCount), new Float64Array(termCount), new Float64Array(termCount)];
  const touched = new IntList(1024);
  const lastSeen = new Int32Array(termCount).fill(-1);
  const lengths = new Int32Array(3);
  for (let position = 0; position < docCount; position++) {
    touched.length = 0;
    for (let f = 0; f < 3; f++) {
      lengths[f] = f === 0 ? tokens.nameBaseLength[position]! : fieldStart[f]![position + 1]! - fieldStart[f]![position]!;
      for (let i = fieldStart[f]![position]!; i < fieldStart[f]![position + 1]!; i++) {
        const id = fieldTerms[f]![i]!;
        tf[f]![id]! += 1;
        if (lastSeen[id] !== position) {
          lastSeen[id] = position;
          touched.push(id);
        }
      }
    }
    for (let t = 0; t < touched.length; t++) {
      const id = touched.data[t]!;
      const slot = fill[id]!++;
      postings.postingDoc[slot] = position;
      postings.postingScore[slot] = scoreOf(tf, id, lengths, averageLength) * idf[id]!;
      postings.postingFields[slot] = fieldsOf(tf, id) & POSTING_FIELDS;
      for (let f = 0; f < 3; f++) tf[f]![id] = 0;
    }
    if ((position + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  return postings;
}

/** The field bits (FIELD_NAME, FIELD_KEYWORDS, FIELD_TAGS) where term `id` occurs, by its counts in `tf`. */
function fieldsOf(tf: readonly Float64Array[], id: number): number {
  return (tf[0]![id]! > 0 ? FIELD_NAME : 0) | (tf[1]![id]! > 0 ? FIELD_KEYWORDS : 0) | (tf[2]![id]! > 0 ? FIELD_TAGS : 0);
}

/** Term `id`'s BM25 term-frequency part in one exercise, summed over the fields it occurs in (before idf). */
function scoreOf(tf: readonly Float64Array[], id: number, lengths: Int32Array, averageLength: readonly number[]): number {
  let score = 0;
  for (let f = 0; f < 3; f++) {
    const count = tf[f]![id]!;
    if (count === 0) continue;
    score += (FIELD_WEIGHTS[f]! * (count * (BM25_K1 + 1))) / (count + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[f]!) / averageLength[f]!));
  }
  return score;
}

/**
 * What a build reuses of the live index besides its tokens (term-tokens.ts): the rankings made from the
 * names alone (each position's canonical prior and suggest length), kept when no position's name or
 * equipment changed, which a day's edits never touch: counting the name families again was about a
 * tenth of a small reload's build, in three languages (stop 55); and the vocabulary, kept when the
 * terms are the same.
 */
export interface ReusableIndex extends ReusableTokens, Pick<TermIndex, 'terms' | 'vocabulary' | 'termTable'> {
  readonly canonicalPrior: Float32Array;
  readonly suggestLength: Uint16Array;
}

/** Whether two term lists hold the same terms in the same order (then their vocabulary and table are the same too). */
function* isSameTermsSteps(terms: readonly string[], earlier: readonly string[]): Steps<boolean> {
  if (terms.length !== earlier.length) return false;
  for (let id = 0; id < terms.length; id++) {
    if (terms[id] !== earlier[id]) return false;
    if ((id + 1) % 16_384 === 0) yield;
  }
  return true;
}

/** The vocabulary's radix tree and hash table over `terms`. */
function* vocabularySteps(terms: readonly string[]): Steps<Pick<TermIndex, 'vocabulary' | 'termTable'>> {
  const tree = new SearchableMap<number>();
  for (let id = 0; id < terms.length; id++) {
    tree.set(terms[id]!, id);
    // About a millisecond of radix-tree inserts (8,192 were 5-10 ms, a step a reload's searches waited behind).
    if ((id + 1) % 1024 === 0) yield;
  }
  const vocabulary = yield* flatRadixTreeSteps(tree);
  return { vocabulary, termTable: yield* termTableSteps(terms) };
}

/** Whether every position holds an exercise of the same name and equipment in both lists (what the name rankings read). */
function* isSameNamesSteps(exercises: readonly Exercise[], earlier: readonly Exercise[]): Steps<boolean> {
  if (exercises.length !== earlier.length) return false;
  for (let p = 0; p < exercises.length; p++) {
    const a = exercises[p]!;
    const b = earlier[p]!;
    if (a !== b && (a.name !== b.name || a.equipment !== b.equipment)) return false;
    if ((p + 1) % (EXERCISES_PER_STEP * 64) === 0) yield;
  }
  return true;
}

/** Each position's canonical prior and suggest length (text/canonical-prior.ts). */
function* nameRankingSteps(
  exercises: readonly Exercise[],
  textTerms: TextTerms,
  nameBaseLength: Tokens['nameBaseLength'],
): Steps<Pick<TermIndex, 'canonicalPrior' | 'suggestLength'>> {
  const docCount = exercises.length;
  const families = yield* canonicalFamilySteps(exercises, textTerms);
  const canonicalPriors = new Float32Array(docCount);
  const suggestLength = new Uint16Array(docCount);
  for (let p = 0; p < docCount; p++) {
    canonicalPriors[p] = canonicalPrior(families[p]!);
    const length = SUGGEST_LENGTH_OFFSET + nameBaseLength[p]! - suggestCredit(families[p]!);
    suggestLength[p] = Math.min(0xffff, Math.max(0, length));
  }
  return { canonicalPrior: canonicalPriors, suggestLength };
}

/**
 * Builds the index over `exercises` (in default order), yielding every 16 to 128 exercises. In a
 * translation, `englishWords` (position -> the English name and keywords) are searched as keywords too.
 * `textTerms` tokenizes by the catalog language's rules, looking texts up in the live index's table first,
 * and `earlierTermIds` (the live index's, same rules) gives the ids of the texts it read; `reusable` (the
 * live index's tokens) gives those of every field the live record of the same id has unchanged.
 */
export function* termIndexSteps(
  exercises: readonly Exercise[],
  muscleGroups: readonly MuscleGroup[],
  textTerms: TextTerms = new TextTerms(ENGLISH),
  englishWords?: readonly (readonly string[])[],
  earlierTermIds?: TermIdTable,
  reusable?: ReusableIndex,
): Steps<TermIndex> {
  const docCount = exercises.length;
  const { rules } = textTerms;
  const tokens = yield* tokenSteps(exercises, muscleGroups, textTerms, englishWords, earlierTermIds, reusable);
  const docFrequency = yield* documentFrequencySteps(tokens, docCount);
  yield;
  const postings = yield* postingSteps(tokens, docFrequency, docCount);
  // Edits to what is not searched (an overview, the instructions) leave every term as it was: the live
  // vocabulary is then the one a build would make.
  const { vocabulary, termTable } =
    reusable !== undefined && (yield* isSameTermsSteps(tokens.terms, reusable.terms)) ? reusable : yield* vocabularySteps(tokens.terms);
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms, isSoftWork, nameBaseLength } = tokens;
  // The live rankings are kept only with the live tokens, built by the same rules (search-index.ts).
  const { canonicalPrior: priors, suggestLength } =
    reusable !== undefined && (yield* isSameNamesSteps(exercises, reusable.exercises))
      ? reusable
      : yield* nameRankingSteps(exercises, textTerms, nameBaseLength);
  const keptTexts = textTerms.kept(docCount);
  return {
    docCount,
    rules,
    vocabulary,
    termTable,
    terms: tokens.terms,
    docFrequency,
    ...postings,
    nameStart,
    nameTerms,
    aliasDocStart,
    aliasStart,
    aliasTerms,
    isSoftWork,
    canonicalPrior: priors,
    suggestLength,
    textTerms: keptTexts,
    // Kept by the same rule as the texts (text-terms.ts decides the size line), or not at all.
    termIds: keptTexts === undefined ? undefined : tokens.termIds,
    tokens: keptTexts === undefined ? undefined : tokens,
  };
}
