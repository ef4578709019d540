/**
 * `npm run usage -- [--date YYYY-MM-DD] [--key ID] [--json]`: billable usage per key and day, read
 * from the counter files in STATE_DIR (what a running server wrote at its last flush).
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { readKeyStore } from '../keys/key-store.ts';
import { formatUsd } from '../limits/money.ts';
import { loadArchive, loadShards } from '../limits/usage-sink.ts';
import { mergeUsage, SHARD_COUNT } from '../limits/usage-store.ts';

export interface UsageRow {
  date: string;
  keyId: string;
  tier: string | null;
  label: string | null;
  requests: number;
  overageRequests: number;
  overageCost: string;
}

export function runUsageCli(args: string[], env: NodeJS.ProcessEnv, out: (text: string) => void, err: (text: string) => void): number {
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
  const shards = loadShards(config.config.stateDir, SHARD_COUNT);
  const archive = loadArchive(config.config.stateDir);
  if (!shards.ok || !archive.ok) {
    err([...(shards.ok ? [] : shards.problems), ...(archive.ok ? [] : archive.problems)].join('\n'));
    return 1;
  }
  const keys = readKeyStore(config.config.keysFile);
  const records = new Map(keys.ok ? keys.store.keys.map((k) => [k.id, k]) : []);
  const rows: UsageRow[] = [];
  for (const [date, byKey] of [...mergeUsage(shards.shards, archive.archive)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (values.date !== undefined && date !== values.date) continue;
    for (const [keyId, usage] of [...byKey].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (values.key !== undefined && keyId !== values.key) continue;
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
  if (values.json) {
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
  process.exitCode = runUsageCli(process.argv.slice(2), process.env, (t) => console.log(t), (t) => console.error(t));
}
