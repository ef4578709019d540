/**
 * The shapes of every response body and header, as valibot schemas. The exercise, muscle group and
 * category come straight from the snapshot schemas that validate the data; the envelopes around them
 * are declared here. openapi.ts turns all of them into the OpenAPI document.
 */
import * as v from 'valibot';
import { CATEGORIES, CategoryInfoSchema, ExerciseSchema, MuscleGroupSchema } from '../catalog/snapshot-schema.ts';
import { DateSchema } from '../dates.ts';
import { FACET_NAMES } from '../search/facet-counts.ts';
import { ERROR_CODES } from './http-error.ts';
import { SAFE_REQUEST_ID } from './request-id.ts';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const data = <T extends v.GenericSchema>(payload: T) => v.strictObject({ data: payload });

export const CategoryRecordSchema = v.strictObject({ ...CategoryInfoSchema.entries, count });

export const StatsSchema = v.strictObject({
  totalExercises: count,
  categories: v.strictObject(Object.fromEntries(CATEGORIES.map((category) => [category, count]))),
  lastUpdated: v.pipe(v.string(), v.isoTimestamp()),
  dataVersion: DateSchema,
});

export const HealthSchema = v.strictObject({
  status: v.picklist(['ok', 'degraded', 'unavailable']),
  version: v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+/)),
  dataVersion: v.nullable(DateSchema),
  exerciseCount: count,
  checks: v.strictObject({ supabase: v.picklist(['ok', 'unavailable']), redis: v.picklist(['ok', 'error']) }),
});

/** `facets=` on a list: per requested facet, value -> how many of the whole match set have it. */
export const FacetCountsSchema = v.strictObject(
  Object.fromEntries(FACET_NAMES.map((name) => [name, v.optional(v.record(v.string(), count))])) as Record<
    (typeof FACET_NAMES)[number],
    v.OptionalSchema<v.RecordSchema<v.StringSchema<undefined>, typeof count, undefined>, undefined>
  >,
);

export const PageSchema = v.strictObject({
  data: v.array(ExerciseSchema),
  total: v.nullable(count),
  limit: v.pipe(count, v.minValue(1), v.maxValue(100)),
  offset: count,
  /** Only when the request sent `facets` (an extension). */
  facets: v.optional(FacetCountsSchema),
});

/** The one error envelope of the spec; `details` is left out when empty. */
export const ErrorSchema = v.strictObject({
  error: v.strictObject({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    hint: v.string(),
    docs_url: v.pipe(v.string(), v.url()),
    details: v.optional(v.record(v.string(), v.unknown())),
  }),
});

/** Response bodies by component name. */
export const BODY_SCHEMAS = {
  Exercise: ExerciseSchema,
  ExerciseResponse: data(ExerciseSchema),
  ExercisePage: PageSchema,
  MusclesResponse: data(v.array(MuscleGroupSchema)),
  EquipmentResponse: data(v.array(v.pipe(v.string(), v.minLength(1)))),
  CategoriesResponse: data(v.array(CategoryRecordSchema)),
  StatsResponse: data(StatsSchema),
  Health: HealthSchema,
  Error: ErrorSchema,
  SuggestResponse: data(v.array(v.strictObject({ id: ExerciseSchema.entries.id, name: ExerciseSchema.entries.name }))),
  /** GET /v1/export: one Exercise object as JSON per line, each line ending in a newline. */
  ExportLines: v.pipe(v.string(), v.regex(/^(\{[^\n]*\}\n)*$/)),
} satisfies Record<string, v.GenericSchema>;

const integerText = v.pipe(v.number(), v.integer());

/** Response headers by name: the spec's metering headers and the HTTP ones this service adds. */
export const HEADER_SCHEMAS = {
  'X-RateLimit-Limit': {
    schema: integerText,
    description: 'Limit of the reported window (the day on success; -1 when counting is unavailable).',
  },
  'X-RateLimit-Remaining': { schema: integerText, description: 'Requests left in the reported window.' },
  'X-RateLimit-Reset': { schema: integerText, description: 'When the reported window resets, in Unix seconds.' },
  'X-RateLimit-Warning': {
    schema: v.picklist(['approaching']),
    description: 'Sent from the request that takes daily usage to 80 % or more.',
  },
  'Retry-After': { schema: v.pipe(v.number(), v.integer(), v.minValue(1)), description: 'Seconds to wait; only on 429.' },
  'X-Overage': { schema: v.picklist(['true']), description: 'The request is billable overage (paid tiers).' },
  'X-Overage-Count': { schema: v.pipe(v.number(), v.integer(), v.minValue(0)), description: 'Overage requests today (paid tiers).' },
  'X-Overage-Cap': {
    schema: v.pipe(v.number(), v.integer(), v.minValue(0)),
    description: 'Requests left before the safety cap (paid tiers).',
  },
  ETag: {
    schema: v.pipe(v.string(), v.regex(/^(W\/)?"[A-Za-z0-9_-]+"$/)),
    description: 'Validator of this response (weak on data, strong on media); send it back in If-None-Match.',
  },
  'Cache-Control': {
    schema: v.picklist(['private, no-cache', 'public, max-age=300', 'no-store', 'public, max-age=31536000']),
    description:
      'private, no-cache on keyed data: keep it, but revalidate (each revalidation is a metered request); a year on media, whose ETag changes when it does.',
  },
  'Accept-Ranges': { schema: v.picklist(['bytes']), description: 'On clips: byte ranges are answered (206).' },
  'Content-Range': {
    schema: v.pipe(v.string(), v.regex(/^bytes \d+-\d+\/\d+$/)),
    description: 'On a 206: the bytes sent and the size of the whole clip.',
  },
  Vary: {
    schema: v.picklist([
      'Accept-Encoding, X-API-Key',
      'Accept-Encoding',
      'Accept-Encoding, X-API-Key, Accept-Language',
      'Accept-Encoding, Accept-Language',
    ]),
    description: 'What the body depends on besides the URL: Accept-Language when no lang was sent.',
  },
  'Content-Language': {
    schema: v.pipe(v.string(), v.regex(/^[a-z]{2}$/)),
    description: 'The language of the text: lang, else the best of Accept-Language the catalog has, else en.',
  },
  'Content-Encoding': { schema: v.picklist(['br', 'gzip']), description: 'Present when the body is compressed (per Accept-Encoding).' },
  'X-Request-Id': {
    schema: v.pipe(v.string(), v.regex(SAFE_REQUEST_ID)),
    description:
      "The client's own X-Request-Id when safe (letters, digits, ._:-, at most 128), else one made by the service; in the access log too.",
  },
} satisfies Record<string, { schema: v.GenericSchema; description: string }>;

export type HeaderName = keyof typeof HEADER_SCHEMAS;
