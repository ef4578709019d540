/** The scratch folder a run works in: a tier table with a `bench` tier, a key store with one key, and the usage state. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createKey, EMPTY_STORE, writeKeyStore } from '../src/keys/key-store.ts';
import { DEFAULT_TIERS, loadTierTable } from '../src/limits/tiers.ts';
import { formatProblems } from '../src/problems.ts';

/** A tier no benchmark can exhaust: the business tier's 2,000/min would turn most requests into 429s. */
const BENCH_TIER = { dailyRequests: 1_000_000_000, perMinute: 1_000_000_000, maxResults: 100, overage: true, safetyCapMultiple: 10 };

export interface Scratch {
  dir: string;
  tiersFile: string;
  keysFile: string;
  stateDir: string;
  apiKey: string;
}

/** A tier table with the four standard tiers plus `bench`, and a key store with one `bench` key, made by the project's own code. */
export function prepareScratch(): Scratch {
  const dir = mkdtempSync(join(os.tmpdir(), 'exlib-bench-'));
  const tiersFile = join(dir, 'tiers.json');
  writeFileSync(tiersFile, `${JSON.stringify({ ...DEFAULT_TIERS, bench: BENCH_TIER }, null, 2)}\n`);
  const tiers = loadTierTable(tiersFile);
  if (!tiers.ok) throw new Error(`the bench tier table is invalid: ${formatProblems(tiers.problems).join('; ')}`);
  const keysFile = join(dir, 'keys.json');
  const issued = createKey(EMPTY_STORE, 'bench', 'benchmark', new Date());
  writeKeyStore(keysFile, issued.store);
  const stateDir = join(dir, 'state');
  mkdirSync(stateDir, { recursive: true });
  return { dir, tiersFile, keysFile, stateDir, apiKey: issued.key };
}
