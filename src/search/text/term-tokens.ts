/**
 * Pass 1 of building the term index (term-index.ts): every exercise's fields as term ids. Each distinct
 * term gets an id once and each distinct text is tokenized once (keywords, muscles and equipment
 * repeat); names and aliases also keep their terms in order, for the whole-name and phrase checks.
 */
import type { Exercise, MuscleGroup } from '../../catalog/snapshot-schema.ts';
import type { Steps } from '../../time-slices.ts';
import { isSameRecord } from '../../catalog/same-record.ts';
import { IntList } from '../structures/int-list.ts';
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

/**
 * The term ids of every text one build read, with its terms: what the next build of the same catalog's
 * index looks up first (issue 19: a reload within 2 s on a busy machine). A day's edits leave nearly
 * every name and keyword as it was, and looking a text's ids up here, then renumbering each earlier id
 * once, costs a fraction of tokenizing it and interning each term again. The ids of all texts share one
 * Int32Array: tens of thousands of small arrays, long-lived, were copied by every young-generation GC of
 * a reload, pauses the searches served meanwhile waited behind.
 */
export interface TermIdTable {
  /** text -> its start in `ids`, where its count is, its ids following. */
  readonly startOfText: ReadonlyMap<string, number>;
  readonly ids: Int32Array;
  readonly terms: readonly string[];
}

/** The term ids of `text` in `table`, or undefined when the build that made it did not read the text. */
export function termIdsOf(table: TermIdTable, text: string): number[] | undefined {
  const start = table.startOfText.get(text);
  return start === undefined ? undefined : Array.from(table.ids.subarray(start + 1, start + 1 + table.ids[start]!));
}

/** Term ids by text: each distinct term once, each distinct text tokenized once (or not at all, text-terms.ts). */
class Vocabulary {
  readonly terms: string[] = [];
  readonly #idOf = new Map<string, number>();
  // Keywords, muscles and equipment repeat across exercises (and across a grown catalog's copies).
  readonly #startOfText = new Map<string, number>();
  /** Each text's count, then its ids: idsOf returns where a text starts here. */
  readonly pool: IntList;
  readonly #earlier: TermIdTable | undefined;
  /** The earlier build's term id -> this build's id + 1 (0: not met yet). Ids are numbered anew, so a term no text uses is dropped. */
  readonly #fromEarlier: Int32Array;
  constructor(
    readonly textTerms: TextTerms,
    capacity: number,
    earlier?: TermIdTable,
  ) {
    this.pool = new IntList(capacity);
    this.#earlier = earlier;
    this.#fromEarlier = new Int32Array(earlier?.terms.length ?? 0);
  }

  /** Where `text`'s ids start in `pool.data`: its count there, its ids after it. */
  idsOf(text: string): number {
    const known = this.#startOfText.get(text);
    if (known !== undefined) return known;
    const pool = this.pool;
    const start = pool.length;
    const earlier = this.#earlier;
    const before = earlier?.startOfText.get(text);
    if (before !== undefined) {
      const count = earlier!.ids[before]!;
      pool.push(count);
      for (let i = before + 1; i <= before + count; i++) pool.push(this.renumbered(earlier!.ids[i]!));
    } else {
      const terms = this.textTerms.of(text);
      pool.push(terms.length);
      for (const term of terms) pool.push(this.#intern(term));
    }
    this.#startOfText.set(text, start);
    return start;
  }

  /** What the next build may look up (texts this build read only, so the table never outgrows one catalog). */
  kept(): TermIdTable {
    return { startOfText: this.#startOfText, ids: this.pool.data.subarray(0, this.pool.length), terms: this.terms };
  }

  /** This build's id of the earlier build's term `earlierId` (the earlier table's ids, or its kept tokens'). */
  renumbered(earlierId: number): number {
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
 * The live index's tokens with the catalog they were made from: for an exercise the live catalog has
 * too, a reload copies the term ids (renumbered) of every field whose text is the same there (the name,
 * each keyword in its place, the tags) instead of looking the text up again. Looking texts up was the
 * largest part of a reload's index build after a day's edits (issue 19), and a table of the texts read
 * no longer holds those of a record whose ids were copied.
 */
export interface ReusableTokens {
  readonly exercises: readonly Exercise[];
  readonly positionById: ReadonlyMap<string, number>;
  /** The translation's English words by position, as the tokens read them (undefined in English). */
  readonly englishWords: readonly (readonly string[])[] | undefined;
  readonly muscleGroups: readonly MuscleGroup[];
  /** Their term ids are the ones of `termIds.terms`, the table the new build renumbers from. */
  readonly tokens: Tokens;
}

/** Whether two records tag the same: equipment, category, level and primary muscles, in order. */
function isSameTags(a: Exercise, b: Exercise): boolean {
  if (a.equipment !== b.equipment || a.category !== b.category || a.level !== b.level) return false;
  return a.primaryMuscles.length === b.primaryMuscles.length && a.primaryMuscles.every((muscle, i) => muscle === b.primaryMuscles[i]);
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
  reusable?: ReusableTokens,
): Steps<Tokens> {
  const docCount = exercises.length;
  // Tags name muscle groups: a record's tokens can be reused only under the same taxonomy, and only
  // renumbered through the table whose terms they are.
  const reuse =
    reusable !== undefined &&
    earlier !== undefined &&
    reusable.tokens.terms === earlier.terms &&
    isSameRecord(reusable.muscleGroups, muscleGroups)
      ? reusable
      : undefined;
  const groupOf = new Map<string, string>();
  for (const group of muscleGroups) for (const muscle of group.muscles) groupOf.set(muscle.toLowerCase(), group.displayGroup);
  // About a dozen ids per exercise and language (names, keywords, tags; distinct texts once).
  const vocabulary = new Vocabulary(textTerms, docCount * 12, earlier);
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
  const { terms } = vocabulary;
  const t = reuse?.tokens;
  /** Appends the live build's ids `source[start..end)` renumbered, to `list` (and `also`). */
  const copy = (list: IntList, source: Int32Array, start: number, end: number, also?: IntList) => {
    for (let i = start; i < end; i++) {
      const id = vocabulary.renumbered(source[i]!);
      list.push(id);
      also?.push(id);
    }
  };
  for (let position = 0; position < docCount; position++) {
    const exercise = exercises[position]!;
    // The live record of the same id, whose fields' ids are copied where the text is the same (ReusableTokens).
    const from = reuse?.positionById.get(exercise.id);
    const before = from === undefined ? undefined : reuse!.exercises[from];
    let isSoft = SOFT_WORK_CATEGORIES.has(exercise.category);
    const nameFrom = fieldTerms[0]!.length;
    let ids: Int32Array;
    if (before !== undefined && before.name === exercise.name) {
      copy(fieldTerms[0]!, t!.nameTerms, t!.nameStart[from!]!, t!.nameStart[from! + 1]!, nameTerms);
      nameBaseLength[position] = t!.nameBaseLength[from!]!;
    } else {
      // Read the pool after each idsOf: a text read for the first time may have grown it.
      const nameAt = vocabulary.idsOf(exercise.name);
      ids = vocabulary.pool.data;
      const nameLength = ids[nameAt]!;
      const base = baseName(exercise.name);
      nameBaseLength[position] = base === exercise.name ? nameLength : Math.max(1, textTerms.of(base).length);
      for (let i = nameAt + 1; i <= nameAt + nameLength; i++) {
        fieldTerms[0]!.push(ids[i]!);
        nameTerms.push(ids[i]!);
      }
    }
    for (let i = nameFrom; i < fieldTerms[0]!.length && !isSoft; i++) isSoft = SOFT_WORK_TERMS.has(terms[fieldTerms[0]!.data[i]!]!);
    aliasDocStart[position] = aliasStarts.length;
    // A translation's English name and keywords follow its own keywords, as aliases of the same exercise.
    const lists = [exercise.keywords, englishWords?.[position] ?? NO_WORDS];
    const earlierLists = before === undefined ? undefined : [before.keywords, reuse!.englishWords?.[from!] ?? NO_WORDS];
    for (let l = 0; l < 2; l++) {
      const keywords = lists[l]!;
      for (let k = 0; k < keywords.length; k++) {
        const keyword = keywords[k]!;
        aliasStarts.push(aliasTerms.length);
        if (earlierLists !== undefined && earlierLists[l]![k] === keyword) {
          // The same keyword at the same place in the live record: its ids, as the live build read them.
          const a = t!.aliasDocStart[from!]! + (l === 0 ? k : earlierLists[0]!.length + k);
          copy(fieldTerms[1]!, t!.aliasTerms, t!.aliasStart[a]!, t!.aliasStart[a + 1]!, aliasTerms);
          continue;
        }
        const at = vocabulary.idsOf(keyword);
        ids = vocabulary.pool.data;
        for (let i = at + 1; i <= at + ids[at]!; i++) {
          fieldTerms[1]!.push(ids[i]!);
          aliasTerms.push(ids[i]!);
        }
      }
    }
    if (before !== undefined && isSameTags(before, exercise)) {
      copy(fieldTerms[2]!, t!.fieldTerms[2]!, t!.fieldStart[2]![from!]!, t!.fieldStart[2]![from! + 1]!);
    } else {
      const tags = [exercise.equipment ?? '', exercise.category, exercise.level];
      for (const muscle of exercise.primaryMuscles) tags.push(muscle, groupOf.get(muscle.toLowerCase()) ?? '');
      for (const tag of tags) {
        const at = vocabulary.idsOf(tag);
        ids = vocabulary.pool.data;
        for (let i = at + 1; i <= at + ids[at]!; i++) fieldTerms[2]!.push(ids[i]!);
      }
    }
    for (let f = 0; f < 3; f++) fieldStart[f]![position + 1] = fieldTerms[f]!.length;
    nameStart[position + 1] = nameTerms.length;
    isSoftWork[position] = isSoft ? 1 : 0;
    if ((position + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  aliasDocStart[docCount] = aliasStarts.length;
  aliasStarts.push(aliasTerms.length);
  return {
    terms: vocabulary.terms,
    // Packed: the next build copies its kept records' ids from here (ReusableTokens), and a view would
    // keep each list's spare capacity alive as long.
    fieldTerms: fieldTerms.map((list) => list.packed()),
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
