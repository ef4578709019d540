/**
 * `npm run usage -- [--date YYYY-MM-DD] [--key ID] [--json]`: billable usage per key and day, read
 * from the counter files in STATE_DIR (what a running server wrote at its last flush), or from Redis
 * when COUNTER_STORE is a Redis URL (every instance's totals, kept 40 days past their day).
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { isRealDate } from '../dates.ts';
import { fsProblem } from '../files.ts';
import { readKeyStore } from '../keys/key-store.ts';
import { formatUsd } from '../limits/money.ts';
import { maskedRedisUrl, redisClient } from '../limits/redis-connection.ts';
import { readRedisUsage } from '../limits/redis-scripts.ts';
import { loadArchive, loadShards } from '../limits/usage-sink.ts';
import { mergeUsage, SHARD_COUNT, type UsageByDay } from '../limits/usage-shards.ts';
import { formatProblem, formatProblems } from '../problems.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run --silent usage -- [--date YYYY-MM-DD] [--key KEY_ID] [--json]
  Requests, overage requests and overage cost per key and UTC day, from STATE_DIR (default ./var/state)
  or, when COUNTER_STORE is redis://..., from Redis; key ids from KEYS_FILE. --help prints this text.`;

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

interface Filters {
  date: string | undefined;
  key: string | undefined;
  isJson: boolean;
}

const OPTIONS = {
  date: { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Exit code; a Promise of it when the usage lives in Redis (the files of STATE_DIR are read synchronously). */
export function runUsageCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
): number | Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args, options: OPTIONS }));
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (values.date !== undefined && !isRealDate(values.date)) {
    err(`--date must be a real day as YYYY-MM-DD (received "${values.date.slice(0, 40)}")`);
    return 2;
  }
  const config = readConfig(env);
  if (!config.ok) {
    err(formatProblems(config.problems).join('\n'));
    return 1;
  }
  const { stateDir, keysFile, counterStore } = config.value;
  const filters: Filters = { date: values.date, key: values.key, isJson: values.json };
  if (counterStore.kind === 'redis') {
    return readFromRedis(counterStore.url).then(
      (byDay) => report(byDay, keysFile, filters, out, err),
      (error: unknown) => {
        err(`${maskedRedisUrl(counterStore.url)}: cannot read usage from Redis (${String((error as Error)?.message ?? error)})`);
        return 1;
      },
    );
  }
  try {
    if (!statSync(stateDir).isDirectory()) {
      err(`${stateDir}: is not a folder (STATE_DIR names the server's state folder)`);
      return 1;
    }
  } catch (error) {
    err(`${formatProblem(fsProblem(stateDir, 'read', error))}; STATE_DIR names the server's state folder`);
    return 1;
  }
  const shards = loadShards(stateDir, SHARD_COUNT);
  const archive = loadArchive(stateDir);
  if (!shards.ok || !archive.ok) {
    err(formatProblems([...(shards.ok ? [] : shards.problems), ...(archive.ok ? [] : archive.problems)]).join('\n'));
    return 1;
  }
  return report(mergeUsage(shards.value, archive.value), keysFile, filters, out, err);
}

async function readFromRedis(url: string): Promise<UsageByDay> {
  // No retries: an unreachable Redis is reported at once rather than waited for.
  const client = redisClient(url, {
    lazyConnect: true,
    commandTimeout: REPORT_TIMEOUT_MS,
    connectTimeout: REPORT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined); // reported through the rejected command
  try {
    await client.connect();
    return await readRedisUsage(client);
  } finally {
    client.disconnect();
  }
}

function report(byDay: UsageByDay, keysFile: string, filters: Filters, out: (text: string) => void, err: (text: string) => void): number {
  const keys = readKeyStore(keysFile);
  if (!keys.ok) {
    err(formatProblems(keys.problems).join('\n'));
    return 1;
  }
  const records = new Map(keys.value.store.keys.map((k) => [k.id, k]));
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
    out(
      [
        'date        key               tier       requests  overage  cost',
        ...rows.map(
          (r) =>
            `${r.date}  ${r.keyId.padEnd(16)}  ${(r.tier ?? '?').padEnd(9)} ` +
            `${String(r.requests).padStart(9)} ${String(r.overageRequests).padStart(8)}  ${r.overageCost}`,
        ),
      ].join('\n'),
    );
  }
  return 0;
}

if (isMainModule(import.meta.url)) {
  void Promise.resolve(
    runUsageCli(
      process.argv.slice(2),
      process.env,
      (t) => console.log(t),
      (t) => console.error(t),
    ),
  ).then((code) => {
    process.exitCode = code;
  });
}
