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
/** A limit, or `null` for none (the operator tier): held as Infinity, so every comparison with it admits. */
const limit = v.pipe(
  v.nullable(count),
  v.transform((value) => value ?? Number.POSITIVE_INFINITY),
);

export const TierSchema = v.pipe(
  v.strictObject(
    {
      dailyRequests: limit,
      perMinute: limit,
      maxResults: v.pipe(count, v.maxValue(100, 'must be at most 100 (the spec caps limit at 100)')),
      paginationDepth: v.optional(count),
      overage: v.boolean('must be true or false'),
      /** USD per request beyond the daily quota (paid tiers). */
      overagePriceUsd: v.optional(price, 0.002),
      /** Total requests a day may reach, as a multiple of dailyRequests, before OVERAGE_CAP_EXCEEDED. */
      safetyCapMultiple: v.optional(v.pipe(v.number('must be a number'), v.minValue(1, 'must be at least 1')), 10),
    },
    'must be an object of limits',
  ),
  v.forward(
    v.check((tier) => !tier.overage || Number.isFinite(tier.dailyRequests), 'must be a number: overage is billed beyond it'),
    ['dailyRequests'],
  ),
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

/**
 * The tier of the key printed on a first start: the operator's own apps, without daily or minute limits
 * and with the spec's largest page; usage is still recorded (docs/operations.md#first-start).
 */
export const OPERATOR_TIER = 'operator';
const OPERATOR_LIMITS = { dailyRequests: null, perMinute: null, maxResults: 100, overage: false };

export const DEFAULT_TIERS = {
  operator: OPERATOR_LIMITS,
  free: { dailyRequests: 100, perMinute: 60, maxResults: 20, paginationDepth: 500, overage: false },
  starter: { dailyRequests: 1000, perMinute: 120, maxResults: 50, overage: true },
  pro: { dailyRequests: 10000, perMinute: 300, maxResults: 100, overage: true },
  business: { dailyRequests: 100000, perMinute: 2000, maxResults: 100, overage: true },
};

/**
 * Validates a parsed tier table; problems name `file` and the field (`pro.perMinute`). A table without
 * an `operator` tier gets the built-in one, so the first-start key always has its tier.
 */
export function parseTierTable(raw: unknown, file: string): Result<TierTable> {
  const parsed = v.safeParse(TierTableSchema, raw);
  if (!parsed.success) return fail(issueProblems(file, parsed.issues));
  const table = new Map(Object.entries(parsed.output).map(([name, tier]) => [name, { ...tier, name }]));
  if (!table.has(OPERATOR_TIER)) table.set(OPERATOR_TIER, { ...v.parse(TierSchema, OPERATOR_LIMITS), name: OPERATOR_TIER });
  return ok(table);
}

/** Whether the tier has a daily limit at all (the operator tier has none). */
export function hasDailyLimit(tier: Tier): boolean {
  return Number.isFinite(tier.dailyRequests);
}

/** A limit as people read it: the number, or `none`. */
export function limitText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'none';
}

/** The tier table as Markdown rows (the OpenAPI document's description): limits as people read them. */
export function tierLines(tiers: TierTable): string {
  const rows = [...tiers.values()].map(
    (t) =>
      `| ${t.name} | ${limitText(t.dailyRequests)} | ${limitText(t.perMinute)} | ${t.maxResults} | ${t.paginationDepth ?? 'none'} | ` +
      `${t.overage ? `yes, up to ${t.safetyCapMultiple}x daily` : 'no'} |`,
  );
  return ['| tier | per day | per minute | max results | pagination depth | overage |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The operator's table from `file`, or the built-in one when `file` is undefined. */
export function loadTierTable(file: string | undefined): Result<TierTable> {
  if (file === undefined) return parseTierTable(DEFAULT_TIERS, 'built-in tier table');
  const read = readJsonFile(file);
  return read.ok ? parseTierTable(read.value, file) : read;
}
