/**
 * Reading a snapshot in a process of the service's own (reading-process-entry.ts), so that a reload
 * costs serving almost nothing: that process reads and checks the file, lists its media, builds the
 * catalog and what is served from it (the search index, with a build module it is started with), and
 * the main thread only takes the pieces, one at a time as it asks for each, and puts them together
 * over the live catalog (catalog-pieces.ts). A huge, hostile or slow file never pauses serving, and one
 * that exhausts memory stops that process, not the server.
 *
 * A process rather than a worker thread (issue 19): V8 collects a heap with helper threads on every
 * core, so building 12 MB of catalog and three languages' indexes in a worker took the second core of a
 * 2-core box in bursts and moved the search p99 during a reload by 1.3-1.7x; a process can be run with
 * `--single-threaded` (no helper threads for its collections, nor for compiling its code: the first
 * reloads after a start took 300-800 ms of CPU on V8's compiler threads beside the build's own), which
 * leaves the serving thread's collections as they are and makes the process's CPU one thread's, the one
 * its build paces (idle-cpu.ts; docs/performance.md#reloading-a-snapshot).
 *
 * The process's channel is held by a relay thread (reading-relay.ts), not by the serving thread: Node's
 * IPC channel copies each answer that arrives in several reads into one new buffer, and that copy was
 * the largest part of what delayed searches while a reload's pieces were taken. The relay moves each
 * answer here as one buffer, which this thread deserializes once.
 */
import { performance } from 'node:perf_hooks';
import { deserialize } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Problem, refuse, type Result, ok, withSource } from '../problems.ts';
import { runInSlices, type Steps } from '../time-slices.ts';
import type { Catalog } from './catalog.ts';
import { type CatalogPiece, catalogOfPiecesSteps } from './catalog-pieces.ts';
import type { ReadCost } from './idle-cpu.ts';
import type { MediaFolders } from './media-listing.ts';
import { ReceivedPieces } from './received-pieces.ts';

/** What the main process asks: to read a file (`liveId`: the read whose catalog it serves), then each piece in turn. */
export type ToProcess =
  | {
      kind: 'read';
      readId: number;
      file: string;
      dir: string;
      maxBytes: number;
      liveId: number | undefined;
      media: ReadWork['media'];
    }
  | { kind: 'next'; readId: number; at: number };

/** What the reading process answers: why the file is refused, or how many pieces it holds, then each piece asked for. */
export type FromProcess =
  | { kind: 'refused'; readId: number; problems: Problem[] }
  | {
      kind: 'ready';
      readId: number;
      catalogPieces: number;
      buildPieces: number;
      buildProblem: string | undefined;
      /** How long the read waited for idle CPU (idle-cpu.ts), in ms. */
      waitedMs: number;
      /** The CPU time the read took up to this answer (ms), and the cost of the read it was paced by (expectedCpuMs), if any. */
      cpuMs: number;
      pacedBy: ReadCost | undefined;
    }
  | { kind: 'piece'; readId: number; piece: unknown }
  /**
   * A build's pieces in a row, from the one asked for: each one equal to the piece at that place in the
   * read the main process serves (a number: it holds that one), or as v8.serialize wrote it (the process
   * compared those bytes with the last read's). A day's edits leave runs of a build's pieces as they
   * were, and many changed ones are small: one answer carries a run, up to BUILT_BYTES_PER_ANSWER.
   */
  | { kind: 'built'; readId: number; items: (number | Uint8Array)[] };

/** What a build module exports: what is served from a catalog, as pieces the main thread adopts. */
export interface BuildModule {
  /** `run` drives a stepwise build to its end (pacing it to the CPU serving leaves idle: idle-cpu.ts). */
  buildParts(catalog: Catalog, run: <T>(steps: Steps<T>) => T): unknown[];
}

/** What the reading process does beside reading: list the snapshot's media, and build with a module (one per process). */
export interface ReadWork {
  media?: { folders: MediaFolders; url: string };
  build?: URL;
}

/**
 * The catalog the last read gave, under that read's id, and every piece it was made from, as received
 * (the loader passes what it serves back in: the next read's pieces may be its unchanged ones).
 */
export interface LiveRead {
  readId: number;
  catalog: Catalog;
  pieces: readonly unknown[];
}

/** A read: its catalog, put together over the live one, and what the process built from it (or why it built nothing). */
export interface ProcessRead extends LiveRead {
  built: { pieces: unknown[] } | { problem: string };
  /** How long the process took to read and build, before the first piece was asked for (for the log); the rest as `ready` says. */
  processMs: number;
  waitedMs: number;
  cpuMs: number;
  pacedBy: ReadCost | undefined;
  /** How many answers carried the pieces (fewer than the pieces: a run of a build's pieces goes as one). */
  answers: number;
}

const IS_TYPESCRIPT = import.meta.url.endsWith('.ts');
const ENTRY = fileURLToPath(new URL(`./reading-process-entry${IS_TYPESCRIPT ? '.ts' : '.js'}`, import.meta.url));
const RELAY = new URL(`./reading-relay${IS_TYPESCRIPT ? '.ts' : '.js'}`, import.meta.url);

/** What the relay (reading-relay.ts) is started with: the reading process it forks. */
export interface RelayData {
  entry: string;
  args: string[];
  execArgv: string[];
}

/** What the serving thread asks the relay: to pass a request on, or to stop the process. */
export type RelayRequest = { kind: 'send'; message: ToProcess } | { kind: 'stop' };

/**
 * What the relay says of the process beside its answers (each answer arrives as the bytes of a
 * FromProcess, v8.serialize's): that it stopped, could not be started, or could not be sent a request.
 */
export type RelayEvent =
  | { kind: 'exit'; code: number | null; signal: string | null }
  | { kind: 'error'; message: string }
  | { kind: 'unsent'; message: string };

/**
 * The reading process, kept between reads (starting one, with tsx from TypeScript, costs more than a
 * read) and replaced after a read that stopped it, behind its relay. The relay is referenced only while
 * a read is under way, so it never keeps the server's process alive.
 */
let kept: { relay: Worker; maxBytes: number; build: string } | undefined;
let readQueue: Promise<unknown> = Promise.resolve();
let lastReadId = 0;

/** The relay thread: from TypeScript, tsx is registered in it first (a worker's entry is loaded before an `--import` in its execArgv runs). */
function startRelay(data: RelayData): Worker {
  if (!IS_TYPESCRIPT) return new Worker(RELAY, { workerData: data });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const bootstrap = `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(RELAY.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [], workerData: data });
}

function readingProcess(maxBytes: number, build: string): Worker {
  if (kept !== undefined && kept.maxBytes === maxBytes && kept.build === build) return kept.relay;
  stopReadingProcess();
  // A build keeps a catalog and its index beside the snapshot: 32 times the file's size, at least 512 MB.
  const heapMb = Math.max(512, Math.ceil((maxBytes / 2 ** 20) * 32));
  const relay = startRelay({
    entry: ENTRY,
    args: [build],
    execArgv: [...(IS_TYPESCRIPT ? ['--import', import.meta.resolve('tsx')] : []), '--single-threaded', `--max-old-space-size=${heapMb}`],
  });
  const entry = { relay, maxBytes, build };
  kept = entry;
  const forget = () => {
    if (kept === entry) kept = undefined;
  };
  // The process's end, as soon as the relay says so: a read asked for after it starts another.
  relay.on('message', (event: Uint8Array | RelayEvent) => {
    if (!(event instanceof Uint8Array) && event.kind === 'exit') forget();
  });
  relay.once('exit', forget);
  // Between reads no read listens: a relay that fails then is dropped (an 'error' nobody handles would end the server).
  relay.on('error', forget);
  relay.unref();
  return relay;
}

/** `bytes` deserialized, or undefined when they are not what v8.serialize writes. */
function deserializedOr(bytes: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: deserialize(bytes) };
  } catch {
    return undefined;
  }
}

/** Stops the kept process (at shutdown; the next read starts a new one). */
export function stopReadingProcess(): void {
  kept?.relay.postMessage({ kind: 'stop' } satisfies RelayRequest);
  kept = undefined;
}

/**
 * Reads and checks `file` (inside `dir`) in the reading process, lists its media there when
 * `work.media` says where they are served from, builds its catalog there, and with `work.build` (a
 * BuildModule's URL) what is served from it; puts the catalog together here over `live`, in slices.
 * Reads run one at a time.
 */
export function readInProcess(
  file: string,
  dir: string,
  maxBytes: number,
  work: ReadWork = {},
  live?: LiveRead,
): Promise<Result<ProcessRead>> {
  const read = readQueue.then(() => readOnce(file, dir, maxBytes, work, live));
  readQueue = read.catch(() => undefined);
  return read;
}

function readOnce(file: string, dir: string, maxBytes: number, work: ReadWork, live: LiveRead | undefined): Promise<Result<ProcessRead>> {
  const relay = readingProcess(maxBytes, work.build?.href ?? '');
  relay.ref();
  const readId = ++lastReadId;
  const asked = performance.now();
  let processMs = 0;
  return new Promise<Result<ProcessRead>>((resolve) => {
    const received = new ReceivedPieces(live?.pieces, (why) => stopped(why));
    const pieces = received.values;
    /** How many pieces have been asked for: up to two ahead of those received (below). */
    let requested = 0;
    let answers = 0;
    let ready: Extract<FromProcess, { kind: 'ready' }> | undefined;
    let isDone = false;
    const done = (result: Result<ProcessRead>) => {
      if (isDone) return;
      isDone = true;
      received.stop();
      relay.off('message', onRelay);
      relay.off('exit', onRelayExit);
      relay.off('error', onRelayError);
      relay.unref();
      resolve(result);
    };
    const stopped = (why: string) => {
      if (kept?.relay === relay) stopReadingProcess();
      done(refuse(file, '', `could not be read (${why})`));
    };
    const ask = (message: ToProcess) => {
      relay.postMessage({ kind: 'send', message } satisfies RelayRequest);
    };
    const assemble = (counted: Extract<FromProcess, { kind: 'ready' }>) => {
      const catalogPieces = pieces.slice(0, counted.catalogPieces) as CatalogPiece[];
      runInSlices(catalogOfPiecesSteps(file, catalogPieces, live?.catalog)).then(
        (catalog) => {
          if (!catalog.ok) return done(catalog);
          const built =
            counted.buildProblem === undefined ? { pieces: pieces.slice(counted.catalogPieces) } : { problem: counted.buildProblem };
          const { waitedMs, cpuMs, pacedBy } = counted;
          done(ok({ readId, catalog: catalog.value, pieces, built, processMs, waitedMs, cpuMs, pacedBy, answers }));
        },
        (error: unknown) => done(refuse(file, '', `could not be read (${String(error)})`)),
      );
    };
    const onMessage = (message: FromProcess) => {
      if (message.readId !== readId) return;
      if (message.kind === 'refused') return done({ ok: false, problems: withSource(message.problems, file) });
      if (message.kind === 'ready') {
        ready = message;
        processMs = performance.now() - asked;
      } else {
        if (ready === undefined) return stopped('the reading process sent a piece before saying how many');
        answers += 1;
        if (message.kind === 'piece') received.push(message.piece);
        else {
          if (message.items.length === 0) return stopped('the reading process sent an empty answer');
          for (const item of message.items) {
            const problem = received.add(item);
            if (problem !== undefined) return stopped(problem);
          }
          requested = Math.max(requested, pieces.length);
        }
      }
      const total = ready!.catalogPieces + ready!.buildPieces;
      if (pieces.length > total) return stopped(`the reading process sent more than the ${total} pieces it holds`);
      // A build's answers one in flight: the relay's port delivers every answer waiting in one turn of
      // the event loop, so each answer is received on its own, between requests, and its pieces are
      // taken from their bytes one per turn after it (received-pieces.ts). Two single pieces in flight
      // cut a busy box's worst reload (1.5-1.8 s against 1.9-2.4) but raised the search p99 during
      // reloads (median 1.37x the p99 before, against 1.15x). The catalog's pieces are bodies, bytes
      // that cost a copy to receive (catalog-pieces.ts), so two of those are in flight: the process
      // writes the next while this side takes one.
      while (requested < total && requested - pieces.length < (requested < ready!.catalogPieces ? 2 : 1))
        ask({ kind: 'next', readId, at: requested++ });
      if (pieces.length === total) received.whenTaken(() => assemble(ready!));
    };
    const onRelay = (event: Uint8Array | RelayEvent) => {
      if (event instanceof Uint8Array) {
        const message = deserializedOr(event);
        if (message === undefined) return stopped('the reading process sent an answer that does not deserialize');
        return onMessage(message.value as FromProcess);
      }
      if (event.kind === 'exit') return stopped(`the reading process stopped with ${event.code ?? event.signal}`);
      if (event.kind === 'error') return stopped(`the reading process failed (${event.message})`);
      return stopped(`the reading process could not be asked (${event.message})`);
    };
    const onRelayExit = (code: number) => stopped(`the reading process's relay stopped with ${code}`);
    const onRelayError = (error: Error) => stopped(`the reading process's relay failed (${error.message})`);
    relay.on('message', onRelay);
    relay.on('exit', onRelayExit);
    relay.on('error', onRelayError);
    ask({ kind: 'read', readId, file, dir, maxBytes, liveId: live?.readId, media: work.media });
  });
}
