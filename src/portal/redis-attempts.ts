/**
 * The portal's attempt limits for a fleet: one fixed window per name and key in Redis, counted by every
 * instance together, so an address spread over N instances by a load balancer still gets the limit
 * once, not N times. Keys are hashed (an email or an address never reaches Redis). With Redis down,
 * this instance's own limiter answers instead: the limits hold per instance rather than not at all.
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from '../limits/redis-connection.ts';
import type { Logger } from '../log.ts';
import { AttemptLimiter, type Attempts } from './attempts.ts';

/** KEYS: the window's counter. ARGV: the window in ms. Counts one attempt; the first starts the window. */
const RECORD_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

type AttemptsRedis = RedisClient & {
  exlibAttempt(key: string, windowMs: number): Promise<number>;
};

export interface RedisAttemptsOptions {
  client: RedisClient;
  /** Which limit (`signup-address`, `login-account`, ...): part of every key. */
  name: string;
  limit: number;
  windowMs: number;
  logger: Logger;
  now(): number;
}

export class RedisAttempts implements Attempts {
  readonly #client: AttemptsRedis;
  readonly #options: RedisAttemptsOptions;
  /** Answers while Redis does not. */
  readonly #local: AttemptLimiter;
  #isFailing = false;

  constructor(options: RedisAttemptsOptions) {
    this.#options = options;
    this.#client = options.client as AttemptsRedis;
    if (typeof this.#client.exlibAttempt !== 'function') this.#client.defineCommand('exlibAttempt', { numberOfKeys: 1, lua: RECORD_LUA });
    this.#local = new AttemptLimiter(options.limit, options.windowMs, options.now);
  }

  #key(key: string): string {
    return `exlib:attempts:${this.#options.name}:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
  }

  /** Runs `work` against Redis; on failure logs once per outage and answers with `fallback`. */
  async #orLocal<T>(work: () => Promise<T>, fallback: () => T): Promise<T> {
    try {
      const result = await work();
      if (this.#isFailing) this.#options.logger.info('portal attempt limits counted in redis again', { name: this.#options.name });
      this.#isFailing = false;
      return result;
    } catch (error) {
      if (!this.#isFailing) {
        this.#options.logger.error('portal attempt limits counted per instance: redis does not answer', {
          name: this.#options.name,
          error: (error as Error).message,
        });
      }
      this.#isFailing = true;
      return fallback();
    }
  }

  retryAfterMs(key: string): Promise<number> {
    return this.#orLocal(
      async () => {
        const redisKey = this.#key(key);
        const [count, ttl] = await Promise.all([this.#client.get(redisKey), this.#client.pttl(redisKey)]);
        return Number(count ?? 0) >= this.#options.limit && ttl > 0 ? ttl : 0;
      },
      () => this.#local.retryAfterMs(key),
    );
  }

  async record(key: string): Promise<void> {
    this.#local.record(key);
    await this.#orLocal(
      () => this.#client.exlibAttempt(this.#key(key), this.#options.windowMs),
      () => 0,
    );
  }

  async clear(key: string): Promise<void> {
    this.#local.clear(key);
    await this.#orLocal(
      () => this.#client.del(this.#key(key)),
      () => 0,
    );
  }
}
