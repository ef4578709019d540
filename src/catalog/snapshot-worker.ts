/**
 * Worker-thread entry: reads and checks snapshot files (snapshot-reader.ts) off the event loop, one per
 * message it is sent, and posts each result back in batches, so that no single message takes the main
 * thread long to receive: the exercises, then each translation's names and its exercises' text. The
 * worker is kept between reads (snapshot-files.ts).
 */
import { parentPort } from 'node:worker_threads';
import { readSnapshot } from './snapshot-reader.ts';
import type { SnapshotMessage } from './snapshot-files.ts';

const BATCH = 200;
const post = (message: SnapshotMessage) => parentPort!.postMessage(message);

parentPort!.on('message', function readOne({ file, dir, maxBytes }: { file: string; dir: string; maxBytes: number }) {
  const result = readSnapshot(file, dir, maxBytes);
  if (!result.ok) {
    post({ kind: 'refused', problems: result.problems });
    return;
  }
  const { exercises, translations, ...head } = result.value;
  post({ kind: 'head', snapshot: { ...head, exercises: [] } });
  for (let i = 0; i < exercises.length; i += BATCH) post({ kind: 'exercises', exercises: exercises.slice(i, i + BATCH) });
  for (const [lang, { exercises: texts, ...names }] of Object.entries(translations ?? {})) {
    post({ kind: 'translation', lang, translation: { ...names, exercises: {} } });
    const entries = Object.entries(texts);
    for (let i = 0; i < entries.length; i += BATCH) post({ kind: 'translated', lang, entries: entries.slice(i, i + BATCH) });
  }
  post({ kind: 'done' });
});
