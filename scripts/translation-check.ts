/**
 * The build's check of the catalog's translations (data/source/translations/<lang>/<file>.json, one per
 * English source file): every entry names an exercise of that file, every field is present and not
 * empty, and each list has as many items as the English one, item for item, so a step is never lost or
 * shifted in translation. Returns the problems, each naming the file and field, and the coverage per
 * language; a language that does not cover every exercise is partial, and the build says so. The service
 * does not serve translations yet (issue 22); this keeps them sound while the English changes.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { readJsonFile } from '../src/files.ts';
import { formatProblems, issueProblems } from '../src/problems.ts';

const text = v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('must not be empty'));
const texts = v.array(text, 'must be a list of text');

const TranslationSchema = v.strictObject({
  name: text,
  keywords: v.pipe(texts, v.minLength(5, 'needs 5-10 keywords'), v.maxLength(10, 'needs 5-10 keywords')),
  overview: text,
  instructions: texts,
  exerciseTips: texts,
  commonMistakes: texts,
  safetyInfo: text,
});

/** The file's frame; each entry is checked on its own, so one bad entry does not hide the others' problems. */
const TranslationFileSchema = v.strictObject({
  lang: v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter language code')),
  exercises: v.record(v.string(), v.unknown()),
});

/** The fields whose items must match the English one for one. */
const LISTS = ['instructions', 'exerciseTips', 'commonMistakes'] as const;

export interface EnglishFile {
  file: string;
  exercises: readonly Record<string, unknown>[];
}

export interface Coverage {
  lang: string;
  translated: number;
  exercises: number;
}

/** Checks every language folder under `dir` against the English files; a missing `dir` is no translation at all. */
export function checkTranslations(dir: string, english: readonly EnglishFile[]): { problems: string[]; coverage: Coverage[] } {
  const problems: string[] = [];
  const coverage: Coverage[] = [];
  if (!existsSync(dir)) return { problems, coverage };
  const total = english.reduce((sum, file) => sum + file.exercises.length, 0);
  const languages = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name: lang } of languages.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    let translated = 0;
    const englishFiles = new Set(english.map((file) => file.file));
    for (const name of readdirSync(join(dir, lang)).filter((file) => file.endsWith('.json'))) {
      if (!englishFiles.has(name)) problems.push(`${join(dir, lang, name)}: has no English source file of that name`);
    }
    for (const source of english) {
      const file = join(dir, lang, source.file);
      if (!existsSync(file)) continue;
      const read = readJsonFile(file);
      if (!read.ok) {
        problems.push(...formatProblems(read.problems));
        continue;
      }
      const parsed = v.safeParse(TranslationFileSchema, read.value);
      if (!parsed.success) {
        problems.push(...formatProblems(issueProblems(file, parsed.issues)));
        continue;
      }
      if (parsed.output.lang !== lang) problems.push(`${file}: lang: is "${parsed.output.lang}" in the folder of "${lang}"`);
      const byId = new Map(source.exercises.map((exercise) => [String(exercise.id), exercise]));
      for (const [id, raw] of Object.entries(parsed.output.exercises)) {
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
        translated += 1;
        for (const field of LISTS) {
          const count = (original[field] as unknown[] | undefined)?.length ?? 0;
          if (entry[field].length !== count) {
            problems.push(`${file}: exercises.${id}.${field}: has ${entry[field].length} items where the English has ${count}`);
          }
        }
      }
    }
    coverage.push({ lang, translated, exercises: total });
  }
  return { problems, coverage };
}

/** One line per language: `es: 2233 of 2233 exercises translated`, and `(partial)` where it does not cover them all. */
export function coverageLines(coverage: readonly Coverage[]): string[] {
  return coverage.map(
    ({ lang, translated, exercises }) =>
      `${lang}: ${translated} of ${exercises} exercises translated${translated < exercises ? ' (partial)' : ''}`,
  );
}
