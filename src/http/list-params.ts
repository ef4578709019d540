/**
 * Parsing and validation of GET /v1/exercises query strings: the spec's parameter table plus the
 * rulings (repeatable filters, `search` alias, unknown parameters ignored, single-valued ones 400 when
 * repeated). Failures are returned as INVALID_PARAMETER values naming the field and what was received.
 */
import * as v from 'valibot';
import { CATEGORIES, FORCES, LEVELS, MECHANICS } from '../catalog/snapshot-schema.ts';
import type { Filter, FilterField } from '../search/facet-index.ts';
import { HttpError, invalidParameter } from './http-error.ts';

/** The request before the tier's clamp: `limit` is what the client asked for (1..100). */
export interface ListParams {
  q: string | undefined;
  filters: Filter[];
  random: boolean;
  limit: number;
  offset: number;
}

const ENUMS: Partial<Record<FilterField, readonly string[]>> = {
  category: CATEGORIES,
  level: LEVELS,
  force: FORCES,
  mechanic: MECHANICS,
};
const FREE_TEXT_FILTERS = ['muscle', 'equipment'] as const;
const SINGLE_VALUED = ['q', 'search', 'limit', 'offset', 'random', 'hasVideo'] as const;

const QuerySchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const FilterTextSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const LIMIT = /^\d{1,3}$/;
const OFFSET = /^\d{1,15}$/;

function parseBoolean(field: string, value: string): boolean | HttpError {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return invalidParameter(field, value, `${field} must be true or false.`, `Send ${field}=true or ${field}=false.`, ['true', 'false']);
}

export function parseListParams(rawQuery: string): ListParams | HttpError {
  const params = new URLSearchParams(rawQuery);
  for (const name of SINGLE_VALUED) {
    const values = params.getAll(name);
    if (values.length > 1) {
      return invalidParameter(name, values.join(','), `${name} was sent ${values.length} times; it takes one value.`, `Send ${name} once.`);
    }
  }

  // `search` is an alias some deployed clients send; `q` wins when both are present.
  const qField = params.has('q') ? 'q' : 'search';
  const qValue = params.get(qField) ?? undefined;
  if (qValue !== undefined && !v.safeParse(QuerySchema, qValue).success) {
    return invalidParameter(qField, qValue.slice(0, 256), `${qField} must be 1 to 200 characters long.`, 'Send a search text of 1 to 200 characters, or leave the parameter out.');
  }

  const filters: Filter[] = [];
  for (const [field, allowed] of Object.entries(ENUMS) as [FilterField, readonly string[]][]) {
    const values = params.getAll(field);
    if (values.length === 0) continue;
    const bad = values.find((value) => !allowed.includes(value));
    if (bad !== undefined) {
      return invalidParameter(field, bad.slice(0, 256), `${field} must be one of the allowed values.`, `Allowed values for ${field}: ${allowed.join(', ')}.`, allowed);
    }
    filters.push({ field, values });
  }
  for (const field of FREE_TEXT_FILTERS) {
    const values = params.getAll(field);
    if (values.length === 0) continue;
    const bad = values.find((value) => !v.safeParse(FilterTextSchema, value).success);
    if (bad !== undefined) {
      const list = field === 'muscle' ? 'GET /v1/muscles' : 'GET /v1/equipment';
      return invalidParameter(field, bad.slice(0, 256), `${field} must be 1 to 100 characters long.`, `See ${list} for the values this filter takes.`);
    }
    filters.push({ field, values });
  }
  const hasVideo = params.get('hasVideo');
  if (hasVideo !== null) {
    const parsed = parseBoolean('hasVideo', hasVideo);
    if (parsed instanceof HttpError) return parsed;
    filters.push({ field: 'hasVideo', values: [String(parsed)] });
  }

  let random = false;
  const randomValue = params.get('random');
  if (randomValue !== null) {
    const parsed = parseBoolean('random', randomValue);
    if (parsed instanceof HttpError) return parsed;
    random = parsed;
  }

  let limit = 20;
  const limitValue = params.get('limit');
  if (limitValue !== null) {
    limit = LIMIT.test(limitValue) ? Number(limitValue) : Number.NaN;
    if (!(limit >= 1 && limit <= 100)) {
      return invalidParameter('limit', limitValue.slice(0, 256), 'limit must be an integer from 1 to 100.', 'Send limit between 1 and 100; it is then capped at your plan\'s maximum results per request.');
    }
  }
  let offset = 0;
  const offsetValue = params.get('offset');
  if (offsetValue !== null) {
    if (!OFFSET.test(offsetValue)) {
      return invalidParameter('offset', offsetValue.slice(0, 256), 'offset must be a whole number of 0 or more.', 'Send offset as a zero-based position, e.g. offset=20 for the second page of 20.');
    }
    offset = Number(offsetValue);
  }

  return { q: qValue, filters, random, limit, offset };
}
