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
import { maskKey } from '../keys/api-key.ts';
import { loadKeyStore } from '../keys/key-ring.ts';
import { createKey, type IssuedKey, regenerateKey, revokeKey, writeKeyStore } from '../keys/key-store.ts';
import { loadTierTable } from '../limits/tiers.ts';
import { formatProblem, formatProblems } from '../problems.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run --silent keys -- <verb>
  create --tier <tier> [--label TEXT] [--json]   a new key, printed once
  regenerate <id> [--json]                       a new key for the same id; the old one stops working
  revoke <id>                                    the key stops working at once
  list [--json]                                  ids, tiers, labels and masked keys
  --help                                         this text
KEYS_FILE (default ./var/keys.json) and TIERS_FILE select the files; a running server sees changes within 2 s.`;

export function runKeysCli(args: string[], env: NodeJS.ProcessEnv, out: (text: string) => void, err: (text: string) => void, now = new Date()): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { tier: { type: 'string' }, label: { type: 'string', default: '' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
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
  const loaded = loadKeyStore(file, tiers.value);
  if (!loaded.ok) {
    err(formatProblems(loaded.problems).join('\n'));
    return 1;
  }
  const printIssued = (issued: IssuedKey) => {
    if (values.json) out(JSON.stringify({ id: issued.record.id, key: issued.key, tier: issued.record.tier }));
    else out(`${issued.record.id} (${issued.record.tier}${issued.record.label ? `, ${issued.record.label}` : ''}): ${issued.key}\nThis key is shown only once; store it safely.`);
  };

  const save = (store: Parameters<typeof writeKeyStore>[1]): boolean => {
    try {
      writeKeyStore(file, store);
      return true;
    } catch (error) {
      err(formatProblem(fsProblem(file, 'written', error)));
      return false;
    }
  };

  switch (verb) {
    case 'create': {
      if (values.tier === undefined || !tiers.value.has(values.tier)) {
        err(`--tier must be one of: ${[...tiers.value.keys()].join(', ')}`);
        return 2;
      }
      const issued = createKey(loaded.value.store, values.tier, values.label, now);
      if (!save(issued.store)) return 1;
      printIssued(issued);
      return 0;
    }
    case 'regenerate': {
      if (id === undefined) {
        err(USAGE);
        return 2;
      }
      const issued = regenerateKey(loaded.value.store, id, now);
      if (issued === undefined) {
        err(`no active key has the id ${id}`);
        return 1;
      }
      if (!save(issued.store)) return 1;
      printIssued(issued);
      return 0;
    }
    case 'revoke': {
      if (id === undefined) {
        err(USAGE);
        return 2;
      }
      const store = revokeKey(loaded.value.store, id, now);
      if (store === undefined) {
        err(`no active key has the id ${id}`);
        return 1;
      }
      if (!save(store)) return 1;
      out(`revoked ${id}`);
      return 0;
    }
    case 'list': {
      const rows = loaded.value.store.keys.map((k) => ({
        id: k.id,
        tier: k.tier,
        label: k.label,
        key: maskKey(k.hint),
        createdAt: k.createdAt,
        status: k.revokedAt === undefined ? 'active' : 'revoked',
      }));
      if (values.json) out(JSON.stringify(rows));
      else if (rows.length === 0) out(`no keys in ${file}`);
      else out(rows.map((r) => `${r.id}  ${r.tier.padEnd(9)} ${r.status.padEnd(8)} ${r.key}  ${r.createdAt}  ${r.label}`).join('\n'));
      return 0;
    }
    default:
      err(USAGE);
      return 2;
  }
}

if (isMainModule(import.meta.url)) {
  process.exitCode = runKeysCli(process.argv.slice(2), process.env, (t) => console.log(t), (t) => console.error(t));
}
