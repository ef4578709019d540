/**
 * Reading a snapshot file in a worker thread (snapshot-worker.ts) for the server, so that a huge,
 * hostile or slow file never pauses serving: one worker kept for the process's life, reads one at a
 * time, and the result taken off a port one batch at a time between serving (snapshot-files.ts's
 * loader calls this).
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ok, type Problem, refuse, type Result } from '../problems.ts';
import { runInSlices, type Steps } from '../time-slices.ts';
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
  | { kind: 'done' };

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
let kept: { worker: Worker; maxBytes: number; baseline?: Baseline } | undefined;
/** Reads run one at a time through the one worker. */
let readQueue: Promise<unknown> = Promise.resolve();
let lastReadId = 0;

function readingWorker(maxBytes: number): Worker {
  if (kept !== undefined && kept.maxBytes === maxBytes) return kept.worker;
  void kept?.worker.terminate();
  const worker = new Worker(WORKER_SOURCE ?? WORKER_URL, {
    eval: WORKER_SOURCE !== undefined,
    resourceLimits: { maxOldGenerationSizeMb: Math.max(512, Math.ceil((maxBytes / 2 ** 20) * 16)) },
  });
  worker.unref();
  const entry = { worker, maxBytes };
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
export function readSnapshotOffThread(file: string, dir: string, maxBytes: number): Promise<Result<Snapshot>> {
  const read = readQueue.then(() => readOnce(file, dir, maxBytes));
  readQueue = read.catch(() => undefined);
  return read;
}

function readOnce(file: string, dir: string, maxBytes: number): Promise<Result<Snapshot>> {
  return new Promise((resolve) => {
    const worker = readingWorker(maxBytes);
    const entry = kept!;
    const baseline = entry.baseline;
    const readId = ++lastReadId;
    const { port1: batches, port2 } = new MessageChannel();
    let isSettled = false;
    const settle = (result: Result<Snapshot>, isWorkerLost = false) => {
      if (isSettled) return;
      isSettled = true;
      worker.off('message', onPosted);
      worker.off('error', onError);
      worker.off('exit', onExit);
      batches.close();
      if (isWorkerLost) stopWorker(worker);
      // The worker now holds this snapshot as `readId` (a refused read changes neither side's baseline).
      else if (result.ok) entry.baseline = { id: readId, snapshot: result.value };
      resolve(result);
    };
    const onPosted = () => {
      runInSlices(receiveSteps(batches, file, baseline?.snapshot)).then(settle, (error: unknown) =>
        settle(refuse(file, '', `could not be read (${String(error)})`)),
      );
    };
    const onError = (error: Error) =>
      settle(refuse(file, '', `could not be read (${(error as NodeJS.ErrnoException).code ?? error.message})`), true);
    const onExit = (code: number) => settle(refuse(file, '', `could not be read (reader stopped with code ${code})`), true);
    worker.once('message', onPosted);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const request: ReaderRequest = { file, dir, maxBytes, port: port2, readId, baselineId: baseline?.id };
    worker.postMessage(request, [port2]);
  });
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

function stopWorker(worker: Worker): void {
  if (kept?.worker === worker) kept = undefined;
  void worker.terminate();
}
