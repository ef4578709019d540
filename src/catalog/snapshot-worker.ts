/**
 * Worker-thread entry: reads and checks snapshot files (snapshot-reader.ts) off the event loop, one per
 * request, lists their media when asked (media-listing.ts), and posts the result on the request's port
 * in batches: the snapshot's head, the exercises, then each translation's names and its exercises' text.
 * Then it says on its own port that all are posted, and the main thread takes them one at a time
 * between serving (snapshot-files.ts). When the worker was started with a build module (workerData,
 * snapshot-reading-thread.ts), it then builds what is served from the snapshot (the search index: the
 * module is search/index-parts.ts) over a catalog of its own, posts it on the same port, and says so.
 * The worker is kept between reads, and so is the last snapshot it posted: records equal to that
 * baseline's are posted as references to it (snapshot-reading-thread.ts says how).
 */
import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { runNow } from '../time-slices.ts';
import { type Catalog, catalogSteps } from './catalog.ts';
import { listMediaSteps } from './media-listing.ts';
import { isSameRecord } from './same-record.ts';
import { readSnapshot } from './snapshot-reader.ts';
import type { Baseline, BuildModule, ReaderRequest, ReaderWorkerData, SnapshotMessage, WorkerSays } from './snapshot-reading-thread.ts';
import type { Exercise, ExerciseText, Snapshot } from './snapshot-schema.ts';

/** Records per batch: a few hundred KB of text, a millisecond or two to receive. */
const BATCH = 100;

let baseline: Baseline | undefined;
/** The catalog the last build was over: the next one borrows its unchanged records' bytes. */
let built: Catalog | undefined;
const buildModule = (workerData as ReaderWorkerData | undefined)?.build;
/** The build module, or why it could not be loaded: then every read says `not built`, and the main thread builds. */
const builder: BuildModule | { problem: string } | undefined =
  buildModule === undefined
    ? undefined
    : await import(buildModule).then(
        (loaded) => loaded as BuildModule,
        (error: unknown) => ({ problem: `the build module could not be loaded (${String(error)})` }),
      );

/** Each exercise, or its position in `earlier` where an equal record stands there. */
function exercisesOrPositions(exercises: readonly Exercise[], earlier: Snapshot | undefined): (Exercise | number)[] {
  if (earlier === undefined) return [...exercises];
  const positionOf = new Map(earlier.exercises.map((exercise, position) => [exercise.id, position]));
  return exercises.map((exercise) => {
    const position = positionOf.get(exercise.id);
    return position !== undefined && isSameRecord(earlier.exercises[position], exercise) ? position : exercise;
  });
}

/** Each text, or null where `earlier` holds an equal one for the same id. */
function textsOrNull(
  texts: Record<string, ExerciseText>,
  earlier: Record<string, ExerciseText> | undefined,
): [string, ExerciseText | null][] {
  return Object.entries(texts).map(([id, text]) => [id, earlier?.[id] !== undefined && isSameRecord(earlier[id], text) ? null : text]);
}

/** The messages of a read, and the snapshot read (undefined when refused). */
function messagesOf({ file, dir, maxBytes, readId, baselineId, media }: ReaderRequest): {
  messages: SnapshotMessage[];
  snapshot?: Snapshot;
} {
  // Any snapshot this worker handed over passed the check: its records need no second one (snapshot-check.ts).
  const result = readSnapshot(file, dir, maxBytes, baseline?.snapshot);
  if (!result.ok) return { messages: [{ kind: 'refused', problems: result.problems }] };
  const snapshot = media === undefined ? result.value : runNow(listMediaSteps(result.value, media.folders, media.url));
  // Compared only with the snapshot the main thread says it holds: after a read it never received whole, nothing.
  const earlier = baseline !== undefined && baseline.id === baselineId ? baseline.snapshot : undefined;
  baseline = { id: readId, snapshot };
  const { exercises, translations, ...head } = snapshot;
  const messages: SnapshotMessage[] = [{ kind: 'head', snapshot: { ...head, exercises: [] } }];
  const sent = exercisesOrPositions(exercises, earlier);
  for (let i = 0; i < sent.length; i += BATCH) messages.push({ kind: 'exercises', exercises: sent.slice(i, i + BATCH) });
  for (const [lang, { exercises: texts, ...names }] of Object.entries(translations ?? {})) {
    messages.push({ kind: 'translation', lang, translation: { ...names, exercises: {} } });
    const entries = textsOrNull(texts, earlier?.translations?.[lang]?.exercises);
    for (let i = 0; i < entries.length; i += BATCH) messages.push({ kind: 'translated', lang, entries: entries.slice(i, i + BATCH) });
  }
  messages.push({ kind: 'done' });
  return { messages, snapshot };
}

function say(said: WorkerSays): void {
  parentPort!.postMessage(said);
}

/** Builds what is served from `snapshot` with the build module, posting each part and then `built` (or why not). */
function buildAndPost(request: ReaderRequest, snapshot: Snapshot, module: BuildModule | { problem: string }): void {
  if ('problem' in module) {
    say({ readId: request.readId, kind: 'not built', error: module.problem });
    return;
  }
  try {
    built = runNow(catalogSteps(snapshot, basename(request.file), undefined, built));
    for (const part of module.buildParts(built)) request.port.postMessage({ kind: 'part', part } satisfies SnapshotMessage);
    say({ readId: request.readId, kind: 'built' });
  } catch (error) {
    built = undefined;
    say({ readId: request.readId, kind: 'not built', error: String((error as Error)?.stack ?? error) });
  }
}

parentPort!.on('message', (request: ReaderRequest) => {
  const { messages, snapshot } = messagesOf(request);
  for (const message of messages) request.port.postMessage(message);
  say({ readId: request.readId, kind: 'posted' });
  if (snapshot !== undefined && builder !== undefined) buildAndPost(request, snapshot, builder);
});
