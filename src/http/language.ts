/**
 * Which language a data request is answered in (docs/api.md#languages): `lang` when sent, else the
 * best of Accept-Language the catalog has, else English. A language code is compared by its primary
 * subtag, case-insensitively (`es-MX` and `ES` are `es`): the catalog has one Spanish and one German.
 * An unsupported `lang` is a 400 naming the languages there are; an unsupported Accept-Language is
 * not an error (browsers send one on every request), English answers.
 */
import * as v from 'valibot';
import { HttpError, invalidParameter } from './http-error.ts';
import { BoundedCache, type CacheKind, type SearchIndex } from '../search/search-index.ts';
import type { ParamRule } from './list-params.ts';
import type { ApiRequest, Reply } from './reply.ts';

export const DEFAULT_LANGUAGE = 'en';

/** The languages the bundled catalog is served in; a snapshot may carry others (or fewer), and `allowed` says which. */
export const BUNDLED_LANGUAGES = ['en', 'es', 'de'] as const;

/** `lang` as documented in OpenAPI; requests are checked against the live catalog's languages (chooseLanguage). */
export const LANG_PARAM: ParamRule = {
  name: 'lang',
  kind: 'enum',
  schema: v.picklist(BUNDLED_LANGUAGES),
  isRepeatable: false,
  description:
    'The language of the text: en (default), es or de. Without it, Accept-Language decides (quality values honoured; ' +
    'English when none it names is served). Ids, enum values, muscles, media and counts are the same in every language; ' +
    'equipment and muscle group names are served in the language, and filters take them in any language.',
  message: 'lang must be one of the languages the catalog is served in.',
  hint: 'Send lang=en, es or de, or leave it out and send Accept-Language.',
  allowed: BUNDLED_LANGUAGES,
};

/** The Accept-Language request header, as OpenAPI documents it on every data route. */
export const ACCEPT_LANGUAGE_PARAMETER = {
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description: 'The language when lang is not sent (quality values honoured; en when none it names is served).',
  schema: { type: 'string' },
};

export interface LanguageChoice {
  lang: string;
  /** Chosen from Accept-Language (no `lang` sent): the response varies on that header. */
  isNegotiated: boolean;
}

const primaryTag = (tag: string): string => {
  const cut = tag.indexOf('-');
  return (cut === -1 ? tag : tag.slice(0, cut)).trim().toLowerCase();
};

/** The `lang` values of a raw query string; [] without one (the common case, found without parsing). */
function langValues(query: string): string[] {
  if (!query.includes('lang=')) return [];
  return new URLSearchParams(query).getAll('lang');
}

/**
 * The best language of an Accept-Language header that `available` has (RFC 9110 §12.5.4): highest
 * quality first, then the order sent; `q=0` excludes; `*` is English. Undefined when none is available.
 */
function negotiateLanguage(header: string, available: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestQuality = 0;
  for (const item of header.split(',').slice(0, 32)) {
    const [range = '', ...params] = item.split(';');
    let quality = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q') quality = Number(value);
    }
    if (!(quality > 0) || quality > 1) continue;
    const tag = primaryTag(range);
    const lang = tag === '*' ? DEFAULT_LANGUAGE : tag;
    if (available.has(lang) && quality > bestQuality) {
      best = lang;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * What a search index serves: its languages, English first, and each Accept-Language header's choice
 * among them once worked out (browsers send a handful of distinct headers, on every request).
 */
interface ServedLanguages {
  available: ReadonlySet<string>;
  negotiated: BoundedCache<string, string>;
}

const SERVED_LANGUAGES: CacheKind<ServedLanguages, SearchIndex> = {
  name: 'the languages served, and Accept-Language choices',
  make: (index) => ({ available: new Set([DEFAULT_LANGUAGE, ...index.languages.keys()]), negotiated: new BoundedCache(1024) }),
};

/** The language an Accept-Language header chooses (English when it names none served), remembered per header. */
function negotiated(header: string | undefined, served: ServedLanguages): string {
  if (header === undefined || header === '') return DEFAULT_LANGUAGE;
  let lang = served.negotiated.get(header);
  if (lang === undefined) {
    lang = negotiateLanguage(header.slice(0, 512), served.available) ?? DEFAULT_LANGUAGE;
    served.negotiated.set(header, lang);
  }
  return lang;
}

/** The language of a data request among the languages served (English first), or the 400 for a `lang` there is not. */
function chooseLanguage(query: string, acceptLanguage: string | undefined, served: ServedLanguages): LanguageChoice | HttpError {
  const { available } = served;
  const sent = langValues(query);
  if (sent.length > 1)
    return invalidParameter('lang', sent.join(','), `lang was sent ${sent.length} times; it takes one value.`, 'Send lang once.');
  if (sent.length === 1) {
    const lang = primaryTag(sent[0]!);
    if (available.has(lang)) return { lang, isNegotiated: false };
    const allowed = [...available];
    return invalidParameter(
      'lang',
      sent[0]!.slice(0, 64),
      LANG_PARAM.message,
      `Send lang as one of ${allowed.join(', ')}, or leave it out.`,
      allowed,
    );
  }
  return { lang: negotiated(acceptLanguage, served), isNegotiated: true };
}

/** The search index (and with it the catalog) a request is answered from, or the 400 for its `lang`. */
export function indexForRequest(english: SearchIndex, request: ApiRequest): { index: SearchIndex; choice: LanguageChoice } | HttpError {
  const choice = chooseLanguage(request.query, request.acceptLanguage, english.caches.of(SERVED_LANGUAGES));
  if (choice instanceof HttpError) return choice;
  return { index: choice.lang === DEFAULT_LANGUAGE ? english : english.languages.get(choice.lang)!, choice };
}

/**
 * Marks a data reply with its language: Content-Language, and Accept-Language in Vary when that
 * header chose it, so a cache keeps each language apart (ETags differ per language too).
 */
export function markLanguage(reply: Reply, choice: LanguageChoice): Reply {
  reply.headers.push(['Content-Language', choice.lang]);
  if (!choice.isNegotiated) return reply;
  const vary = reply.headers.findIndex(([name]) => name === 'Vary');
  if (vary === -1) reply.headers.push(['Vary', 'Accept-Language']);
  else reply.headers[vary] = ['Vary', `${reply.headers[vary]![1]}, Accept-Language`];
  return reply;
}
