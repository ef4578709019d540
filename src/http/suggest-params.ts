/**
 * GET /v1/suggest's parameters as valibot rules (the same table validates requests and generates the
 * OpenAPI parameters, as for lists): `q`, the text typed so far, and `limit`, how many names to return.
 */
import * as v from 'valibot';
import { MAX_SUGGESTIONS } from '../search/suggest.ts';
import { HttpError, invalidParameter } from './http-error.ts';
import { type ParamRule, queryRule, readValues } from './list-params.ts';

export const DEFAULT_SUGGESTIONS = 10;

export const SUGGEST_PARAMS: readonly ParamRule[] = [
  {
    ...queryRule(
      'q',
      'The text typed so far (required): the last word is completed, earlier ones may have typos, be run together or be abbreviations.',
    ),
    isRequired: true,
  },
  {
    name: 'limit',
    kind: 'integer',
    schema: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SUGGESTIONS)),
    isRepeatable: false,
    defaultValue: DEFAULT_SUGGESTIONS,
    description: `How many names, 1 to ${MAX_SUGGESTIONS}.`,
    message: `limit must be an integer from 1 to ${MAX_SUGGESTIONS}.`,
    hint: `Send limit between 1 and ${MAX_SUGGESTIONS}, or leave it out for ${DEFAULT_SUGGESTIONS}.`,
  },
];

export interface SuggestParams {
  q: string;
  limit: number;
}

export function parseSuggestParams(rawQuery: string): SuggestParams | HttpError {
  const values = readValues(SUGGEST_PARAMS, new URLSearchParams(rawQuery));
  if (values instanceof HttpError) return values;
  const q = values.get('q')?.[0] as string | undefined;
  if (q === undefined) return invalidParameter('q', '', 'q is required: the text typed so far.', 'Send q with 1 to 200 characters.');
  return { q, limit: (values.get('limit')?.[0] as number | undefined) ?? DEFAULT_SUGGESTIONS };
}
