/**
 * `npm run --silent keys -- <verb>`: key management against KEYS_FILE (docs/operations.md#keys-cli).
 *   create --tier <tier> [--label TEXT] [--json]   a new key, printed once
 *   regenerate <id> [--json]                       a new key for the same id; the old one stops working
 *   revoke <id>                                    the key stops working at once
 *   list [--json]                                  ids, tiers, labels and masked keys, never a whole key
 * A running server picks every change up within RELOAD_INTERVAL_MS (1 s by default). In a fleet
 * (COUNTER_STORE=redis://…) the change is made in Redis, which every instance mirrors.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { openFleetRedis, RedisDocument, whenReady } from '../documents/redis-document.ts';
import { FileDocument, type SharedDocument } from '../documents/shared-document.ts';
import { fsProblem } from '../files.ts';
import { maskKey } from '../keys/api-key.ts';
import { keyStoreCodec } from '../keys/key-admin.ts';
import { loadKeyStore } from '../keys/key-ring.ts';
import { createKey, type IssuedKey, type KeyStore, regenerateKey, revokeKey } from '../keys/key-store.ts';
import { createLogger } from '../log.ts';
import { KEYS_DOCUMENT } from '../start/documents.ts';
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

/** What every verb works on: the parsed flags, the tier table, and where output goes. */
interface KeysRun {
  values: { tier?: string | undefined; label: string; json: boolean };
  id: string | undefined;
  file: string;
  tiers: TierTable;
  now: Date;
  out: Out;
  err: Out;
}

/**
 * What a verb decides on the newest store: the store to write (none: nothing to write), the exit
 * code, and what to print once the write has landed. Pure: in a fleet it may run more than once.
 */
interface Outcome {
  store?: KeyStore;
  code: number;
  report(): void;
}

const OPTIONS = {
  tier: { type: 'string' },
  label: { type: 'string', default: '' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * Runs one verb; resolves with the exit code. With COUNTER_STORE=redis://…, the verb changes the
 * fleet's copy in Redis (and this host's KEYS_FILE with it): editing KEYS_FILE alone would be undone by
 * the next sync (docs/operations.md#keys-and-accounts-in-a-fleet).
 */
export async function runKeysCli(args: string[], env: NodeJS.ProcessEnv, out: Out, err: Out, now = new Date()): Promise<number> {
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
  // Read once before anything else, so a store that cannot be read is reported as such.
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
  const run: KeysRun = { values, id, file, tiers: tiers.value, now, out, err };
  const codec = keyStoreCodec(file, tiers.value);
  const redis = config.value.counterStore.kind === 'redis' ? openFleetRedis(config.value.counterStore.url, 1000) : undefined;
  const document: SharedDocument<KeyStore> =
    redis === undefined
      ? new FileDocument(file, codec)
      : new RedisDocument({ client: redis, key: KEYS_DOCUMENT, file, codec, logger: createLogger('silent') });
  try {
    if (redis !== undefined) await whenReady(redis);
    const outcome = await document.update((store) => {
      const decided = runVerb(run, store);
      return { doc: decided.store, result: decided };
    });
    outcome.report();
    return outcome.code;
  } catch (error) {
    err(error instanceof Error && error.message.startsWith(file) ? error.message : formatProblem(fsProblem(file, 'written', error)));
    return 1;
  } finally {
    redis?.disconnect();
  }
}

function printIssued(run: KeysRun, issued: IssuedKey): void {
  const { record, key } = issued;
  if (run.values.json) run.out(JSON.stringify({ id: record.id, key, tier: record.tier }));
  else run.out(`${record.id} (${record.tier}${record.label ? `, ${record.label}` : ''}): ${key}\n${SHOWN_ONCE}`);
}

function refused(run: KeysRun, code: number, message: string): Outcome {
  return { code, report: () => run.err(message) };
}

function create(run: KeysRun, store: KeyStore): Outcome {
  const tier = run.values.tier;
  if (tier === undefined || !run.tiers.has(tier)) return refused(run, 2, `--tier must be one of: ${[...run.tiers.keys()].join(', ')}`);
  const issued = createKey(store, tier, run.values.label, run.now);
  return { store: issued.store, code: 0, report: () => printIssued(run, issued) };
}

function regenerate(run: KeysRun, store: KeyStore): Outcome {
  if (run.id === undefined) return refused(run, 2, USAGE);
  const issued = regenerateKey(store, run.id, run.now);
  if (issued === undefined) return refused(run, 1, `no active key has the id ${run.id}`);
  return { store: issued.store, code: 0, report: () => printIssued(run, issued) };
}

function revoke(run: KeysRun, store: KeyStore): Outcome {
  const id = run.id;
  if (id === undefined) return refused(run, 2, USAGE);
  const next = revokeKey(store, id, run.now);
  if (next === undefined) return refused(run, 1, `no active key has the id ${id}`);
  return { store: next, code: 0, report: () => run.out(`revoked ${id}`) };
}

function list(run: KeysRun, store: KeyStore): Outcome {
  const rows = store.keys.map((k) => ({
    id: k.id,
    tier: k.tier,
    label: k.label,
    key: maskKey(k.hint),
    createdAt: k.createdAt,
    status: k.revokedAt === undefined ? 'active' : 'revoked',
  }));
  return {
    code: 0,
    report() {
      if (run.values.json) run.out(JSON.stringify(rows));
      else if (rows.length === 0) run.out(`no keys in ${run.file}`);
      else run.out(rows.map((r) => `${r.id}  ${r.tier.padEnd(9)} ${r.status.padEnd(8)} ${r.key}  ${r.createdAt}  ${r.label}`).join('\n'));
    },
  };
}

const VERBS = new Map<string, (run: KeysRun, store: KeyStore) => Outcome>([
  ['create', create],
  ['regenerate', regenerate],
  ['revoke', revoke],
  ['list', list],
]);

if (isMainModule(import.meta.url)) {
  process.exitCode = await runKeysCli(
    process.argv.slice(2),
    process.env,
    (t) => console.log(t),
    (t) => console.error(t),
  );
}
