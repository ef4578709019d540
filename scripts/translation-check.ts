/**
 * The build's check of the catalog's translations (data/source/translations/<lang>/<file>.json, one per
 * English source file): every entry names an exercise of that file, every field is present and not
 * empty, each has 5-10 keywords, and each list has as many items as the English one, item for item, so a
 * step is never lost or shifted in translation; beside them, <lang>/taxonomy.json names the categories,
 * muscle groups and equipment. Returns the problems, each naming the file and field, and the translations
 * to write into the snapshot (`translations`), whose check (src/catalog/translations.ts) then holds them
 * to the English catalog as the service will.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { readJsonFile } from '../src/files.ts';
import { type ExerciseText, ExerciseTextSchema, nonEmptyText, type Translation } from '../src/catalog/snapshot-schema.ts';
import { mismatchedLists } from '../src/catalog/translations.ts';
import { formatProblems, issueProblems } from '../src/problems.ts';

const text = nonEmptyText;

/** A source entry: the snapshot's translated fields (ExerciseTextSchema), every one required, and 5-10 keywords. */
const TranslationSchema = v.strictObject({
  ...v.required(ExerciseTextSchema).entries,
  keywords: v.pipe(
    v.array(text, 'must be an array of strings'),
    v.minLength(5, 'needs 5-10 keywords'),
    v.maxLength(10, 'needs 5-10 keywords'),
  ),
});

/** The file's frame; each entry is checked on its own, so one bad entry does not hide the others' problems. */
const TranslationFileSchema = v.strictObject({
  lang: v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter language code')),
  exercises: v.record(v.string(), v.unknown()),
});

export interface EnglishFile {
  file: string;
  exercises: readonly Record<string, unknown>[];
}

/** <lang>/taxonomy.json: the language's names of the taxonomy, keyed by the English (snapshot-schema.ts TranslationSchema). */
const TaxonomyFileSchema = v.strictObject({
  lang: v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter language code')),
  categories: v.record(v.string(), text),
  muscleGroups: v.record(v.string(), text),
  equipment: v.record(v.string(), text),
});

const TAXONOMY_FILE = 'taxonomy.json';

/**
 * One file of a language's folder, read and checked against `schema` (its `lang` that of the folder);
 * undefined, with the problems noted, when it cannot be used.
 */
function readLanguageFile<T extends { lang: string }>(
  file: string,
  lang: string,
  schema: v.GenericSchema<unknown, T>,
  problems: string[],
): T | undefined {
  const read = readJsonFile(file);
  if (!read.ok) {
    problems.push(...formatProblems(read.problems));
    return undefined;
  }
  const parsed = v.safeParse(schema, read.value);
  if (!parsed.success) {
    problems.push(...formatProblems(issueProblems(file, parsed.issues)));
    return undefined;
  }
  if (parsed.output.lang !== lang) problems.push(`${file}: lang: is "${parsed.output.lang}" in the folder of "${lang}"`);
  return parsed.output;
}

/** Reads <lang>/taxonomy.json into `translation`; a language without one keeps the English names (partial). */
function readTaxonomy(file: string, lang: string, translation: Translation, problems: string[]): void {
  if (!existsSync(file)) return;
  const taxonomy = readLanguageFile(file, lang, TaxonomyFileSchema, problems);
  if (taxonomy === undefined) return;
  const { categories, muscleGroups, equipment } = taxonomy;
  Object.assign(translation, { categories, muscleGroups, equipment });
}

/**
 * Checks every language folder under `dir` against the English files, and gathers each language's
 * translation for the snapshot; a missing `dir` is no translation at all.
 */
export function checkTranslations(
  dir: string,
  english: readonly EnglishFile[],
): { problems: string[]; translations: Record<string, Translation> } {
  const problems: string[] = [];
  const translations: Record<string, Translation> = {};
  if (!existsSync(dir)) return { problems, translations };
  const languages = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name: lang } of languages.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const entries: [string, ExerciseText][] = [];
    const translation: Translation = { exercises: {} };
    const englishFiles = new Set(english.map((file) => file.file));
    for (const name of readdirSync(join(dir, lang)).filter((file) => file.endsWith('.json') && file !== TAXONOMY_FILE)) {
      if (!englishFiles.has(name)) problems.push(`${join(dir, lang, name)}: has no English source file of that name`);
    }
    readTaxonomy(join(dir, lang, TAXONOMY_FILE), lang, translation, problems);
    for (const source of english) {
      const file = join(dir, lang, source.file);
      if (!existsSync(file)) continue;
      const parsed = readLanguageFile(file, lang, TranslationFileSchema, problems);
      if (parsed === undefined) continue;
      const byId = new Map(source.exercises.map((exercise) => [String(exercise.id), exercise]));
      for (const [id, raw] of Object.entries(parsed.exercises)) {
        const original = byId.get(id);
        if (original === undefined) {
          problems.push(`${file}: exercises.${id}: is not an exercise of ${source.file}`);
          continue;
        }
        const checked = v.safeParse(TranslationSchema, raw);
        if (!checked.success) {
          problems.push(...formatProblems(issueProblems(file, checked.issues, { prefix: `exercises.${id}` })));
          continue;
        }
        const entry = checked.output;
        entries.push([id, entry]);
        const englishLists = original as unknown as Parameters<typeof mismatchedLists>[1];
        for (const { field, count, englishCount } of mismatchedLists(entry, englishLists)) {
          problems.push(`${file}: exercises.${id}.${field}: has ${count} items where the English has ${englishCount}`);
        }
      }
    }
    // Sorted by id, so a rebuilt snapshot diffs cleanly.
    translation.exercises = Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
    translations[lang] = translation;
  }
  return { problems, translations };
}
