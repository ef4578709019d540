/**
 * Worker-thread entry: reads and checks snapshot files (snapshot-reader.ts) off the event loop, one per
 * request, and posts the result on the request's port in batches: the snapshot's head, the exercises,
 * then each translation's names and its exercises' text. Then it says on its own port that all are
 * posted, and the main thread takes them one at a time between serving (snapshot-files.ts). The worker
 * is kept between reads, and so is the last snapshot it posted: records equal to that baseline's are
 * posted as references to it (snapshot-reading-thread.ts says how).
 */
import { parentPort } from 'node:worker_threads';
import { isSameRecord } from './same-record.ts';
import { readSnapshot } from './snapshot-reader.ts';
import type { Baseline, ReaderRequest, SnapshotMessage } from './snapshot-reading-thread.ts';
import type { Exercise, ExerciseText, Snapshot } from './snapshot-schema.ts';

/** Records per batch: a few hundred KB of text, a millisecond or two to receive. */
const BATCH = 100;

let baseline: Baseline | undefined;

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

function messagesOf({ file, dir, maxBytes, readId, baselineId }: ReaderRequest): SnapshotMessage[] {
  // Any snapshot this worker handed over passed the check: its records need no second one (snapshot-check.ts).
  const result = readSnapshot(file, dir, maxBytes, baseline?.snapshot);
  if (!result.ok) return [{ kind: 'refused', problems: result.problems }];
  // Compared only with the snapshot the main thread says it holds: after a read it never received whole, nothing.
  const earlier = baseline !== undefined && baseline.id === baselineId ? baseline.snapshot : undefined;
  baseline = { id: readId, snapshot: result.value };
  const { exercises, translations, ...head } = result.value;
  const messages: SnapshotMessage[] = [{ kind: 'head', snapshot: { ...head, exercises: [] } }];
  const sent = exercisesOrPositions(exercises, earlier);
  for (let i = 0; i < sent.length; i += BATCH) messages.push({ kind: 'exercises', exercises: sent.slice(i, i + BATCH) });
  for (const [lang, { exercises: texts, ...names }] of Object.entries(translations ?? {})) {
    messages.push({ kind: 'translation', lang, translation: { ...names, exercises: {} } });
    const entries = textsOrNull(texts, earlier?.translations?.[lang]?.exercises);
    for (let i = 0; i < entries.length; i += BATCH) messages.push({ kind: 'translated', lang, entries: entries.slice(i, i + BATCH) });
  }
  messages.push({ kind: 'done' });
  return messages;
}

parentPort!.on('message', (request: ReaderRequest) => {
  for (const message of messagesOf(request)) request.port.postMessage(message);
  parentPort!.postMessage('posted');
});
