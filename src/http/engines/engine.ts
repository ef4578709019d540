/**
 * Picks the HTTP engine (ENGINE: `uws`, `node` or `auto`) and starts it. uWebSockets.js ships native
 * binaries for some Node versions and glibc builds only; `auto` falls back to node:http where it cannot
 * load, and says so once. A listen that fails is explained (port in use, unknown host, ...).
 */
import { createServer } from 'node:net';
import type { EngineName, EngineOptions, Server } from './server.ts';

export type EngineChoice = EngineName | 'auto';

/** Why uWebSockets.js cannot load here, or undefined when it can. */
export async function uwsLoadFailure(): Promise<string | undefined> {
  try {
    await import('uWebSockets.js');
    return undefined;
  } catch (error) {
    return String((error as Error)?.message ?? error).split('\n')[0];
  }
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
  if (engine === 'uws') {
    const failure = await uwsLoadFailure();
    if (failure !== undefined) {
      if (choice === 'uws') throw new Error(`ENGINE=uws: uWebSockets.js cannot load on Node ${process.version}: ${failure}`);
      options.logger.info('uWebSockets.js cannot load here; serving with node:http', { node: process.version, reason: failure });
      engine = 'node';
    }
  }
  try {
    const server =
      engine === 'uws'
        ? await (await import('./uws.ts')).startUwsServer(options)
        : await (await import('./node.ts')).startNodeServer(options);
    options.logger.info('listening', { host: options.host, port: server.port, engine, pid: process.pid });
    return server;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (await listenFailureReason(options.host, options.port));
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${REASONS[code] ?? code}`);
  }
}
