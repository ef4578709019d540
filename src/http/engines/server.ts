/**
 * What every HTTP engine is given and gives back: the contract uws.ts and node.ts implement and
 * engine.ts starts, kept apart so that the engines and the module that picks one do not import each other.
 */
import type { Logger } from '../../log.ts';
import type { Handler, Reply } from '../reply.ts';

export type EngineName = 'uws' | 'node';

/** The module of one uWebSockets.js build: every build has the same API (the types are the bundled one's). */
export type UwsModule = typeof import('uWebSockets.js');

export interface EngineOptions {
  host: string;
  port: number;
  /** With the in-process counter store one process owns the port (docs/operations.md#one-process-per-port-and-state-folder). */
  isPortExclusive: boolean;
  handle: Handler;
  /** The envelope for a request the HTTP parser refuses (400, or 431 for oversized headers). */
  malformed(status: 400 | 431): Reply;
  logger: Logger;
}

export interface Server {
  readonly port: number;
  readonly engine: EngineName;
  /** The uWebSockets.js build (`20.57.0`, `uws-pack@20.0.8`) or `node:http`. */
  readonly build: string;
  /** Stops accepting connections; resolves once every in-flight request has been answered. */
  close(): Promise<void>;
}
