/**
 * A fleet's copy of a shared document (shared-document.ts): Redis holds the text and a version in one
 * hash, and a write lands only if the version is still the one its change was computed on (a
 * compare-and-set in Lua), else the change runs again on the newer text. Instances on different
 * machines therefore never lose each other's sign-ups or key changes, and no lock outlives a writer.
 *
 * Every instance mirrors the Redis text into its local file (`sync`, every RELOAD_INTERVAL_MS, and
 * after each of its own writes), and reads only that file: with Redis down, keys still authenticate
 * and accounts still log in, as they did before; only changes wait for Redis to answer.
 *
 * The first instance that finds no document in Redis seeds it from its local file (moving one box's
 * keys into a fleet); an instance that joins later takes the fleet's copy over its own file.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type RedisClient, redisClient } from '../limits/redis-connection.ts';
import { failFastOptions } from '../limits/redis-usage-store.ts';
import { writeFileAtomic } from '../files.ts';
import { withFileLock } from '../files-lock.ts';
import type { Logger } from '../log.ts';
import { formatProblems } from '../problems.ts';
import { type Change, type DocumentCodec, type SharedDocument, serializeDocument, StoreUnavailableError } from './shared-document.ts';

/**
 * KEYS: the document's hash. ARGV: the version the change was computed on ('0': there was no
 * document), the new text. Returns the new version, or 0 when another writer got there first.
 */
const COMPARE_AND_SET_LUA = `
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', current + 1, 'text', ARGV[2])
return current + 1`;

/** More conflicts in a row than this means something is wrong (writers in a loop), not contention. */
const MAX_ATTEMPTS = 100;

type DocumentRedis = RedisClient & {
  exlibDocumentSet(key: string, expected: string, text: string): Promise<number>;
};

export interface RedisDocumentOptions<T> {
  /** The fleet's connection for shared state (openFleetRedis); closed by whoever made it. */
  client: RedisClient;
  /** The hash that holds the document (`exlib:doc:keys`). */
  key: string;
  file: string;
  codec: DocumentCodec<T>;
  logger: Logger;
}

/**
 * One connection per process for a fleet's shared state (documents, session secret, portal limits),
 * failing fast when Redis does not answer; a Redis Cluster when COUNTER_STORE names one (each of these
 * commands touches one key, so any slot will do).
 */
export function openFleetRedis(url: string, timeoutMs: number): RedisClient {
  const client = redisClient(url, failFastOptions(timeoutMs));
  // ioredis reports connection trouble as 'error' events; each failing call reports it to its caller.
  client.on('error', () => undefined);
  return client;
}

/** Resolves true once `client` is connected, or false after `waitMs` (a start goes on with its local copies). */
export function whenReady(client: RedisClient, waitMs = 2000): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(function notReady() {
      client.off('ready', onReady);
      resolve(false);
    }, waitMs);
    function onReady() {
      clearTimeout(timer);
      resolve(true);
    }
    client.once('ready', onReady);
  });
}

export class RedisDocument<T> implements SharedDocument<T> {
  readonly file: string;
  readonly #key: string;
  readonly #codec: DocumentCodec<T>;
  readonly #logger: Logger;
  readonly #client: DocumentRedis;
  /** The Redis version the local file holds (0: none yet). */
  #mirrored = 0;
  #isFailing = false;

  constructor(options: RedisDocumentOptions<T>) {
    this.file = options.file;
    this.#key = options.key;
    this.#codec = options.codec;
    this.#logger = options.logger;
    this.#client = options.client as DocumentRedis;
    if (typeof this.#client.exlibDocumentSet !== 'function') {
      this.#client.defineCommand('exlibDocumentSet', { numberOfKeys: 1, lua: COMPARE_AND_SET_LUA });
    }
  }

  /** The text and version in Redis; version 0 when there is no document yet. */
  async #fetch(): Promise<{ version: number; text: string | null }> {
    try {
      const [version, text] = await this.#client.hmget(this.#key, 'version', 'text');
      return { version: version == null ? 0 : Number(version), text: text ?? null };
    } catch (error) {
      throw new StoreUnavailableError(`redis ${this.#key}`, (error as Error).message);
    }
  }

  async #compareAndSet(expected: number, text: string): Promise<number> {
    try {
      return await this.#client.exlibDocumentSet(this.#key, String(expected), text);
    } catch (error) {
      throw new StoreUnavailableError(`redis ${this.#key}`, (error as Error).message);
    }
  }

  /** The text, if valid; a broken shared copy refuses every change (503) until an operator mends it. */
  #checked(text: string): string {
    const problems = this.#codec.check(text, `redis ${this.#key}`);
    if (problems.length > 0) throw new StoreUnavailableError(formatProblems(problems).join('; '), 'the shared copy is refused');
    return text;
  }

  #readLocalText(): string | undefined {
    try {
      return readFileSync(this.file, 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Writes Redis's text over the local file unless the file already holds it. */
  #mirror(version: number, text: string): boolean {
    this.#mirrored = version;
    if (this.#readLocalText() === text) return false;
    writeFileAtomic(this.file, text);
    return true;
  }

  update<R>(change: (doc: T) => Change<T, R>): Promise<R> {
    // The file lock queues this process's writers (and the keys CLI on the same host), so conflicts
    // come only from other machines.
    return withFileLock(this.file, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await this.#fetch();
        if (current.version > 0 && current.version !== this.#mirrored) this.#mirror(current.version, this.#checked(current.text ?? ''));
        // No document in Redis yet: the local file is the starting point (it seeds the fleet's copy).
        const { doc, result } = change(this.#codec.read());
        if (doc === undefined) return result;
        const text = serializeDocument(doc);
        const version = await this.#compareAndSet(current.version, text);
        if (version > 0) {
          this.#mirror(version, text);
          return result;
        }
      }
      throw new StoreUnavailableError(`redis ${this.#key}`, `${MAX_ATTEMPTS} writes in a row lost to other writers`);
    });
  }

  async sync(): Promise<boolean> {
    try {
      const changed = await withFileLock(this.file, async () => {
        const current = await this.#fetch();
        if (current.version === 0) {
          // The fleet has no copy yet: this instance's file becomes it.
          const local = this.#readLocalText();
          if (local === undefined) return false;
          const version = await this.#compareAndSet(0, this.#checked(local));
          if (version > 0) this.#mirrored = version;
          return false;
        }
        if (current.version === this.#mirrored) return false;
        return this.#mirror(current.version, this.#checked(current.text ?? ''));
      });
      if (this.#isFailing) this.#logger.info('shared document reachable again', { key: this.#key });
      this.#isFailing = false;
      return changed;
    } catch (error) {
      // Logged once per outage; the local copy serves on.
      if (!this.#isFailing)
        this.#logger.error('shared document not synced; the local copy serves on', { key: this.#key, error: (error as Error).message });
      this.#isFailing = true;
      return false;
    }
  }
}

/**
 * The portal's session secret in a fleet: the first instance's secret wins (SET NX) and every instance
 * writes it into its local file, so a cookie issued by one instance is accepted by all. With Redis
 * down, the local file (or a new one) serves, and sessions then hold on this instance only.
 */
export async function shareSessionSecret(
  client: RedisClient,
  file: string,
  logger: Logger,
  key = 'exlib:portal:session-secret',
): Promise<void> {
  try {
    const local = (() => {
      try {
        return readFileSync(file, 'utf8').trim();
      } catch {
        return '';
      }
    })();
    const mine = /^[0-9a-f]{64}$/.test(local) ? local : randomBytes(32).toString('hex');
    await client.set(key, mine, 'NX');
    const shared = await client.get(key);
    if (shared === null || !/^[0-9a-f]{64}$/.test(shared)) throw new Error(`${key} is not 64 hex digits`);
    if (shared !== local) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomic(file, shared);
    }
  } catch (error) {
    logger.error('session secret not shared; sessions hold on this instance only', { key, error: (error as Error).message });
  }
}
