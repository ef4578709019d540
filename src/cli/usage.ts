/**
 * `npm run usage -- [--date YYYY-MM-DD] [--key ID] [--json]`: billable usage per key and day, read
 * from the counter files in STATE_DIR (what a running server wrote at its last flush).
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { isRealDate } from '../dates.ts';
import { fsProblem } from '../files.ts';
import { readKeyStore } from '../keys/key-store.ts';
import { formatUsd } from '../limits/money.ts';
import { loadArchive, loadShards } from '../limits/usage-sink.ts';
import { mergeUsage, SHARD_COUNT } from '../limits/usage-store.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run --silent usage -- [--date YYYY-MM-DD] [--key KEY_ID] [--json]
  Requests, overage requests and overage cost per key and UTC day, from STATE_DIR (default ./var/state)
  and the key ids of KEYS_FILE. --help prints this text.`;

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
    ({ values } = parseArgs({ args, options: { date: { type: 'string' }, key: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } }));
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
    err(config.problems.join('\n'));
    return 1;
  }
  const { stateDir, keysFile } = config.config;
  try {
    if (!statSync(stateDir).isDirectory()) {
      err(`${stateDir}: is not a folder (STATE_DIR names the server's state folder)`);
      return 1;
    }
  } catch (error) {
    err(`${fsProblem(stateDir, 'read', error)}; STATE_DIR names the server's state folder`);
    return 1;
  }
  const shards = loadShards(stateDir, SHARD_COUNT);
  const archive = loadArchive(stateDir);
  if (!shards.ok || !archive.ok) {
    err([...(shards.ok ? [] : shards.problems), ...(archive.ok ? [] : archive.problems)].join('\n'));
    return 1;
  }
  const keys = readKeyStore(keysFile);
  if (!keys.ok) {
    err(keys.problems.join('\n'));
    return 1;
  }
  const records = new Map(keys.store.keys.map((k) => [k.id, k]));
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

if (isMainModule(import.meta.url)) {
  process.exitCode = runUsageCli(process.argv.slice(2), process.env, (t) => console.log(t), (t) => console.error(t));
}
