/**
 * The shared counter store's Lua scripts and the Redis keys they use (redis-usage-store.ts runs them),
 * and the reader of those keys for the usage report.
 *
 * Keys (prefix `exlib:` by default); `{<keyId>}` is a Redis Cluster hash tag, so both keys of one request
 * hash to one slot (a script may only touch keys of one slot) and a key's counts live on one node:
 * - `live:{<keyId>}`  hash `d` (day number), `m` (minute start ms), `n` (requests in that minute): the
 *   windows a key is in. Expires at the end of its day.
 * - `usage:{<keyId>}:<YYYY-MM-DD>`  hash `r` (requests), `o` (overage requests), `c` (overage cost,
 *   micro-dollars): the daily window's count, which is also the billing record. Expires
 *   BILLING_RETENTION_DAYS after its day ends.
 */
import type { Redis } from 'ioredis';
import { type RedisClient, serversOf } from './redis-connection.ts';
import type { DayUsage, UsageByDay } from './usage-shards.ts';
import { dayString } from './windows.ts';

export const DEFAULT_PREFIX = 'exlib:';

/**
 * KEYS: live hash, the day's totals. ARGV: day, minute start, per-minute limit, daily limit, paid (1/0),
 * safety cap, overage price (micros), live TTL ms, day TTL ms, count (requests this admission charges).
 * Returns {status, minute start, minute count, day requests, overage requests, overage cost}, counts
 * as they were before this request; status 1 admitted and counted, 0 refused, -1 "a newer day is live:
 * call again for day <second element>" (windows only move forward, even when this clock is behind).
 */
/** ADMIT_LUA's answer: status, minute start, then the counts (see above). */
export type AdmitReply = [number, number, number, number, number, number];

export const ADMIT_LUA = `
local day = tonumber(ARGV[1])
local minute = tonumber(ARGV[2])
local live = redis.call('HMGET', KEYS[1], 'd', 'm', 'n')
local liveDay = tonumber(live[1])
if liveDay and liveDay > day then return {-1, liveDay} end
local n = 0
local liveMinute = tonumber(live[2])
if liveMinute and liveMinute >= minute then
  minute = liveMinute
  n = tonumber(live[3]) or 0
end
local totals = redis.call('HMGET', KEYS[2], 'r', 'o', 'c')
local r = tonumber(totals[1]) or 0
local o = tonumber(totals[2]) or 0
local c = tonumber(totals[3]) or 0
local daily = tonumber(ARGV[4])
local isPaid = ARGV[5] == '1'
local count = tonumber(ARGV[10])
-- The same checks as decide() in admission.ts: cap (paid) or day (free) must hold the whole count, the minute room to start.
if (isPaid and r + count > tonumber(ARGV[6])) or ((not isPaid) and r + count > daily) or n >= tonumber(ARGV[3]) then
  return {0, minute, n, r, o, c}
end
redis.call('HSET', KEYS[1], 'd', day, 'm', minute, 'n', n + count)
if liveDay ~= day then redis.call('PEXPIRE', KEYS[1], ARGV[8]) end
redis.call('HINCRBY', KEYS[2], 'r', count)
local overage = 0
if isPaid then overage = math.max(0, r + count - math.max(daily, r)) end
if overage > 0 then
  redis.call('HINCRBY', KEYS[2], 'o', overage)
  redis.call('HINCRBY', KEYS[2], 'c', overage * tonumber(ARGV[7]))
end
if r == 0 then redis.call('PEXPIRE', KEYS[2], ARGV[9]) end
return {1, minute, n, r, o, c}
`;

/**
 * KEYS: live hash, the ticket day's totals. ARGV: day, minute start, overage requests, price (micros),
 * requests (the ticket's count). A day that has rolled over since is left alone, like the in-process store does.
 */
export const RELEASE_LUA = `
local live = redis.call('HMGET', KEYS[1], 'd', 'm', 'n')
if tonumber(live[1]) ~= tonumber(ARGV[1]) then return 0 end
local count = tonumber(ARGV[5])
local r = tonumber(redis.call('HGET', KEYS[2], 'r')) or 0
redis.call('HSET', KEYS[2], 'r', math.max(0, r - count))
if tonumber(live[2]) == tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'n', math.max(0, (tonumber(live[3]) or 0) - count)) end
local overage = tonumber(ARGV[3])
if overage > 0 then
  local o = tonumber(redis.call('HGET', KEYS[2], 'o')) or 0
  redis.call('HSET', KEYS[2], 'o', math.max(0, o - overage))
  local c = tonumber(redis.call('HGET', KEYS[2], 'c')) or 0
  redis.call('HSET', KEYS[2], 'c', math.max(0, c - overage * tonumber(ARGV[4])))
end
return 1
`;

export type ScriptArg = string | number;
/** The client with the two scripts defined on it (ioredis runs them by EVALSHA, loading on NOSCRIPT). */
export type ScriptedRedis = RedisClient & Scripts;
interface Scripts {
  exlibAdmit(liveKey: string, dayKey: string, ...args: ScriptArg[]): Promise<number[]>;
  exlibRelease(liveKey: string, dayKey: string, ...args: ScriptArg[]): Promise<number>;
}

export function liveKey(prefix: string, keyId: string): string {
  return `${prefix}live:{${keyId}}`;
}

export function dayKey(prefix: string, keyId: string, day: number): string {
  return `${prefix}usage:{${keyId}}:${dayString(day)}`;
}

/**
 * Reads every `usage:` hash under `prefix` on every server (each master of a cluster holds its own
 * slots), with SCAN, never KEYS, so a large store is not blocked. Names written before the hash tag
 * (`usage:<keyId>:<date>`, before issue 19) are read too.
 */
export async function readRedisUsage(client: RedisClient, prefix: string = DEFAULT_PREFIX): Promise<UsageByDay> {
  const byDay: UsageByDay = new Map();
  for (const server of serversOf(client)) await readServerUsage(server, prefix, byDay);
  return byDay;
}

async function readServerUsage(client: Redis, prefix: string, byDay: UsageByDay): Promise<void> {
  let cursor = '0';
  do {
    const [next, names] = await client.scan(cursor, 'MATCH', `${prefix}usage:*`, 'COUNT', 1000);
    cursor = next;
    if (names.length === 0) continue;
    const pipeline = client.pipeline();
    for (const name of names) pipeline.hmget(name, 'r', 'o', 'c');
    const replies = (await pipeline.exec()) ?? [];
    names.forEach((name, i) => {
      const [error, values] = replies[i] ?? [null, []];
      if (error !== null) throw error;
      const [requests = 0, overageRequests = 0, overageCostMicros = 0] = (values as (string | null)[]).map((value) => Number(value ?? 0));
      if (requests === 0) return;
      // <prefix>usage:{<keyId>}:<YYYY-MM-DD>; key ids hold no colon or brace (key_[a-z0-9]+).
      const rest = name.slice(prefix.length + 'usage:'.length);
      const date = rest.slice(rest.lastIndexOf(':') + 1);
      const keyId = rest.slice(0, rest.lastIndexOf(':')).replace(/^\{(.*)\}$/, '$1');
      let byKey = byDay.get(date);
      if (byKey === undefined) {
        byKey = new Map<string, DayUsage>();
        byDay.set(date, byKey);
      }
      // The day an upgrade to the hash-tagged names happens holds both names of one key: added up.
      const earlier = byKey.get(keyId);
      byKey.set(
        keyId,
        earlier === undefined
          ? { requests, overageRequests, overageCostMicros }
          : {
              requests: earlier.requests + requests,
              overageRequests: earlier.overageRequests + overageRequests,
              overageCostMicros: earlier.overageCostMicros + overageCostMicros,
            },
      );
    });
  } while (cursor !== '0');
}
