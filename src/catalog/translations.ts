/**
 * The catalog in other languages (docs/api.md#languages): a snapshot's `translations` member holds, per
 * language, the text of each exercise and the names of the taxonomy; this module checks it against the
 * English, reports each language's coverage, and makes a language's view of the snapshot, which the
 * catalog is then built from like the English one.
 *
 * A language's exercise entry may leave fields out (the English is served in their place, and the
 * coverage says so); a field it has must not be empty, and its lists must match the English item for item,
 * so a step is never lost or shifted. `variations` are not translated: they name other exercises, and are
 * served as those exercises' names in the language. Ids, enum values, muscles, media and counts never
 * change. Equipment names and muscle groups are served in the language and both names filter
 * (docs/api.md#languages).
 */
import * as v from 'valibot';
import { issueProblems, type Problem, problem } from '../problems.ts';
import { runNow, type Steps } from '../time-slices.ts';
import { passesAs, rememberChecked } from './same-record.ts';
import {
  type Exercise,
  type ExerciseText,
  ExerciseTextSchema,
  type Snapshot,
  TRANSLATED_FIELDS,
  type Translation,
  type TranslationSchema,
} from './snapshot-schema.ts';

/** Lists whose items match the English one for one. */
const MATCHED_LISTS = ['instructions', 'exerciseTips', 'commonMistakes'] as const;
type MatchedList = (typeof MATCHED_LISTS)[number];

/**
 * The lists of a translated entry whose item count differs from the English one's (a step lost or
 * shifted): the snapshot check's rule, which the bundled catalog's build applies to its source files too.
 */
export function mismatchedLists(
  text: Pick<ExerciseText, MatchedList>,
  english: Readonly<Record<MatchedList, readonly unknown[]>>,
): { field: MatchedList; count: number; englishCount: number }[] {
  return MATCHED_LISTS.flatMap((field) => {
    const count = text[field]?.length;
    return count === undefined || count === english[field].length ? [] : [{ field, count, englishCount: english[field].length }];
  });
}

const at = (path: string, message: string): Problem => problem('', path, message);

/** Filter names compare folded (case and accents), as the search folds them. */
const folded = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();

/**
 * One language's names of a part of the taxonomy: every key a name the snapshot has, and every name
 * a filter value of its own (two things may not share one, nor take another's English name).
 */
function nameProblems(where: string, names: Record<string, string> | undefined, english: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const known = new Map(english.map((name) => [name.toLowerCase(), name]));
  const owner = new Map<string, string>();
  for (const [name, label] of Object.entries(names ?? {})) {
    if (!known.has(name.toLowerCase())) {
      problems.push(at(`${where}.${name}`, `"${name}" is not a name of the snapshot`));
      continue;
    }
    const key = folded(label);
    const englishOwner = known.get(key);
    if (englishOwner !== undefined && englishOwner.toLowerCase() !== name.toLowerCase()) {
      problems.push(at(`${where}.${name}`, `"${label}" is the English name of "${englishOwner}"`));
    }
    const other = owner.get(key);
    if (other !== undefined) problems.push(at(`${where}.${name}`, `"${label}" is also the name of "${other}"`));
    owner.set(key, name);
  }
  return problems;
}

/** One exercise's entry: its fields, and its lists item for item against the English. */
function entryProblems(where: string, raw: unknown, english: Exercise): { text?: ExerciseText; problems: Problem[] } {
  const parsed = v.safeParse(ExerciseTextSchema, raw);
  if (!parsed.success) return { problems: issueProblems('', parsed.issues, { prefix: where }) };
  const problems = mismatchedLists(parsed.output, english).map(({ field, count, englishCount }) =>
    at(`${where}.${field}`, `has ${count} items; the English has ${englishCount}`),
  );
  return { text: parsed.output, problems };
}

/** Of a snapshot that passed the check, what a translation's check borrows: its translations and its exercises by id. */
export interface EarlierSnapshot {
  translations: Snapshot['translations'];
  byId: ReadonlyMap<string, Exercise>;
}

/**
 * Checks each language's translation against the English snapshot: ids, fields, list lengths, taxonomy
 * names. Returns the translations as checked, or the problems, each with its path. An entry equal to
 * `earlier`'s (a snapshot that passed) for the same English record object is taken as it is.
 */
export function checkTranslations(
  raw: Record<string, v.InferOutput<typeof TranslationSchema>>,
  snapshot: Omit<Snapshot, 'translations'>,
  earlier?: EarlierSnapshot,
): { translations: Record<string, Translation>; problems: Problem[] } {
  const problems: Problem[] = [];
  const translations: Record<string, Translation> = {};
  const byId = new Map(snapshot.exercises.map((exercise) => [exercise.id, exercise]));
  for (const [lang, translation] of Object.entries(raw)) {
    const where = `translations.${lang}`;
    const exercises: Record<string, ExerciseText> = {};
    for (const [id, entry] of Object.entries(translation.exercises)) {
      const english = byId.get(id);
      if (english === undefined) {
        const alias = snapshot.aliases?.[id];
        problems.push(
          at(`${where}.exercises.${id}`, alias === undefined ? 'is the id of no exercise' : `is an alias; translate ${alias} instead`),
        );
        continue;
      }
      // An entry equal to a checked one, beside the very English record it was checked against, passes again.
      const known = earlier?.translations?.[lang]?.exercises[id];
      if (known !== undefined && english === earlier!.byId.get(id) && passesAs(entry, known)) {
        exercises[id] = known;
        continue;
      }
      const checked = entryProblems(`${where}.exercises.${id}`, entry, english);
      problems.push(...checked.problems);
      if (checked.text !== undefined) {
        exercises[id] = checked.text;
        if (checked.problems.length === 0) rememberChecked(entry, checked.text);
      }
    }
    problems.push(
      ...nameProblems(
        `${where}.muscleGroups`,
        translation.muscleGroups,
        snapshot.muscleGroups.map((group) => group.displayGroup),
      ),
      ...nameProblems(`${where}.equipment`, translation.equipment, snapshot.equipment),
    );
    translations[lang] = { ...translation, exercises };
  }
  return { translations, problems };
}

export interface Coverage {
  lang: string;
  exercises: number;
  /** Exercises with every translated field. */
  complete: number;
  /** Exercises with some fields, served with the English in place of the others. */
  partial: number;
  /** Fields served in English, over all exercises. */
  missingFields: number;
  /** Taxonomy names (categories, muscle groups, equipment) served in English. */
  missingNames: number;
}

/** How much of the catalog each language covers (what `snapshot check` and the build print). */
export function translationCoverage(snapshot: Snapshot): Coverage[] {
  return Object.entries(snapshot.translations ?? {}).map(([lang, translation]) => {
    let complete = 0;
    let partial = 0;
    let missingFields = 0;
    for (const exercise of snapshot.exercises) {
      const entry = translation.exercises[exercise.id];
      const missing = TRANSLATED_FIELDS.filter((field) => entry?.[field] === undefined).length;
      missingFields += missing;
      if (missing === 0) complete += 1;
      else if (missing < TRANSLATED_FIELDS.length) partial += 1;
    }
    const missingNames =
      snapshot.categories.filter((info) => translation.categories?.[info.category] === undefined).length +
      snapshot.muscleGroups.filter((group) => translation.muscleGroups?.[group.displayGroup] === undefined).length +
      snapshot.equipment.filter((name) => translation.equipment?.[name] === undefined).length;
    return { lang, exercises: snapshot.exercises.length, complete, partial, missingFields, missingNames };
  });
}

/** One line a language: "es: 2233 of 2233 exercises translated" and, for a partial one, what is served in English. */
export function coverageLines(coverage: readonly Coverage[]): string[] {
  return coverage.map((c) => {
    const line = `${c.lang}: ${c.complete} of ${c.exercises} exercises translated`;
    if (c.complete === c.exercises && c.missingNames === 0) return line;
    const gaps = [
      c.partial > 0 ? `${c.partial} in part` : '',
      c.missingFields > 0 ? `${c.missingFields} fields` : '',
      c.missingNames > 0 ? `${c.missingNames} taxonomy names` : '',
    ].filter((gap) => gap !== '');
    return `${line} (partial: ${gaps.join(', ')} served in English)`;
  });
}

/** A language's view of a snapshot, and what search needs beside it. */
export interface LocalizedSnapshot {
  snapshot: Snapshot;
  /** id -> the English name and keywords: searched in every language ("hip thrust" is said everywhere), never served. */
  englishWords: ReadonlyMap<string, readonly string[]>;
  /** English display group -> its name in the language (itself where untranslated). */
  groupNames: ReadonlyMap<string, string>;
  /** English equipment name -> its name in the language (itself where untranslated). */
  equipmentNames: ReadonlyMap<string, string>;
}

const EXERCISES_PER_STEP = 64;

/**
 * The snapshot as served in `lang`: each exercise's text from the translation, field by field, falling
 * back to the English; equipment and muscle groups by their names in the language; variations as the
 * named exercises' names in the language. Made at once (tests, tools).
 */
export function localizeSnapshot(snapshot: Snapshot, lang: string): LocalizedSnapshot {
  return runNow(localizeSnapshotSteps(snapshot, lang));
}

/**
 * Each English record's words, made once per record object: a reload keeps every unchanged record as
 * the live object (catalog.ts), so its words are the live ones too, and a build that reads them for
 * every translation on every reload allocates only the changed records' (4,464 arrays a reload for the
 * bundled catalog before, each kept beside the live one).
 */
const wordsOf = new WeakMap<Exercise, readonly string[]>();

/** What a translation's search reads of an English record (TranslatedSearch): its name and keywords. */
export function englishWordsOf(exercise: Exercise): readonly string[] {
  let words = wordsOf.get(exercise);
  if (words === undefined) {
    words = [exercise.name, ...exercise.keywords];
    wordsOf.set(exercise, words);
  }
  return words;
}

/** localizeSnapshot step by step (time-slices.ts): 100x the catalog is 223,300 records a language. */
export function* localizeSnapshotSteps(snapshot: Snapshot, lang: string): Steps<LocalizedSnapshot> {
  const translation = snapshot.translations?.[lang] ?? { exercises: {} };
  const groupNames = new Map(
    snapshot.muscleGroups.map((group) => [group.displayGroup, translation.muscleGroups?.[group.displayGroup] ?? group.displayGroup]),
  );
  const equipmentNames = new Map(snapshot.equipment.map((name) => [name, translation.equipment?.[name] ?? name]));
  const nameInLanguage = new Map<string, string>();
  for (const exercise of snapshot.exercises) {
    nameInLanguage.set(exercise.name.toLowerCase(), translation.exercises[exercise.id]?.name ?? exercise.name);
    if (nameInLanguage.size % (EXERCISES_PER_STEP * 8) === 0) yield;
  }
  const englishWords = new Map<string, readonly string[]>();
  const exercises: Exercise[] = [];
  for (const exercise of snapshot.exercises) {
    const text = translation.exercises[exercise.id] ?? {};
    englishWords.set(exercise.id, englishWordsOf(exercise));
    exercises.push({
      ...exercise,
      name: text.name ?? exercise.name,
      keywords: text.keywords ?? exercise.keywords,
      equipment: exercise.equipment === null ? null : (equipmentNames.get(exercise.equipment) ?? exercise.equipment),
      instructions: text.instructions ?? exercise.instructions,
      exerciseTips: text.exerciseTips ?? exercise.exerciseTips,
      commonMistakes: text.commonMistakes ?? exercise.commonMistakes,
      safetyInfo: text.safetyInfo ?? exercise.safetyInfo,
      overview: text.overview ?? exercise.overview,
      variations: exercise.variations.map((name) => nameInLanguage.get(name.toLowerCase()) ?? name),
    });
    if (exercises.length % EXERCISES_PER_STEP === 0) yield;
  }
  const { translations: _all, ...rest } = snapshot;
  return {
    snapshot: {
      ...rest,
      categories: snapshot.categories.map((info) => ({
        category: info.category,
        description: translation.categories?.[info.category] ?? info.description,
      })),
      muscleGroups: snapshot.muscleGroups.map((group) => ({ displayGroup: groupNames.get(group.displayGroup)!, muscles: group.muscles })),
      equipment: snapshot.equipment.map((name) => equipmentNames.get(name)!),
      exercises,
    },
    englishWords,
    groupNames,
    equipmentNames,
  };
}
