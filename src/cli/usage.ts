/**
 * `npm run usage -- [--date YYYY-MM-DD] [--key ID] [--json]`: billable usage per key and day, read
 * from the counter files in STATE_DIR (what a running server wrote at its last flush), or from Redis
 * when COUNTER_STORE is a Redis URL (every instance's totals, kept 40 days past their day).
 */
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { type Config, readConfig } from '../config.ts';
import { readKeyStore } from '../keys/key-store.ts';
import { formatUsd } from '../limits/money.ts';
import { readRedisUsage } from '../limits/redis-usage-store.ts';
import { loadArchive, loadShards } from '../limits/usage-sink.ts';
import { mergeUsage, SHARD_COUNT, type UsageByDay } from '../limits/usage-store.ts';

/** A report may wait longer for Redis than a request does. */
const REPORT_TIMEOUT_MS = 5000;

export interface UsageRow {
  date: string;
  keyId: string;
  tier: string | null;
  label: string | null;
  requests: number;
  overageRequests: number;
  overageCost: string;
}

/** Exit code; a Promise of it when the usage lives in Redis (the file store is read synchronously). */
export function runUsageCli(args: string[], env: NodeJS.ProcessEnv, out: (text: string) => void, err: (text: string) => void): number | Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { date: { type: 'string' }, key: { type: 'string' }, json: { type: 'boolean', default: false } } }));
  } catch (error) {
    err(`${(error as Error).message}\nusage: npm run usage -- [--date YYYY-MM-DD] [--key ID] [--json]`);
    return 2;
  }
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    err('--date must be YYYY-MM-DD');
    return 2;
  }
  const config = readConfig(env);
  if (!config.ok) {
    err(config.problems.join('\n'));
    return 1;
  }
  const filters = { date: values.date, key: values.key, isJson: values.json };
  const { counterStore } = config.config;
  if (counterStore.kind === 'redis') {
    return readFromRedis(counterStore.url).then(
      (byDay) => report(byDay, config.config, filters, out),
      (error: unknown) => {
        err(`${maskedUrl(counterStore.url)}: cannot read usage from Redis (${String((error as Error)?.message ?? error)})`);
        return 1;
      },
    );
  }
  const shards = loadShards(config.config.stateDir, SHARD_COUNT);
  const archive = loadArchive(config.config.stateDir);
  if (!shards.ok || !archive.ok) {
    err([...(shards.ok ? [] : shards.problems), ...(archive.ok ? [] : archive.problems)].join('\n'));
    return 1;
  }
  return report(mergeUsage(shards.shards, archive.archive), config.config, filters, out);
}

/** The URL without a password, for messages. */
function maskedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

async function readFromRedis(url: string): Promise<UsageByDay> {
  // No retries: an unreachable Redis is reported at once rather than waited for.
  const client = new Redis(url, { lazyConnect: true, commandTimeout: REPORT_TIMEOUT_MS, connectTimeout: REPORT_TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined); // reported through the rejected command
  try {
    await client.connect();
    return await readRedisUsage(client);
  } finally {
    client.disconnect();
  }
}

function report(byDay: UsageByDay, config: Config, filters: { date: string | undefined; key: string | undefined; isJson: boolean }, out: (text: string) => void): number {
  const keys = readKeyStore(config.keysFile);
  const records = new Map(keys.ok ? keys.store.keys.map((k) => [k.id, k]) : []);
  const rows: UsageRow[] = [];
  for (const [date, byKey] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (filters.date !== undefined && date !== filters.date) continue;
    for (const [keyId, usage] of [...byKey].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (filters.key !== undefined && keyId !== filters.key) continue;
      rows.push({
        date,
        keyId,
        tier: records.get(keyId)?.tier ?? null,
        label: records.get(keyId)?.label ?? null,
        requests: usage.requests,
        overageRequests: usage.overageRequests,
        overageCost: formatUsd(usage.overageCostMicros),
      });
    }
  }
  if (filters.isJson) {
    out(JSON.stringify(rows));
  } else if (rows.length === 0) {
    out('no usage recorded for that selection');
  } else {
    out(['date        key               tier       requests  overage  cost', ...rows.map((r) =>
      `${r.date}  ${r.keyId.padEnd(16)}  ${(r.tier ?? '?').padEnd(9)} ${String(r.requests).padStart(9)} ${String(r.overageRequests).padStart(8)}  ${r.overageCost}`)].join('\n'));
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void Promise.resolve(runUsageCli(process.argv.slice(2), process.env, (t) => console.log(t), (t) => console.error(t))).then((code) => {
    process.exitCode = code;
  });
}
