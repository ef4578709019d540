/**
 * The relay between the serving thread and the reading process (reading-process.ts starts it as a
 * worker thread, and it starts the process): it receives the process's answers on the process's IPC
 * channel and hands each to the serving thread as one buffer moved, not copied (`postMessage` with the
 * buffer in its transfer list), and passes the serving thread's requests on.
 *
 * Why (issue 19, docs/performance.md#reloading-a-snapshot): Node's IPC channel gathers a message that
 * arrives in several reads into one new buffer (`Buffer.concat`) and deserializes it where the channel
 * lives. On the serving thread that copy, into memory freshly mapped for each answer of up to half a
 * megabyte, was the largest part of the event-loop blocks that delayed searches while a reload's pieces
 * were taken (stop 50's trace). Here the copying, the channel's deserializing and the serializing again
 * into one buffer happen on this thread, and the serving thread deserializes that buffer once.
 */
import { fork } from 'node:child_process';
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { RelayData, RelayEvent, RelayRequest } from './reading-process.ts';

const { entry, args, execArgv } = workerData as RelayData;
const port = parentPort!;

const child = fork(entry, args, {
  execArgv,
  // Buffers, Maps and typed arrays cross as themselves (v8.serialize), not as JSON.
  serialization: 'advanced',
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});

function tell(event: RelayEvent): void {
  port.postMessage(event);
}

child.on('message', (message: unknown) => {
  // v8.serialize's buffer is its own ArrayBuffer (not the Buffer pool's), so it can be moved.
  const bytes = serialize(message);
  port.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
});
child.on('exit', (code, signal) => {
  tell({ kind: 'exit', code, signal });
  // Nothing is left to relay: this thread ends with its process.
  port.close();
});
child.on('error', (error) => tell({ kind: 'error', message: error.message }));

port.on('message', (request: RelayRequest) => {
  if (request.kind === 'stop') {
    child.kill();
    return;
  }
  child.send(request.message, (error) => {
    if (error !== null) tell({ kind: 'unsent', message: error.message });
  });
});
