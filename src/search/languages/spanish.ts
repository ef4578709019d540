/**
 * Spanish search terms: accents folded like every language (text/normalize.ts), and plurals folded by a
 * light stemmer, so that "sentadillas" meets "sentadilla" and "flexiones" "flexión". Plurals only: gender
 * endings are not folded, since they tell gym words apart ("rodillo" is a foam roller, "rodilla" a knee;
 * "escalador" a mountain climber, "escaladora" a stair climber), and agreement ("inclinado",
 * "inclinada") is one letter that fuzzy matching forgives. Snowball's stemmer merges far more ("press"
 * and "presa", "remo" and "remar"). B and V are one letter, as they are one sound.
 */
import { foldText, splitWords, type TextRules } from '../text/normalize.ts';
import { WORDS } from './es-words.ts';

const VOWELS = 'aeiou';

/** A plural's singular: "-es" after a consonant ("flexiones", "jalones"), else a final "-s" but "-ss" ("poleas", "curls"; "press" stays). */
export function stemSpanish(word: string): string {
  const n = word.length;
  if (n > 4 && word.endsWith('es') && !VOWELS.includes(word[n - 3]!) && word[n - 3] !== 's') return word.slice(0, -2);
  // Not below four letters: "pres" (a typed "press") and "abs" are not plurals.
  if (n > 4 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** B and V sound the same in Spanish, and are swapped in typing ("vurpees", "bolea"): one letter to search. */
const asTyped = (word: string): string => stemSpanish(word.replace(/v/g, 'b'));

const FUNCTION_TERMS: ReadonlySet<string> = new Set(WORDS.functionWords.flatMap((word) => splitWords(foldText(word)).map(asTyped)));

export const SPANISH: TextRules = {
  lang: 'es',
  tokenize: (text) => splitWords(foldText(text)).map(asTyped),
  isFunctionWord: (term) => FUNCTION_TERMS.has(term),
};
