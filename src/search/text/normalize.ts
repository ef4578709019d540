/**
 * How text becomes search terms, the same way for the catalog and for a query: accents folded, case
 * lowered, apostrophes dropped ("child's" meets "childs"), split on anything but letters and digits, and
 * plurals folded by a light stemmer ("lunges" meets "lunge", "presses" "press", "flies" "fly").
 * Function words ("how", "to", "exercises", ...) are kept apart: they never decide a result (docs/api.md#function-words).
 */

const MARKS = /\p{M}+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included, needs no folding.
const ASCII = /^[\x00-\x7f]*$/;
const APOSTROPHES = /['’`´]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * Words that carry no meaning of their own in a search for an exercise. Stored stemmed, as the
 * tokenizer emits them. "up", "over", "one" and "get" are not here: "pull up", "bent over row",
 * "one arm row" and "turkish get up" need them.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'for',
  'with',
  'without',
  'w',
  'in',
  'on',
  'at',
  'by',
  'from',
  'into',
  'onto',
  'how',
  'do',
  'doe',
  'what',
  'which',
  'is',
  'are',
  'be',
  'can',
  'i',
  'me',
  'my',
  'your',
  'you',
  'it',
  'that',
  'this',
  'vs',
  'versu',
  'some',
  'any',
  'please',
  'best',
  'good',
  'great',
  'proper',
  'correct',
  'correctly',
  'properly',
  'form',
  'technique',
  'tutorial',
  'guide',
  'tip',
  'video',
  'demo',
  'example',
  'exercise',
  'workout',
  'routine',
  'movement',
  'move',
  'training',
  'way',
  'like',
  // What people want from an exercise, not which one: "build bigger biceps at home" is "biceps".
  'build',
  'building',
  'bigger',
  'tone',
  'toned',
  'toning',
  'strengthen',
  'strengthening',
  'improve',
  'improving',
  'increase',
  'home',
  'gym',
  'session',
  'program',
  'plan',
  'idea',
  'type',
  'list',
  'top',
  'effective',
  'simple',
  'day',
]);

/** Folds a plural onto its singular ("ups" too); Latin endings ("press", "gluteus", "abdominis") are left alone. */
export function stem(word: string): string {
  const n = word.length;
  if (n <= 2 || word.charCodeAt(n - 1) !== 115 /* s */) return word;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (n > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Lower case, accents folded, apostrophes dropped: the text every language's tokenizer splits. */
export function foldText(text: string): string {
  // Most text is plain ASCII, which has no accents to fold.
  const lowered = ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(MARKS, '').toLowerCase();
  return lowered.replace(APOSTROPHES, '');
}

/** The pieces of folded text between separators (anything but letters and digits). */
export function splitWords(folded: string): string[] {
  return folded.split(SEPARATORS).filter((piece) => piece !== '');
}

/** Every term of `text`, in order, function words included (English: the catalog's source language). */
export function tokenize(text: string): string[] {
  return splitWords(foldText(text)).map(stem);
}

export function isFunctionWord(term: string): boolean {
  return FUNCTION_WORDS.has(term);
}

/**
 * How one language turns text into search terms (search/languages/): the same rules for the catalog's
 * text in that language and for a query against it. English is the default everywhere.
 */
export interface TextRules {
  readonly lang: string;
  /** Every term of `text`, in order, function words included. */
  tokenize(text: string): string[];
  isFunctionWord(term: string): boolean;
}

export const ENGLISH: TextRules = { lang: 'en', tokenize, isFunctionWord };

/** The terms of `text` that carry meaning, in order. */
export function contentTerms(text: string, rules: TextRules = ENGLISH): string[] {
  return rules.tokenize(text).filter((term) => !rules.isFunctionWord(term));
}

/**
 * A filter value or dictionary phrase as one lookup key: its content terms, so case, accents, plurals,
 * spacing and function words do not matter.
 */
export function contentKey(text: string, rules: TextRules = ENGLISH): string {
  return contentTerms(text, rules).join(' ');
}

/**
 * A name without its qualifier: what stands before " - " or a closing parenthesis ("Barbell Bench
 * Press - Medium Grip" is a barbell bench press, "Pushups (Close and Wide Hand Positions)" pushups; the
 * "(Military)" inside "Machine Shoulder (Military) Press" is part of the name). The whole name when
 * nothing would be left.
 */
export function baseName(name: string): string {
  const cut = name.search(/ - |\s*\([^()]*\)\s*$/);
  return cut > 0 ? name.slice(0, cut) : name;
}
