/**
 * Pass 1 of building the term index (term-index.ts): every exercise's fields as term ids. Each distinct
 * term gets an id once and each distinct text is tokenized once (keywords, muscles and equipment
 * repeat); names and aliases also keep their terms in order, for the whole-name and phrase checks.
 */
import type { Exercise, MuscleGroup } from '../../catalog/snapshot-schema.ts';
import type { Steps } from '../../time-slices.ts';
import { baseName } from './normalize.ts';
import type { TextTerms } from './text-terms.ts';

/** Longer tokens are cut: nothing real is this long, and it bounds the cost of fuzzy matching. */
const MAX_TERM_LENGTH = 40;
/**
 * Exercises a build step takes (time-slices.ts): 16 keeps a step near a millisecond in German and
 * Spanish, where 256 held the event loop 20 ms and more once the catalog had translations (issue 19).
 */
export const EXERCISES_PER_STEP = 16;
const NO_WORDS: readonly string[] = [];

/** Categories and name words of stretches and soft-tissue work, which muscle-led searches rank after training. */
const SOFT_WORK_CATEGORIES: ReadonlySet<string> = new Set(['stretching', 'mobility', 'yoga']);
const SOFT_WORK_TERMS: ReadonlySet<string> = new Set([
  'stretch',
  'smr',
  'release',
  'foam',
  'roller',
  'massage',
  'mobilization',
  'myofascial',
  'lacrosse',
  'pose',
]);

/** A growable Int32 list: ids appended while tokenizing, packed once at the end. */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(1024, capacity));
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  packed(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * The term ids of every text one build read, with its terms: what the next build of the same catalog's
 * index looks up first (issue 19: a reload within 2 s on a busy machine). A day's edits leave nearly
 * every name and keyword as it was, and looking a text's ids up here, then renumbering each earlier id
 * once, costs a fraction of tokenizing it and interning each term again.
 */
export interface TermIdTable {
  readonly idsOfText: ReadonlyMap<string, readonly number[]>;
  readonly terms: readonly string[];
}

/** Term ids by text: each distinct term once, each distinct text tokenized once (or not at all, text-terms.ts). */
class Vocabulary {
  readonly terms: string[] = [];
  readonly #idOf = new Map<string, number>();
  // Keywords, muscles and equipment repeat across exercises (and across a grown catalog's copies).
  readonly #idsOfText = new Map<string, readonly number[]>();
  readonly #earlier: TermIdTable | undefined;
  /** The earlier build's term id -> this build's id + 1 (0: not met yet). Ids are numbered anew, so a term no text uses is dropped. */
  readonly #fromEarlier: Int32Array;
  constructor(
    readonly textTerms: TextTerms,
    earlier?: TermIdTable,
  ) {
    this.#earlier = earlier;
    this.#fromEarlier = new Int32Array(earlier?.terms.length ?? 0);
  }

  idsOf(text: string): readonly number[] {
    let ids = this.#idsOfText.get(text);
    if (ids === undefined) {
      const before = this.#earlier?.idsOfText.get(text);
      ids = before !== undefined ? before.map((id) => this.#renumbered(id)) : this.textTerms.of(text).map((term) => this.#intern(term));
      this.#idsOfText.set(text, ids);
    }
    return ids;
  }

  /** What the next build may look up (texts this build read only, so the table never outgrows one catalog). */
  kept(): TermIdTable {
    return { idsOfText: this.#idsOfText, terms: this.terms };
  }

  #renumbered(earlierId: number): number {
    const known = this.#fromEarlier[earlierId]!;
    if (known !== 0) return known - 1;
    const id = this.#intern(this.#earlier!.terms[earlierId]!);
    this.#fromEarlier[earlierId] = id + 1;
    return id;
  }

  #intern(term: string): number {
    const cut = term.length > MAX_TERM_LENGTH ? term.slice(0, MAX_TERM_LENGTH) : term;
    let id = this.#idOf.get(cut);
    if (id === undefined) {
      id = this.terms.length;
      this.#idOf.set(cut, id);
      this.terms.push(cut);
    }
    return id;
  }
}

/** Every field of every exercise as term ids, with where each exercise's part starts; names and aliases kept in order. */
export interface Tokens {
  /** position -> start of its name's content term ids in nameTerms (length: docs + 1). */
  readonly nameStart: Int32Array;
  readonly nameTerms: Int32Array;
  /** position -> start of its keywords in aliasStart (length: docs + 1); aliasStart -> start in aliasTerms. */
  readonly aliasDocStart: Int32Array;
  readonly aliasStart: Int32Array;
  readonly aliasTerms: Int32Array;
  /** position -> 1 for stretches and soft-tissue work. */
  readonly isSoftWork: Uint8Array;
  readonly terms: readonly string[];
  /** Name, keywords, tags: term ids, and position -> start (length: docs + 1). */
  readonly fieldTerms: readonly Int32Array[];
  readonly fieldStart: readonly Int32Array[];
  /** position -> how many content terms its base name has (the name field's length for BM25). */
  readonly nameBaseLength: Int32Array;
  /** The ids of every text read, for the next build (Vocabulary.kept). */
  readonly termIds: TermIdTable;
}

/**
 * Pass 1: tokenizes every exercise (through `textTerms`, which knows the live index's texts), yielding
 * every 16 (a step stays near a millisecond in German and Spanish); `englishWords` (a translation's)
 * count as keywords. `earlier`: the live index's table of the same language, looked up first.
 */
export function* tokenSteps(
  exercises: readonly Exercise[],
  muscleGroups: readonly MuscleGroup[],
  textTerms: TextTerms,
  englishWords?: readonly (readonly string[])[],
  earlier?: TermIdTable,
): Steps<Tokens> {
  const docCount = exercises.length;
  const groupOf = new Map<string, string>();
  for (const group of muscleGroups) for (const muscle of group.muscles) groupOf.set(muscle.toLowerCase(), group.displayGroup);
  const vocabulary = new Vocabulary(textTerms, earlier);
  // Sized for a typical exercise (a few name words, a dozen keyword and tag words), so they rarely grow.
  const fieldTerms = [new IntList(docCount * 6), new IntList(docCount * 16), new IntList(docCount * 12)];
  const fieldStart = [new Int32Array(docCount + 1), new Int32Array(docCount + 1), new Int32Array(docCount + 1)];
  const nameTerms = new IntList(docCount * 6);
  const nameStart = new Int32Array(docCount + 1);
  const aliasTerms = new IntList(docCount * 16);
  const aliasStarts = new IntList(docCount * 6);
  const aliasDocStart = new Int32Array(docCount + 1);
  const isSoftWork = new Uint8Array(docCount);
  const nameBaseLength = new Int32Array(docCount);
  for (let position = 0; position < docCount; position++) {
    const exercise = exercises[position]!;
    const name = vocabulary.idsOf(exercise.name);
    const base = baseName(exercise.name);
    nameBaseLength[position] = base === exercise.name ? name.length : Math.max(1, textTerms.of(base).length);
    for (const id of name) {
      fieldTerms[0]!.push(id);
      nameTerms.push(id);
    }
    aliasDocStart[position] = aliasStarts.length;
    // A translation's English name and keywords follow its own keywords, as aliases of the same exercise.
    for (const keywords of [exercise.keywords, englishWords?.[position] ?? NO_WORDS]) {
      for (const keyword of keywords) {
        aliasStarts.push(aliasTerms.length);
        for (const id of vocabulary.idsOf(keyword)) {
          fieldTerms[1]!.push(id);
          aliasTerms.push(id);
        }
      }
    }
    const tags = [exercise.equipment ?? '', exercise.category, exercise.level];
    for (const muscle of exercise.primaryMuscles) tags.push(muscle, groupOf.get(muscle.toLowerCase()) ?? '');
    for (const tag of tags) for (const id of vocabulary.idsOf(tag)) fieldTerms[2]!.push(id);
    for (let f = 0; f < 3; f++) fieldStart[f]![position + 1] = fieldTerms[f]!.length;
    nameStart[position + 1] = nameTerms.length;
    const isSoft = SOFT_WORK_CATEGORIES.has(exercise.category) || name.some((id) => SOFT_WORK_TERMS.has(vocabulary.terms[id]!));
    isSoftWork[position] = isSoft ? 1 : 0;
    if ((position + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  aliasDocStart[docCount] = aliasStarts.length;
  aliasStarts.push(aliasTerms.length);
  return {
    terms: vocabulary.terms,
    // Views, not copies: the tokens are read twice more, then dropped with the lists.
    fieldTerms: fieldTerms.map((list) => list.data.subarray(0, list.length)),
    fieldStart,
    nameBaseLength,
    nameStart,
    nameTerms: nameTerms.packed(),
    aliasDocStart,
    aliasStart: aliasStarts.packed(),
    aliasTerms: aliasTerms.packed(),
    isSoftWork,
    termIds: vocabulary.kept(),
  };
}
