/** Raw HTTP/1.x over a TCP socket, for what fetch cannot send: HTTP/1.0, split segments, repeated or malformed headers. */
import { connect } from 'node:net';

export interface RawExchange {
  /** Everything the server sent before it closed or `waitMs` passed. */
  text: string;
  /** Whether the server closed the connection. */
  isClosed: boolean;
}

/** Writes `chunks` one by one (a pause between them, so each leaves as its own TCP segment), then reads. */
export function rawExchange(url: string, chunks: string[], waitMs = 500): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.setNoDelay(true);
    let text = '';
    let isClosed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, isClosed });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset is a close here; the test reads isClosed
    socket.on('close', () => {
      isClosed = true;
      finish();
    });
    socket.on('connect', async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, 40));
        socket.write(chunk);
      }
    });
  });
}

/** The status codes of every response in a raw exchange, in order. */
export function statuses(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
}
