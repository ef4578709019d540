/**
 * The languages the catalog may be served in besides English, and each one's search rules. Adding a
 * language is a folder of translations (data/source/translations/<lang>/), its words
 * (search/languages/<lang>-words.ts) and its rules (a stemmer, and what else its words need: German
 * splits compounds), listed here (docs/operations.md#adding-a-language).
 */
import { ENGLISH, foldText, splitWords, type TextRules } from '../text/normalize.ts';
import { WORDS as GERMAN_WORDS } from './de-words.ts';
import { WORDS as SPANISH_WORDS } from './es-words.ts';
import { GERMAN } from './german.ts';
import { SPANISH } from './spanish.ts';

/** A language's search words: what the shipped dictionary adds in that language (targets are English canonical names). */
export interface LanguageWords {
  readonly functionWords: readonly string[];
  readonly synonyms: readonly (readonly string[])[];
  readonly muscleAliases: Readonly<Record<string, readonly string[]>>;
  readonly equipmentAliases: Readonly<Record<string, readonly (string | null)[]>>;
  readonly compoundParts: readonly string[];
}

export interface Language {
  readonly rules: TextRules;
  /** Undefined for English, whose words are the engine's own (text/synonyms.ts, filters/aliases.ts). */
  readonly words: LanguageWords | undefined;
}

/** English first: the source language and the default. */
export const LANGUAGES: ReadonlyMap<string, Language> = new Map([
  ['en', { rules: ENGLISH, words: undefined }],
  ['es', { rules: SPANISH, words: SPANISH_WORDS }],
  ['de', { rules: GERMAN, words: GERMAN_WORDS }],
]);

/**
 * The rules for a language a snapshot translates into: its own where the engine has them, else folding
 * alone (case and accents, no stemming or function words), so a new language is searchable from its
 * first snapshot and gets better once its words are written.
 */
export function languageOf(lang: string): Language {
  return (
    LANGUAGES.get(lang) ?? {
      rules: { lang, tokenize: (text) => splitWords(foldText(text)), isFunctionWord: () => false },
      words: undefined,
    }
  );
}
