/**
 * `npm run --silent keys -- <verb>`: key management against KEYS_FILE (docs/operations.md#keys-cli).
 *   create --tier <tier> [--label TEXT] [--json]   a new key, printed once
 *   regenerate <id> [--json]                       a new key for the same id; the old one stops working
 *   revoke <id>                                    the key stops working at once
 *   list [--json]                                  ids, tiers, labels and masked keys, never a whole key
 * A running server picks every change up within RELOAD_INTERVAL_MS (1 s by default).
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { fsProblem } from '../files.ts';
import { withFileLockSync } from '../files-lock.ts';
import { maskKey } from '../keys/api-key.ts';
import { loadKeyStore } from '../keys/key-ring.ts';
import { createKey, type IssuedKey, type KeyStore, regenerateKey, revokeKey, writeKeyStore } from '../keys/key-store.ts';
import { loadTierTable, type TierTable } from '../limits/tiers.ts';
import { formatProblem, formatProblems } from '../problems.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run --silent keys -- <verb>
  create --tier <tier> [--label TEXT] [--json]   a new key, printed once
  regenerate <id> [--json]                       a new key for the same id; the old one stops working
  revoke <id>                                    the key stops working at once
  list [--json]                                  ids, tiers, labels and masked keys
  --help                                         this text
KEYS_FILE (default ./var/keys.json) and TIERS_FILE select the files; a running server sees changes within 2 s.`;

type Out = (text: string) => void;

const SHOWN_ONCE = 'This key is shown only once; store it safely.';

/** What every verb works on: the parsed flags, the files' contents, and where output goes. */
interface KeysRun {
  values: { tier?: string | undefined; label: string; json: boolean };
  id: string | undefined;
  file: string;
  tiers: TierTable;
  store: KeyStore;
  now: Date;
  out: Out;
  err: Out;
}

const OPTIONS = {
  tier: { type: 'string' },
  label: { type: 'string', default: '' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export function runKeysCli(args: string[], env: NodeJS.ProcessEnv, out: Out, err: Out, now = new Date()): number {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const [verb, id] = positionals;
  const config = readConfig(env);
  if (!config.ok) {
    err(formatProblems(config.problems).join('\n'));
    return 1;
  }
  const tiers = loadTierTable(config.value.tiersFile);
  if (!tiers.ok) {
    err(formatProblems(tiers.problems).join('\n'));
    return 1;
  }
  const file = config.value.keysFile;
  // Read once before locking, so a store that cannot be read is reported as such.
  const before = loadKeyStore(file, tiers.value);
  if (!before.ok) {
    err(formatProblems(before.problems).join('\n'));
    return 1;
  }
  const runVerb = VERBS.get(verb ?? '');
  if (runVerb === undefined) {
    err(USAGE);
    return 2;
  }
  const tierTable = tiers.value;
  // Read, change and write under KEYS_FILE's lock, which the servers' admin API and portal take too.
  const locked = (): number => {
    const loaded = loadKeyStore(file, tierTable);
    if (!loaded.ok) {
      err(formatProblems(loaded.problems).join('\n'));
      return 1;
    }
    return runVerb({ values, id, file, tiers: tierTable, store: loaded.value.store, now, out, err });
  };
  try {
    return withFileLockSync(file, locked);
  } catch (error) {
    err(formatProblem(fsProblem(file, 'locked', error)));
    return 1;
  }
}

function printIssued(run: KeysRun, issued: IssuedKey): void {
  const { record, key } = issued;
  if (run.values.json) run.out(JSON.stringify({ id: record.id, key, tier: record.tier }));
  else run.out(`${record.id} (${record.tier}${record.label ? `, ${record.label}` : ''}): ${key}\n${SHOWN_ONCE}`);
}

/** Writes the store; false (with the reason printed) when it cannot. */
function save(run: KeysRun, store: KeyStore): boolean {
  try {
    writeKeyStore(run.file, store);
    return true;
  } catch (error) {
    run.err(formatProblem(fsProblem(run.file, 'written', error)));
    return false;
  }
}

function create(run: KeysRun): number {
  const tier = run.values.tier;
  if (tier === undefined || !run.tiers.has(tier)) {
    run.err(`--tier must be one of: ${[...run.tiers.keys()].join(', ')}`);
    return 2;
  }
  const issued = createKey(run.store, tier, run.values.label, run.now);
  if (!save(run, issued.store)) return 1;
  printIssued(run, issued);
  return 0;
}

function regenerate(run: KeysRun): number {
  if (run.id === undefined) {
    run.err(USAGE);
    return 2;
  }
  const issued = regenerateKey(run.store, run.id, run.now);
  if (issued === undefined) {
    run.err(`no active key has the id ${run.id}`);
    return 1;
  }
  if (!save(run, issued.store)) return 1;
  printIssued(run, issued);
  return 0;
}

function revoke(run: KeysRun): number {
  if (run.id === undefined) {
    run.err(USAGE);
    return 2;
  }
  const store = revokeKey(run.store, run.id, run.now);
  if (store === undefined) {
    run.err(`no active key has the id ${run.id}`);
    return 1;
  }
  if (!save(run, store)) return 1;
  run.out(`revoked ${run.id}`);
  return 0;
}

function list(run: KeysRun): number {
  const rows = run.store.keys.map((k) => ({
    id: k.id,
    tier: k.tier,
    label: k.label,
    key: maskKey(k.hint),
    createdAt: k.createdAt,
    status: k.revokedAt === undefined ? 'active' : 'revoked',
  }));
  if (run.values.json) run.out(JSON.stringify(rows));
  else if (rows.length === 0) run.out(`no keys in ${run.file}`);
  else run.out(rows.map((r) => `${r.id}  ${r.tier.padEnd(9)} ${r.status.padEnd(8)} ${r.key}  ${r.createdAt}  ${r.label}`).join('\n'));
  return 0;
}

const VERBS = new Map<string, (run: KeysRun) => number>([
  ['create', create],
  ['regenerate', regenerate],
  ['revoke', revoke],
  ['list', list],
]);

if (isMainModule(import.meta.url)) {
  process.exitCode = runKeysCli(
    process.argv.slice(2),
    process.env,
    (t) => console.log(t),
    (t) => console.error(t),
  );
}
