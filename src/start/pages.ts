/**
 * The server-rendered pages a start serves besides the API: the developer portal when PORTAL=on
 * (accounts in ACCOUNTS_FILE, or a fleet's Redis, sessions signed with the secret beside it).
 */
import { AccountBook } from '../accounts/account-book.ts';
import type { Accounts } from '../accounts/account-store.ts';
import type { SharedDocument } from '../documents/shared-document.ts';
import type { Config } from '../config.ts';
import type { ApiRequest, Reply } from '../http/reply.ts';
import type { KeyAdmin } from '../keys/key-admin.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { UsageByDay } from '../limits/usage-shards.ts';
import type { Logger } from '../log.ts';
import type { RedisClient } from '../limits/redis-connection.ts';
import { AttemptLimiter, type Attempts } from '../portal/attempts.ts';
import { RedisAttempts } from '../portal/redis-attempts.ts';
import { createOperatorView, type OperatorViewDeps } from '../portal/operator-view.ts';
import { createPortal } from '../portal/portal-pages.ts';
import { bearerCheck } from '../http/admin/admin-auth.ts';
import type { HourCounts } from '../observe/status-history.ts';
import { loadSessionSecret } from '../portal/session-secret.ts';
import { Sessions } from '../portal/sessions.ts';
import { orRefuseToStart } from './refuse-to-start.ts';

const MINUTE_MS = 60_000;
/** Failed log-ins per account before it is locked for the window, and per address. */
const LOGIN_FAILURES_PER_ACCOUNT = 5;
const LOGIN_FAILURES_PER_ADDRESS = 30;
const LOGIN_WINDOW_MS = 15 * MINUTE_MS;

export interface PageParts {
  tiers: TierTable;
  keys: KeyAdmin;
  /** Where sign-ups and log-outs are written (start/documents.ts). */
  accounts: SharedDocument<Accounts>;
  /** A fleet's connection for shared state: the attempt limits count there. */
  fleetRedis: RedisClient | undefined;
  usageByDay(): UsageByDay | Promise<UsageByDay>;
  publicUrl(): string;
  logger: Logger;
  hours(): HourCounts[];
  health: OperatorViewDeps['health'];
}

/** The portal's tier for sign-ups: free when the table has it, else its first tier other than operator. */
function signupTier(tiers: TierTable): string {
  return tiers.has('free') ? 'free' : ([...tiers.keys()].find((name) => name !== 'operator') ?? 'operator');
}

type Pages = (request: ApiRequest) => Reply | Promise<Reply> | undefined;

/** The portal (PORTAL=on) and the operator view (ADMIN_TOKEN set), each answering its own paths; undefined when neither is on. */
export function openPages(config: Config, parts: PageParts): Pages | undefined {
  const served: Pages[] = [];
  if (config.isPortalOn) served.push(openPortal(config, parts));
  if (config.adminToken !== undefined) {
    served.push(
      createOperatorView({
        adminToken: config.adminToken,
        isAdminToken: bearerCheck(config.adminToken),
        keys: () => parts.keys.read(),
        usageByDay: parts.usageByDay,
        hours: parts.hours,
        health: parts.health,
        now: Date.now,
        isSecure: (config.publicUrl ?? '').startsWith('https://'),
      }),
    );
  }
  if (served.length === 0) return undefined;
  return function servePage(request) {
    for (const serve of served) {
      const reply = serve(request);
      if (reply !== undefined) return reply;
    }
    return undefined;
  };
}

function openPortal(config: Config, parts: PageParts): Pages {
  const now = Date.now;
  // In a fleet the limits are counted in its Redis, for every instance together.
  const redis = parts.fleetRedis;
  const attempts = (name: string, limit: number, windowMs: number): Attempts =>
    redis === undefined
      ? new AttemptLimiter(limit, windowMs, now)
      : new RedisAttempts({ client: redis, name, limit, windowMs, logger: parts.logger, now });
  const secret = orRefuseToStart(config.accountsFile, 'given a session secret beside it', () => loadSessionSecret(config.accountsFile));
  const book = new AccountBook({
    file: config.accountsFile,
    keys: parts.keys,
    tier: signupTier(parts.tiers),
    now,
    document: parts.accounts,
  });
  return createPortal({
    book,
    sessions: new Sessions(secret, now, (config.publicUrl ?? '').startsWith('https://')),
    tiers: parts.tiers,
    keyRecord: (id) => parts.keys.read().keys.find((record) => record.id === id),
    usageByDay: parts.usageByDay,
    limits: {
      signupsByAddress: attempts('signup-address', config.portalSignupsPerHour, 60 * MINUTE_MS),
      loginsByAddress: attempts('login-address', LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS),
      loginsByAccount: attempts('login-account', LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS),
    },
    publicUrl: parts.publicUrl,
    now,
    logger: parts.logger,
  });
}
