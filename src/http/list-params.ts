/**
 * GET /v1/exercises query parameters as one table of valibot schemas: the same rules validate each
 * request and generate the OpenAPI parameters, so the two cannot drift. Read with the rulings
 * (repeatable filters, `search` alias, unknown parameters ignored, single-valued ones 400 when
 * repeated). Failures are INVALID_PARAMETER values naming the field and what was received.
 */
import * as v from 'valibot';
import { CATEGORIES, FORCES, LEVELS, MECHANICS } from '../catalog/snapshot-schema.ts';
import { FACET_NAMES, type FacetName } from '../search/facet-counts.ts';
import type { Filter, FilterField } from '../search/page-query.ts';
import { HttpError, invalidParameter } from './http-error.ts';

/** The request before the tier's clamp: `limit` is what the client asked for (1..100). */
export interface ListParams {
  q: string | undefined;
  filters: Filter[];
  random: boolean;
  limit: number;
  offset: number;
  /** Facets to count over the whole match set (an extension; empty when not asked for), in FACET_NAMES order. */
  facets: FacetName[];
}

/**
 * How a wire value becomes the typed value the schema checks: integers and booleans are decoded first;
 * a `list` is comma-separated names, each checked on its own (`facets=category,level`).
 */
export type ParamKind = 'text' | 'enum' | 'integer' | 'boolean' | 'list';

export interface ParamRule {
  name: string;
  kind: ParamKind;
  /** Checks one decoded value; also the source of the parameter's JSON Schema. */
  schema: v.GenericSchema;
  /** Several values are OR-ed (a filter); a single-valued parameter sent twice is a 400. */
  isRepeatable: boolean;
  /** The request is refused without it (only suggest's `q`). */
  isRequired?: boolean;
  defaultValue?: number | boolean;
  description: string;
  message: string;
  hint: string;
  allowed?: readonly string[];
}

const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const integer = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const boolean = v.boolean();

function enumRule(name: FilterField, values: readonly string[], description: string): ParamRule {
  return {
    name,
    kind: 'enum',
    schema: v.picklist(values),
    isRepeatable: true,
    description,
    allowed: values,
    message: `${name} must be one of the allowed values.`,
    hint: `Allowed values for ${name}: ${values.join(', ')}.`,
  };
}

function booleanRule(name: string, description: string, defaultValue?: boolean): ParamRule {
  const rule: ParamRule = {
    name,
    kind: 'boolean',
    schema: boolean,
    isRepeatable: false,
    description,
    allowed: ['true', 'false'],
    message: `${name} must be true or false.`,
    hint: `Send ${name}=true or ${name}=false.`,
  };
  if (defaultValue !== undefined) rule.defaultValue = defaultValue;
  return rule;
}

export const queryRule = (name: 'q' | 'search', description: string): ParamRule => ({
  name,
  kind: 'text',
  schema: text(200),
  isRepeatable: false,
  description,
  message: `${name} must be 1 to 200 characters long.`,
  hint: 'Send a search text of 1 to 200 characters, or leave the parameter out.',
});

const freeTextRule = (name: 'muscle' | 'equipment', list: string, description: string): ParamRule => ({
  name,
  kind: 'text',
  schema: text(100),
  isRepeatable: true,
  description,
  message: `${name} must be 1 to 100 characters long.`,
  hint: `See ${list} for the values this filter takes.`,
});

/** Every parameter of GET /v1/exercises, in the order they are checked. */
export const LIST_PARAMS: readonly ParamRule[] = [
  queryRule(
    'q',
    'Full-text search over names and keywords (typos and prefixes tolerated). With q, results are in relevance order and total is null.',
  ),
  queryRule('search', 'Alias of q sent by some deployed clients; q wins when both are sent.'),
  enumRule('category', CATEGORIES, 'Only these categories; repeat the parameter to OR several values.'),
  enumRule('level', LEVELS, 'Only these levels; repeatable.'),
  enumRule('force', FORCES, 'Only these force types; repeatable.'),
  enumRule('mechanic', MECHANICS, 'Only these mechanics; repeatable.'),
  freeTextRule('muscle', 'GET /v1/muscles', 'A displayGroup or an anatomical muscle (primary or secondary), case-insensitive; repeatable.'),
  freeTextRule('equipment', 'GET /v1/equipment', 'An equipment name, case-insensitive; repeatable.'),
  booleanRule('hasVideo', 'true: only exercises with at least one video; false: only those without.'),
  booleanRule('random', 'A uniform random sample of limit matches instead of the default order; offset does not change it.', false),
  {
    name: 'limit',
    kind: 'integer',
    schema: integer(1, 100),
    isRepeatable: false,
    defaultValue: 20,
    description: "Page size, 1 to 100, then clamped to the tier's maxResults; the response's limit is the clamped value.",
    message: 'limit must be an integer from 1 to 100.',
    hint: "Send limit between 1 and 100; it is then capped at your plan's maximum results per request.",
  },
  {
    name: 'offset',
    kind: 'integer',
    schema: integer(0, Number.MAX_SAFE_INTEGER),
    isRepeatable: false,
    defaultValue: 0,
    description: 'Zero-based position of the first result. A tier with a paginationDepth requires offset + limit within it.',
    message: 'offset must be a whole number of 0 or more.',
    hint: 'Send offset as a zero-based position, e.g. offset=20 for the second page of 20.',
  },
  {
    name: 'facets',
    kind: 'list',
    schema: v.picklist(FACET_NAMES),
    isRepeatable: true,
    allowed: FACET_NAMES,
    description:
      'Extension: comma-separated facets to count over the whole match set (every text match after filters with q); ' +
      'the response gains "facets": { facet: { value: count } }.',
    message: 'facets must name only the allowed facets.',
    hint: `Allowed facets: ${FACET_NAMES.join(', ')}; separate several with commas.`,
  },
];

const DIGITS = /^\d{1,16}$/;

/** The wire string as the schema's type; a value that cannot be decoded stays a string and fails the schema. */
function decode(kind: ParamKind, raw: string): unknown {
  if (kind === 'integer') return DIGITS.test(raw) ? Number(raw) : raw;
  if (kind === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

function refuse(rule: ParamRule, received: string): HttpError {
  return invalidParameter(rule.name, received.slice(0, 256), rule.message, rule.hint, rule.allowed);
}

/** Each parameter's decoded values under `rules`, or the first INVALID_PARAMETER. */
export function readValues(rules: readonly ParamRule[], params: URLSearchParams): Map<string, unknown[]> | HttpError {
  const byName = new Map<string, unknown[]>();
  for (const rule of rules) {
    if (!rule.isRepeatable) {
      const values = params.getAll(rule.name);
      if (values.length > 1) {
        return invalidParameter(
          rule.name,
          values.join(','),
          `${rule.name} was sent ${values.length} times; it takes one value.`,
          `Send ${rule.name} once.`,
        );
      }
    }
  }
  const isAliasIgnored = params.has('q');
  for (const rule of rules) {
    if (rule.name === 'search' && isAliasIgnored) continue;
    const raw = params.getAll(rule.name);
    if (raw.length === 0) continue;
    const decoded: unknown[] = [];
    for (const value of rule.kind === 'list' ? raw.flatMap((names) => names.split(',')) : raw) {
      const typed = decode(rule.kind, value);
      if (!v.safeParse(rule.schema, typed).success) return refuse(rule, value);
      decoded.push(typed);
    }
    byName.set(rule.name, decoded);
  }
  return byName;
}

const FILTER_PARAMS: readonly FilterField[] = ['category', 'level', 'force', 'mechanic', 'muscle', 'equipment', 'hasVideo'];

export function parseListParams(rawQuery: string): ListParams | HttpError {
  const values = readValues(LIST_PARAMS, new URLSearchParams(rawQuery));
  if (values instanceof HttpError) return values;
  const filters: Filter[] = [];
  for (const field of FILTER_PARAMS) {
    const given = values.get(field);
    if (given !== undefined) filters.push({ field, values: given.map(String) });
  }
  // `search` is an alias some deployed clients send; `q` wins when both are present.
  const q = (values.get('q') ?? values.get('search'))?.[0] as string | undefined;
  return {
    q,
    filters,
    random: (values.get('random')?.[0] as boolean | undefined) ?? false,
    limit: (values.get('limit')?.[0] as number | undefined) ?? 20,
    offset: (values.get('offset')?.[0] as number | undefined) ?? 0,
    facets: FACET_NAMES.filter((name) => values.get('facets')?.includes(name)),
  };
}
