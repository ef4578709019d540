/**
 * The tier table (docs/operations.md#tier-table): the built-in default, and loading and validating an
 * operator's TIERS_FILE. A table that fails validation is refused with the file and field named.
 */
import * as v from 'valibot';
import { fileIssues, readJsonFile } from '../files.ts';

const count = (what: string) => v.pipe(v.number(`${what} must be a number`), v.integer(`${what} must be an integer`), v.minValue(1, `${what} must be at least 1`));

export const TierSchema = v.strictObject({
  dailyRequests: count('dailyRequests'),
  perMinute: count('perMinute'),
  maxResults: v.pipe(count('maxResults'), v.maxValue(100, 'maxResults must be at most 100 (the spec caps limit at 100)')),
  paginationDepth: v.optional(count('paginationDepth')),
  overage: v.boolean('overage must be true or false'),
  /** USD per request beyond the daily quota (paid tiers). */
  overagePriceUsd: v.optional(v.pipe(v.number(), v.minValue(0, 'overagePriceUsd must not be negative')), 0.002),
  /** Total requests a day may reach, as a multiple of dailyRequests, before OVERAGE_CAP_EXCEEDED. */
  safetyCapMultiple: v.optional(v.pipe(v.number(), v.minValue(1, 'safetyCapMultiple must be at least 1')), 10),
});
export type Tier = v.InferOutput<typeof TierSchema> & { name: string };

const TierTableSchema = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_-]*$/, 'tier names are lowercase words')), TierSchema),
  v.check((table) => Object.keys(table).length > 0, 'the table must define at least one tier'),
);

export type TierTable = ReadonlyMap<string, Tier>;

export const DEFAULT_TIERS = {
  free: { dailyRequests: 100, perMinute: 60, maxResults: 20, paginationDepth: 500, overage: false },
  starter: { dailyRequests: 1000, perMinute: 120, maxResults: 50, overage: true },
  pro: { dailyRequests: 10000, perMinute: 300, maxResults: 100, overage: true },
  business: { dailyRequests: 100000, perMinute: 2000, maxResults: 100, overage: true },
};

export type TierTableResult = { ok: true; tiers: TierTable } | { ok: false; problems: string[] };

export function parseTierTable(raw: unknown, file: string): TierTableResult {
  const parsed = v.safeParse(TierTableSchema, raw);
  if (!parsed.success) {
    return { ok: false, problems: fileIssues(file, parsed.issues) };
  }
  return { ok: true, tiers: new Map(Object.entries(parsed.output).map(([name, tier]) => [name, { ...tier, name }])) };
}

/** The operator's table from `file`, or the built-in one when `file` is undefined. */
export function loadTierTable(file: string | undefined): TierTableResult {
  if (file === undefined) return parseTierTable(DEFAULT_TIERS, 'built-in tier table');
  const read = readJsonFile(file);
  return read.ok ? parseTierTable(read.value, file) : { ok: false, problems: [read.problem] };
}
