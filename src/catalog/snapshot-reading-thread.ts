/**
 * Reading a snapshot file in a worker thread (snapshot-worker.ts) for the server, so that a huge,
 * hostile or slow file never pauses serving: one worker kept for the process's life, reads one at a
 * time, and the result taken off a port one batch at a time between serving (snapshot-files.ts's
 * loader calls this). The loader's worker also lists the snapshot's media and builds what is served
 * from it with a build module it is started with (the search index, search/index-parts.ts), so that
 * serving never waits behind that build either; its parts are taken off the same port after the
 * snapshot.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ok, type Problem, refuse, type Result } from '../problems.ts';
import { runInSlices, type Steps } from '../time-slices.ts';
import type { Catalog } from './catalog.ts';
import type { MediaFolders } from './media-listing.ts';
import type { Exercise, ExerciseText, Snapshot, Translation } from './snapshot-schema.ts';

/**
 * What the worker posts: the snapshot without its exercises and translations, the exercises in batches,
 * each translation's names and then its exercises' text in batches, then done. A record equal to the
 * baseline's (the snapshot the last read posted, which both sides keep) is sent as where to find it
 * there: an exercise as its position in the baseline's exercises, an exercise's text as null. A day's
 * edits change a few records of a 12 MB snapshot, and copying the rest from the worker cost the main
 * thread 60-90 ms of structured clone per reload, twice that on a busy machine (issue 19).
 */
export type SnapshotMessage =
  | { kind: 'refused'; problems: Problem[] }
  | { kind: 'head'; snapshot: Snapshot }
  | { kind: 'exercises'; exercises: (Exercise | number)[] }
  | { kind: 'translation'; lang: string; translation: Translation }
  | { kind: 'translated'; lang: string; entries: [string, ExerciseText | null][] }
  | { kind: 'done' }
  /** After `done`, when the worker builds: one part of what is served (BuildModule), in order. */
  | { kind: 'part'; part: unknown };

/**
 * What the worker says on its own port about read `readId`: its snapshot's messages are all posted;
 * then, when it builds, that the parts are all posted too, or why there are none.
 */
export type WorkerSays = { readId: number } & ({ kind: 'posted' } | { kind: 'built' } | { kind: 'not built'; error: string });

/** The worker's workerData: the URL of a module it builds each snapshot's served parts with, if any. */
export interface ReaderWorkerData {
  build?: string;
}

/** What that module exports: the parts of what is served from a catalog, which the main thread adopts. */
export interface BuildModule {
  buildParts(catalog: Catalog): unknown[];
}

/** What a reader may do beside reading: list the snapshot's media, and build with a module (one per worker). */
export interface OffThreadWork {
  media?: { folders: MediaFolders; url: string };
  build?: URL;
}

/** The parts the worker built from a read, taken off the port, or why there are none. */
export type Built = { parts: unknown[] } | { problem: string };

/** A read's snapshot, and what the worker builds from it (when it builds), as it arrives. */
export interface ReadOffThread {
  snapshot: Snapshot;
  built: Promise<Built>;
}

/**
 * What the main thread asks the worker: to read `file` and post its messages on `port`, as changes from
 * the snapshot read `baselineId` if the worker still holds that one (else whole). The worker then says
 * on its own port that it has posted them all, and keeps this read as the baseline `readId`.
 */
export interface ReaderRequest {
  file: string;
  dir: string;
  maxBytes: number;
  port: MessagePort;
  readId: number;
  baselineId: number | undefined;
  /** Where the media the snapshot lists are served from, when the reader lists them (media-listing.ts). */
  media?: OffThreadWork['media'];
}

/** The last snapshot a read delivered whole, on this side; the worker keeps its own copy under the same id. */
export interface Baseline {
  id: number;
  snapshot: Snapshot;
}

const IS_TYPESCRIPT = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./snapshot-worker${IS_TYPESCRIPT ? '.ts' : '.js'}`, import.meta.url);
/**
 * Run from TypeScript (through tsx), a worker must register tsx's loader itself before it imports a
 * `.ts` file: neither `--import tsx` in execArgv nor the parent's hooks reach a worker on Node 20.
 */
const WORKER_SOURCE = IS_TYPESCRIPT
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { ` +
    `register(); return import(${JSON.stringify(WORKER_URL.href)}); });`
  : undefined;

/**
 * The reading worker, kept between reads: starting one (and, from TypeScript, registering tsx in it)
 * cost more than the read itself, 2-3 s of a reload on a busy machine (issue 19). Replaced after a read
 * that killed it; unref'd, so it never keeps the process alive.
 */
let kept: { worker: Worker; maxBytes: number; build: string | undefined; baseline?: Baseline } | undefined;
/** Reads run one at a time through the one worker. */
let readQueue: Promise<unknown> = Promise.resolve();
let lastReadId = 0;

function readingWorker(maxBytes: number, build: string | undefined): Worker {
  if (kept !== undefined && kept.maxBytes === maxBytes && kept.build === build) return kept.worker;
  void kept?.worker.terminate();
  const worker = new Worker(WORKER_SOURCE ?? WORKER_URL, {
    eval: WORKER_SOURCE !== undefined,
    workerData: { build } satisfies ReaderWorkerData,
    // A build keeps a catalog and its index beside the snapshot: twice the room of reading alone.
    resourceLimits: { maxOldGenerationSizeMb: Math.max(512, Math.ceil((maxBytes / 2 ** 20) * (build === undefined ? 16 : 32))) },
  });
  worker.unref();
  const entry = { worker, maxBytes, build };
  kept = entry;
  worker.once('exit', () => {
    if (kept === entry) kept = undefined;
  });
  return worker;
}

/** Stops the kept worker (at shutdown; the next read starts a new one). */
export function stopSnapshotReader(): void {
  void kept?.worker.terminate();
  kept = undefined;
}

/**
 * Reads and checks `file` (which must lie inside `dir`) in a worker thread. The worker's heap is
 * bounded, so a file that would exhaust memory fails the worker, not the server.
 */
export async function readSnapshotOffThread(file: string, dir: string, maxBytes: number): Promise<Result<Snapshot>> {
  const read = await readOffThread(file, dir, maxBytes);
  return read.ok ? ok(read.value.snapshot) : read;
}

/**
 * Reads and checks `file` in the worker, listing its media there when `work.media` says where they are
 * served from, and when `work.build` names a module (BuildModule), has the worker build from the
 * snapshot with it: `built` resolves once those parts are taken off the port too, in slices.
 */
export function readOffThread(file: string, dir: string, maxBytes: number, work: OffThreadWork = {}): Promise<Result<ReadOffThread>> {
  const read = readQueue.then(() => readOnce(file, dir, maxBytes, work));
  readQueue = read.then((result) => (result.ok ? result.value.built : undefined)).catch(() => undefined);
  return read;
}

function readOnce(file: string, dir: string, maxBytes: number, work: OffThreadWork): Promise<Result<ReadOffThread>> {
  let resolve: (result: Result<ReadOffThread>) => void = () => undefined;
  // The read itself: the built parts are taken off the port only once it has settled (they come after).
  const read = new Promise<Result<ReadOffThread>>((resolveRead) => {
    resolve = resolveRead;
  });
  const worker = readingWorker(maxBytes, work.build?.href);
  const entry = kept!;
  const baseline = entry.baseline;
  const readId = ++lastReadId;
  const { port1: batches, port2 } = new MessageChannel();
  let isRead = false;
  let settleBuilt: (built: Built) => void = () => undefined;
  const built = new Promise<Built>((resolveBuilt) => {
    settleBuilt = resolveBuilt;
  });
  const finish = (result: Built) => {
    worker.off('message', onSays);
    worker.off('error', onError);
    worker.off('exit', onExit);
    batches.close();
    settleBuilt(result);
  };
  const settle = (result: Result<Snapshot>, isWorkerLost = false) => {
    if (isRead) return;
    isRead = true;
    if (isWorkerLost) stopWorker(worker);
    // The worker now holds this snapshot as `readId` (a refused read changes neither side's baseline).
    else if (result.ok) entry.baseline = { id: readId, snapshot: result.value };
    if (!result.ok || work.build === undefined || isWorkerLost) finish({ problem: 'no build' });
    resolve(result.ok ? ok({ snapshot: result.value, built }) : result);
  };
  const onSays = (said: WorkerSays) => {
    if (said.readId !== readId) return;
    if (said.kind === 'posted') {
      runInSlices(receiveSteps(batches, file, baseline?.snapshot)).then(settle, (error: unknown) =>
        settle(refuse(file, '', `could not be read (${String(error)})`)),
      );
    } else if (said.kind === 'built') {
      // Taken after the snapshot: its messages come first on the port, and `read` settles once they are taken.
      void read.then(() => runInSlices(partSteps(batches)).then(finish));
    } else {
      void read.then(() => finish({ problem: said.error }));
    }
  };
  const onError = (error: Error) => {
    settle(refuse(file, '', `could not be read (${(error as NodeJS.ErrnoException).code ?? error.message})`), true);
    finish({ problem: `the reader stopped (${error.message})` });
  };
  const onExit = (code: number) => {
    settle(refuse(file, '', `could not be read (reader stopped with code ${code})`), true);
    finish({ problem: `the reader stopped with code ${code}` });
  };
  worker.on('message', onSays);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const request: ReaderRequest = { file, dir, maxBytes, port: port2, readId, baselineId: baseline?.id, media: work.media };
  worker.postMessage(request, [port2]);
  return read;
}

/**
 * Takes the worker's messages off `port` one at a time, in slices (time-slices.ts). A port with a
 * listener drains its whole queue in one turn of the event loop, and 12 MB of structured clone
 * received at once held serving for 70-110 ms (issue 19); pulled one by one, each is a millisecond or two.
 * Records sent as unchanged are taken from `baseline`, the snapshot the request named.
 */
function* receiveSteps(port: MessagePort, file: string, baseline: Snapshot | undefined): Steps<Result<Snapshot>> {
  let snapshot: Snapshot | undefined;
  for (;;) {
    const received = receiveMessageOnPort(port);
    // Every message is queued before the worker says it has posted them: a gap means a reader bug.
    if (received === undefined) return refuse(file, '', 'could not be read (the reader ended early)');
    const message = received.message as SnapshotMessage;
    switch (message.kind) {
      case 'refused':
        return { ok: false, problems: message.problems };
      case 'head':
        snapshot = message.snapshot;
        break;
      case 'exercises':
        for (const exercise of message.exercises) {
          snapshot!.exercises.push(typeof exercise === 'number' ? baseline!.exercises[exercise]! : exercise);
        }
        break;
      case 'translation':
        snapshot!.translations = { ...snapshot!.translations, [message.lang]: message.translation };
        break;
      case 'translated': {
        const texts = snapshot!.translations![message.lang]!.exercises;
        const before = baseline?.translations?.[message.lang]?.exercises;
        for (const [id, text] of message.entries) texts[id] = text ?? before![id]!;
        break;
      }
      case 'done':
        return ok(snapshot!);
    }
    yield;
  }
}

/** The parts the worker posted after the snapshot's `done`, one message a step. */
function* partSteps(port: MessagePort): Steps<Built> {
  const parts: unknown[] = [];
  for (;;) {
    const received = receiveMessageOnPort(port);
    if (received === undefined) return { parts };
    const message = received.message as SnapshotMessage;
    if (message.kind !== 'part') return { problem: `the reader posted ${message.kind} among the built parts` };
    parts.push(message.part);
    yield;
  }
}

function stopWorker(worker: Worker): void {
  if (kept?.worker === worker) kept = undefined;
  void worker.terminate();
}
