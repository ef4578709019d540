/** Reading a child process's JSON-lines log (the service's stderr) one parsed entry at a time. */
import type { Readable } from 'node:stream';

export type LogEntry = Record<string, unknown>;

/** Calls `onEntry` for each complete line of `stream` that parses as JSON; other lines are skipped. */
export function onJsonLines(stream: Readable, onEntry: (entry: LogEntry) => void): void {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        continue;
      }
      onEntry(entry);
    }
  });
}
