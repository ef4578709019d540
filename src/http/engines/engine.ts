/**
 * Picks the HTTP engine (ENGINE: `uws`, `node` or `auto`) and starts it. uWebSockets.js ships native
 * binaries for some Node versions and glibc builds only. Two builds are installed: v20.57
 * (`@btc-vision/uwebsockets.js`, needs glibc 2.38 and Node 20-25) and the older `uws-pack@20.0.8`, which
 * answers 505 to valid requests whose request line arrives in two TCP segments (uNetworking/uWebSockets#1776).
 * `auto` takes v20.57 where it loads, else node:http, never the older build; `ENGINE=uws` takes v20.57,
 * else the older build with a warning naming the defect. A listen that fails is explained.
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { Logger } from '../../log.ts';
import type { EngineName, EngineOptions, Server, UwsModule } from './server.ts';

export type EngineChoice = EngineName | 'auto';

type Loaded = { module: UwsModule; build: string } | { failure: string };

/** The builds, as the `listening` line and Server.build name them. */
export const FIXED_UWS_BUILD = '20.57.0';
export const OLD_UWS_BUILD = 'uws-pack@20.0.8';

/** The last line of a load error: the loader's own reason (`GLIBC_2.38' not found`, an unsupported Node). */
function reasonOf(error: unknown): string {
  const lines = String((error as Error)?.message ?? error)
    .split('\n')
    .filter(Boolean);
  return lines[lines.length - 1] ?? 'unknown reason';
}

/**
 * uWS's buffer for a request head (UWS_HTTP_MAX_HEADERS_SIZE, read once when its binary loads; 4 KB by
 * default, past which uWS answers 431 in HTML). Four times node:http's 16 KB, so that a head between
 * 4 and 64 KB reaches the shell, which answers past 16 KB with the envelope as node:http does.
 */
const UWS_HEADER_BUFFER = String(64 * 1024);

function sizeHeaderBuffer(): void {
  process.env.UWS_HTTP_MAX_HEADERS_SIZE ??= UWS_HEADER_BUFFER;
}

/**
 * uWebSockets.js v20.57 where it loads (glibc 2.38, Node 20-25), or why not. Loaded with require in a
 * try: its ESM wrapper rethrows a load failure outside the caller's catch.
 */
export function loadFixedUws(): Loaded {
  sizeHeaderBuffer();
  try {
    return { module: createRequire(import.meta.url)('uws-fixed') as UwsModule, build: FIXED_UWS_BUILD };
  } catch (error) {
    return { failure: reasonOf(error) };
  }
}

async function loadOldUws(): Promise<Loaded> {
  sizeHeaderBuffer();
  try {
    return { module: (await import('uWebSockets.js')) as UwsModule, build: OLD_UWS_BUILD };
  } catch (error) {
    return { failure: reasonOf(error) };
  }
}

/** Why `ENGINE=auto` cannot serve with uWebSockets.js here (the fixed build does not load), or undefined when it can. */
export async function uwsLoadFailure(): Promise<string | undefined> {
  const loaded = loadFixedUws();
  return 'failure' in loaded ? loaded.failure : undefined;
}

/** Whether the older build (with the split-request defect) loads here: `ENGINE=uws` serves with it where the fixed one cannot. */
export async function oldUwsLoads(): Promise<boolean> {
  return !('failure' in (await loadOldUws()));
}

/** The build a choice gets: auto never falls back to the older build; ENGINE=uws does, with a warning. */
async function pickUws(choice: EngineChoice, logger: Logger): Promise<Loaded> {
  const fixed = loadFixedUws();
  if (!('failure' in fixed) || choice === 'auto') return fixed;
  const old = await loadOldUws();
  if ('failure' in old) return { failure: `${fixed.failure}; the older build: ${old.failure}` };
  logger.warn(
    `ENGINE=uws: uWebSockets.js ${FIXED_UWS_BUILD} cannot load here, serving with the older build ${OLD_UWS_BUILD}, ` +
      'which answers 505 to valid requests whose request line arrives in two TCP segments (uNetworking/uWebSockets#1776)',
    { node: process.version, reason: fixed.failure },
  );
  return old;
}

/** Asks node:net to listen where the engine could not, to learn the reason (EADDRINUSE, ENOTFOUND, ...). */
function listenFailureReason(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve('unknown reason')));
  });
}

const REASONS: Record<string, string> = {
  EADDRINUSE: 'the port is already in use (is another instance running?)',
  EADDRNOTAVAIL: "the address is not one of this machine's",
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  EACCES: 'permission denied (ports below 1024 need privileges)',
};

export async function startServer(choice: EngineChoice, options: EngineOptions): Promise<Server> {
  let engine: EngineName = choice === 'auto' ? 'uws' : choice;
  let uws: Loaded | undefined;
  if (engine === 'uws') {
    uws = await pickUws(choice, options.logger);
    if ('failure' in uws) {
      if (choice === 'uws') throw new Error(`ENGINE=uws: uWebSockets.js cannot load on Node ${process.version}: ${uws.failure}`);
      options.logger.info(`uWebSockets.js ${FIXED_UWS_BUILD} cannot load here; serving with node:http`, {
        node: process.version,
        reason: uws.failure,
      });
      engine = 'node';
    }
  }
  try {
    const server =
      uws !== undefined && !('failure' in uws)
        ? await (await import('./uws.ts')).startUwsServer(uws.module, uws.build, options)
        : await (await import('./node.ts')).startNodeServer(options);
    options.logger.info('listening', { host: options.host, port: server.port, engine, build: server.build, pid: process.pid });
    return server;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (await listenFailureReason(options.host, options.port));
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${REASONS[code] ?? code}`);
  }
}
