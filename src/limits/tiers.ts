/**
 * The tier table (docs/operations.md#tier-table): the built-in default, and loading and validating an
 * operator's TIERS_FILE. A table that fails validation is refused with the file and field named.
 */
import * as v from 'valibot';
import { readJsonFile } from '../files.ts';
import { fail, issueProblems, ok, type Result } from '../problems.ts';

// The field path names the field already (`pro.perMinute: must be at least 1`), so messages do not repeat it.
const count = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'));
const price = v.pipe(v.number('must be a number'), v.minValue(0, 'must not be negative'));

export const TierSchema = v.strictObject(
  {
    dailyRequests: count,
    perMinute: count,
    maxResults: v.pipe(count, v.maxValue(100, 'must be at most 100 (the spec caps limit at 100)')),
    paginationDepth: v.optional(count),
    overage: v.boolean('must be true or false'),
    /** USD per request beyond the daily quota (paid tiers). */
    overagePriceUsd: v.optional(price, 0.002),
    /** Total requests a day may reach, as a multiple of dailyRequests, before OVERAGE_CAP_EXCEEDED. */
    safetyCapMultiple: v.optional(v.pipe(v.number('must be a number'), v.minValue(1, 'must be at least 1')), 10),
  },
  'must be an object of limits',
);
export type Tier = v.InferOutput<typeof TierSchema> & { name: string };

const TierTableSchema = v.pipe(
  v.record(
    v.pipe(v.string('must be a tier name'), v.regex(/^[a-z][a-z0-9_-]*$/, 'is not a tier name: tier names are lowercase words')),
    TierSchema,
    'must be an object of tiers by name',
  ),
  v.check((table) => Object.keys(table).length > 0, 'the table must define at least one tier'),
);

export type TierTable = ReadonlyMap<string, Tier>;

export const DEFAULT_TIERS = {
  free: { dailyRequests: 100, perMinute: 60, maxResults: 20, paginationDepth: 500, overage: false },
  starter: { dailyRequests: 1000, perMinute: 120, maxResults: 50, overage: true },
  pro: { dailyRequests: 10000, perMinute: 300, maxResults: 100, overage: true },
  business: { dailyRequests: 100000, perMinute: 2000, maxResults: 100, overage: true },
};

/** Validates a parsed tier table; problems name `file` and the field (`pro.perMinute`). */
export function parseTierTable(raw: unknown, file: string): Result<TierTable> {
  const parsed = v.safeParse(TierTableSchema, raw);
  if (!parsed.success) return fail(issueProblems(file, parsed.issues));
  return ok(new Map(Object.entries(parsed.output).map(([name, tier]) => [name, { ...tier, name }])));
}

/** The operator's table from `file`, or the built-in one when `file` is undefined. */
export function loadTierTable(file: string | undefined): Result<TierTable> {
  if (file === undefined) return parseTierTable(DEFAULT_TIERS, 'built-in tier table');
  const read = readJsonFile(file);
  return read.ok ? parseTierTable(read.value, file) : read;
}
