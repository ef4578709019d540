/**
 * Content terms by text (normalize.ts's contentTerms), kept from one build of a catalog's search index
 * to the next. Tokenizing names and keywords was 40% of building the index in three languages, and a
 * new snapshot mostly repeats the live one's names and keywords (a day's edits change a few records),
 * so a reload looks each text up in what the live index's build read before tokenizing it (issue 19:
 * a reload within 2 s on a busy machine). Only the texts this build reads are kept for the next one, so
 * the table never outgrows one catalog, and none is kept for a large catalog (KEEP_TEXT_TERMS_MAX_EXERCISES).
 */
import { contentTerms, type TextRules } from './normalize.ts';

/**
 * Catalogs of more exercises keep no table (nor term ids, term-tokens.ts). The bundled catalog's
 * (2,233 exercises, 67,715 texts in three languages) holds 4.8 MB of heap after a build from nothing;
 * after a reload only the texts the term-id table did not answer (0.7 MB, beside its 7.5 MB). At 100x
 * its size the names alone would be 670,000 entries (about 50 MB), for a reload that takes longer than
 * 2 s however it is built.
 */
export const KEEP_TEXT_TERMS_MAX_EXERCISES = 10_000;

export type TextTermTable = ReadonlyMap<string, readonly string[]>;

export class TextTerms {
  readonly #read = new Map<string, readonly string[]>();
  /** Each distinct term once, so that the kept table holds one copy of "press", not one per name. */
  readonly #termOf = new Map<string, string>();
  #earlier: TextTermTable | undefined;

  /** `earlier`: the table the live index's build kept (`kept()`), for the same language's rules. */
  constructor(
    readonly rules: TextRules,
    earlier?: TextTermTable,
  ) {
    this.#earlier = earlier;
  }

  /** The content terms of `text`, tokenized only when neither this build nor the earlier one read it. */
  of(text: string): readonly string[] {
    let terms = this.#read.get(text);
    if (terms === undefined) {
      terms = this.#earlier?.get(text) ?? contentTerms(text, this.rules).map((term) => this.#interned(term));
      this.#read.set(text, terms);
    }
    return terms;
  }

  #interned(term: string): string {
    const known = this.#termOf.get(term);
    if (known !== undefined) return known;
    this.#termOf.set(term, term);
    return term;
  }

  /** What the next build may look up (dropping the earlier table, so builds never chain); undefined past the size line. */
  kept(exerciseCount: number): TextTermTable | undefined {
    this.#earlier = undefined;
    return exerciseCount <= KEEP_TEXT_TERMS_MAX_EXERCISES ? this.#read : undefined;
  }
}
