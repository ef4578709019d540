/**
 * German search terms. Umlauts are folded both ways people type them ("Bankdrücken", "bankdruecken",
 * "bankdrucken" are one word), ß is "ss", a light stemmer folds plurals and case endings ("Kniebeugen",
 * "Kniebeuge"; "einarmiges", "einarmig"), and compound words are split into their parts
 * ("Langhantelkniebeuge" is "Langhantel Kniebeuge", "Frontkniebeuge" "Front Kniebeuge"), in the catalog
 * and in a query alike, so that any way of writing a compound finds the others.
 */
import { foldText, splitWords, type TextRules } from '../text/normalize.ts';
import { WORDS } from './de-words.ts';

/** ä, ö, ü arrive as a, o, u (foldText); their spelled-out forms ae, oe, ue are folded onto them. */
function foldUmlauts(word: string): string {
  return word.replace(/ß/g, 'ss').replace(/([aou])e/g, '$1');
}

/** Case and plural endings: "-ern", then "-em", "-en", "-er", "-es", then "-e", "-s", "-ln", "-rn" (after Savoy's light stemmer). */
export function stemGerman(word: string): string {
  const n = word.length;
  if (n > 5 && word.endsWith('ern')) return word.slice(0, -3);
  if (n > 4 && /(?:em|en|er|es)$/.test(word)) return word.slice(0, -2);
  // A final "-n" only after "l" or "r" ("Hanteln", "Kugeln"): "Bein" is not a plural of "bei".
  if (n > 3 && (/[es]$/.test(word) || /[lr]n$/.test(word)) && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A compound's parts are at least this long ("Lat" in "Latzug"). */
const MIN_PART = 3;
/** Shorter words are never split. */
const MIN_COMPOUND = 6;

const PARTS: ReadonlySet<string> = new Set(WORDS.compoundParts.map((part) => stemGerman(foldUmlauts(foldText(part)))));
const FUNCTION_TERMS: ReadonlySet<string> = new Set(
  WORDS.functionWords.flatMap((word) => splitWords(foldUmlauts(foldText(word))).map(stemGerman)),
);

/**
 * The fewest known parts `word` is made of, each compared by its stem (so a linking "s", "n" or "en"
 * and a plural ending do not matter); undefined when it is not a compound of known parts. A word that is itself a part stays whole.
 */
export function splitCompound(word: string, parts: ReadonlySet<string> = PARTS): string[] | undefined {
  const n = word.length;
  if (n < MIN_COMPOUND) return undefined;
  // best[i]: the fewest parts that spell word[0, i), and where the last of them starts.
  const best = new Int32Array(n + 1).fill(0x7fffffff);
  const from = new Int32Array(n + 1).fill(-1);
  best[0] = 0;
  for (let end = MIN_PART; end <= n; end++) {
    for (let start = 0; start <= end - MIN_PART; start++) {
      if (best[start] === 0x7fffffff || best[start]! + 1 >= best[end]!) continue;
      if (parts.has(stemGerman(word.slice(start, end)))) {
        best[end] = best[start]! + 1;
        from[end] = start;
      }
    }
  }
  // A word of unknown parts stays whole: a typo in a compound ("Bankdrüken") is then one word off by
  // one letter, which fuzzy matching forgives, where splitting it at a chance part would not.
  if (best[n]! < 2 || best[n] === 0x7fffffff) return undefined;
  const pieces: string[] = [];
  for (let end = n; end > 0; end = from[end]!) pieces.push(word.slice(from[end]!, end));
  return pieces.reverse();
}

/** Each word's terms once worked out: catalog text repeats its words, and queries repeat the catalog's. */
const termsOfWord = new Map<string, readonly string[]>();
const MAX_REMEMBERED_WORDS = 65_536;

function wordTerms(word: string): readonly string[] {
  let terms = termsOfWord.get(word);
  if (terms === undefined) {
    const folded = foldUmlauts(word);
    terms = (splitCompound(folded) ?? [folded]).map(stemGerman);
    if (termsOfWord.size >= MAX_REMEMBERED_WORDS) termsOfWord.clear();
    termsOfWord.set(word, terms);
  }
  return terms;
}

export const GERMAN: TextRules = {
  lang: 'de',
  tokenize(text) {
    const terms: string[] = [];
    for (const word of splitWords(foldText(text))) terms.push(...wordTerms(word));
    return terms;
  },
  isFunctionWord: (term) => FUNCTION_TERMS.has(term),
};
