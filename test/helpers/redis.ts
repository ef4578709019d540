/**
 * Test helpers for the Redis counter store: the shared server `.ci/run` starts (TEST_REDIS_URL), and
 * private `redis-server` processes a test may stop, pause and start again (TEST_REDIS_SERVER, else
 * `redis-server` on PATH). Nothing is mocked: these are real servers on loopback.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** `redis://127.0.0.1:<port>` of the shared test server, without a db. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.replace(/\/+\d*$/, '');

/** For `describe(..., { skip })`: why Redis tests cannot run here, or false. */
export const REDIS_SKIP: string | false =
  TEST_REDIS_URL === undefined
    ? 'TEST_REDIS_URL is not set: .ci/run starts redis-server and sets it (see docs/operations.md#npm-test)'
    : false;

/** A URL of the shared test server on database `db`; each test file owns one database. */
export function sharedRedisUrl(db: number): string {
  return `${TEST_REDIS_URL}/${db}`;
}

/** Empties database `db` of the shared server. */
export async function flushDb(db: number): Promise<void> {
  const client = new Redis(sharedRedisUrl(db));
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

/** Whether nothing listens on `port` on loopback right now. */
export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on right now (the kernel's choice for port 0, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** The running server's process id. */
  pid(): number | undefined;
  /** Starts the server (again, on the same port and data folder); resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGTERM and wait for the exit: with append-only persistence on, counts survive a start. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit: a crash (the last second of counts may be lost). */
  kill(): Promise<void>;
  /** SIGSTOP: the connection stays open and nothing answers, like a stalled server. */
  pause(): void;
  resume(): void;
}

/** Private servers still running; killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `binary` (a redis-server) with `args`; resolves once it is ready for connections, rejects with
 * its output if it exits first. It is killed when the test process exits.
 */
export function spawnRedisServer(binary: string, args: readonly string[]): Promise<ChildProcess> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${out}`)));
  });
}

/**
 * A redis-server of the caller's own, on a free loopback port, with append-only persistence as in
 * production (`appendfsync everysec`): a stop (SIGTERM) writes every count, so counts survive a start.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const binary = process.env.TEST_REDIS_SERVER ?? 'redis-server';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'exlib-redis-'));
  let proc: ChildProcess | undefined;
  const result: PrivateRedis = {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    pid: () => proc?.pid,
    start() {
      const started = spawnRedisServer(binary, [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--dir',
        dir,
      ]);
      return started.then((child) => {
        proc = child;
      });
    },
    stop() {
      const child = proc;
      if (child === undefined || child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGCONT'); // a paused server cannot act on SIGTERM
        child.kill('SIGTERM');
      });
    },
    kill() {
      const child = proc;
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    pause() {
      proc?.kill('SIGSTOP');
    },
    resume() {
      proc?.kill('SIGCONT');
    },
  };
  await result.start();
  return result;
}
