/**
 * Worker-thread entry: reads and checks snapshot files (snapshot-reader.ts) off the event loop, one per
 * request, and posts the result on the request's port in batches: the snapshot's head, the exercises,
 * then each translation's names and its exercises' text. Then it says on its own port that all are
 * posted, and the main thread takes them one at a time between serving (snapshot-files.ts). The worker
 * is kept between reads.
 */
import { parentPort } from 'node:worker_threads';
import { readSnapshot } from './snapshot-reader.ts';
import type { ReaderRequest, SnapshotMessage } from './snapshot-reading-thread.ts';

/** Records per batch: a few hundred KB of text, a millisecond or two to receive. */
const BATCH = 100;

function messagesOf(file: string, dir: string, maxBytes: number): SnapshotMessage[] {
  const result = readSnapshot(file, dir, maxBytes);
  if (!result.ok) return [{ kind: 'refused', problems: result.problems }];
  const { exercises, translations, ...head } = result.value;
  const messages: SnapshotMessage[] = [{ kind: 'head', snapshot: { ...head, exercises: [] } }];
  for (let i = 0; i < exercises.length; i += BATCH) messages.push({ kind: 'exercises', exercises: exercises.slice(i, i + BATCH) });
  for (const [lang, { exercises: texts, ...names }] of Object.entries(translations ?? {})) {
    messages.push({ kind: 'translation', lang, translation: { ...names, exercises: {} } });
    const entries = Object.entries(texts);
    for (let i = 0; i < entries.length; i += BATCH) messages.push({ kind: 'translated', lang, entries: entries.slice(i, i + BATCH) });
  }
  messages.push({ kind: 'done' });
  return messages;
}

parentPort!.on('message', ({ file, dir, maxBytes, port }: ReaderRequest) => {
  for (const message of messagesOf(file, dir, maxBytes)) port.postMessage(message);
  parentPort!.postMessage('posted');
});
