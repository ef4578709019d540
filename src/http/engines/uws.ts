/**
 * The uWebSockets.js shell: copy the request, call the pipeline, write the Reply. The only module that
 * imports uWebSockets.js; importing it throws where its binary cannot load (see engine.ts).
 *
 * uWS aborts the whole process when a handler returns without having responded or registered
 * `onAborted` (a client reset mid-response does exactly that), so every request registers it first.
 */
import { App, type HttpResponse, type us_listen_socket, us_listen_socket_close, us_socket_local_port } from 'uWebSockets.js';
import { type ApiRequest, bodyLength, COMMON_HEADERS, hasNoBody, isStreamed, type Reply, type StreamedBody, statusLine } from '../reply.ts';
import type { EngineOptions, Server } from './engine.ts';

/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT: no SO_REUSEPORT, so a second process cannot bind the port. */
const LISTEN_EXCLUSIVE_PORT = 1;
const LISTEN_DEFAULT = 0;

/**
 * Sends a streamed body with backpressure: `tryEnd` hands uWS a piece and says whether the socket
 * took all of it; when it did not, the rest waits for `onWritable`, so a slow reader holds about one
 * piece in this process. Writes from here run inside uWS callbacks (the request or onWritable) or a
 * cork, so they are corked. `settle` is called once: when the body is sent or the client is gone.
 */
class BodyPump {
  readonly #res: HttpResponse;
  readonly #pieces: Iterator<Buffer>;
  readonly #total: number;
  readonly #settle: () => void;
  #pending: Buffer | undefined;
  #pendingOffset = 0;
  #isSettled = false;

  constructor(res: HttpResponse, body: StreamedBody, settle: () => void) {
    this.#res = res;
    this.#pieces = body.pieces();
    this.#total = body.length;
    this.#settle = settle;
  }

  start(): void {
    if (this.#total === 0) {
      this.#res.end();
      this.#finish();
      return;
    }
    this.#res.onWritable((offset) => this.#writable(offset));
    this.#pump();
  }

  /** The client went away: stop pulling pieces. */
  abort(): void {
    this.#finish();
  }

  #finish(): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    this.#pending = undefined;
    this.#settle();
  }

  #pump(): void {
    while (!this.#isSettled) {
      const next = this.#pieces.next();
      if (next.done === true) return; // the last piece's tryEnd reported done
      const offset = this.#res.getWriteOffset();
      const [isWritten, isDone] = this.#res.tryEnd(next.value, this.#total);
      if (isDone) {
        this.#finish();
        return;
      }
      if (!isWritten) {
        this.#pending = next.value;
        this.#pendingOffset = offset;
        return;
      }
    }
  }

  #writable(offset: number): boolean {
    const pending = this.#pending;
    if (this.#isSettled || pending === undefined) return true;
    const [isWritten, isDone] = this.#res.tryEnd(pending.subarray(offset - this.#pendingOffset), this.#total);
    if (isDone) {
      this.#finish();
      return true;
    }
    if (!isWritten) return false;
    this.#pending = undefined;
    this.#pump();
    return true;
  }
}

export function startUwsServer(options: EngineOptions): Promise<Server> {
  const { handle, logger } = options;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  /**
   * Pages are copied into this one buffer and sent from it: cheaper than encoding a 30 KB string or
   * allocating a fresh buffer per response. Safe because `end` sends or copies the bytes before it returns.
   */
  let scratch = Buffer.allocUnsafe(64 * 1024);

  function bodyBytes(body: Exclude<Reply['body'], StreamedBody>): string | Buffer {
    if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
    const length = bodyLength(body);
    if (length > scratch.length) scratch = Buffer.allocUnsafe(2 ** Math.ceil(Math.log2(length)));
    let offset = 0;
    for (const part of body) offset += part.copy(scratch, offset);
    return scratch.subarray(0, length);
  }

  function settled(): void {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  }

  /** Writes the reply; returns the pump of a body still being streamed, which the caller aborts if the client goes. */
  function writeReply(res: HttpResponse, reply: Reply, isHead: boolean): BodyPump | undefined {
    res.writeStatus(statusLine(reply.status));
    for (const [name, value] of COMMON_HEADERS) res.writeHeader(name, value);
    for (const [name, value] of reply.headers) res.writeHeader(name, value);
    const body = reply.body;
    if (hasNoBody(reply.status)) res.endWithoutBody();
    else if (isHead) res.endWithoutBody(bodyLength(body));
    else if (isStreamed(body)) {
      // A stream keeps the server's close() waiting until it is sent or abandoned.
      inFlight += 1;
      const pump = new BodyPump(res, body, settled);
      pump.start();
      return pump;
    } else res.end(bodyBytes(body));
    return undefined;
  }

  const app = App().any('/*', function route(res, req) {
    let isDone = false;
    let pump: BodyPump | undefined;
    // Per-request callbacks are anonymous on purpose: tsx (esbuild keepNames) wraps every *named*
    // function expression in a defineProperty call, which cost more than the rest of this shell.
    res.onAborted(() => {
      isDone = true;
      pump?.abort();
    });
    // Copy everything from `req` now: it is invalid once this function returns.
    let apiKey: string | undefined;
    let keyCount = 0;
    let acceptEncoding: string | undefined;
    let ifNoneMatch: string | undefined;
    let requestId: string | undefined;
    let lengthCount = 0;
    let isChunked = false;
    req.forEach((name, value) => {
      if (name === 'x-api-key') {
        keyCount += 1;
        if (keyCount === 1) apiKey = value;
      } else if (name === 'content-length') lengthCount += 1;
      else if (name === 'transfer-encoding') isChunked = true;
      // Repeats are joined as node:http joins them, so both engines hand the pipeline the same strings.
      else if (name === 'accept-encoding') acceptEncoding = acceptEncoding === undefined ? value : `${acceptEncoding}, ${value}`;
      else if (name === 'if-none-match') ifNoneMatch = ifNoneMatch === undefined ? value : `${ifNoneMatch}, ${value}`;
      else if (name === 'x-request-id') requestId ??= value;
    });
    // uWS reads the first Content-Length and parses what follows as the next request: a smuggling
    // vector behind a proxy that reads another one. Closing the connection stops its parser here.
    if (lengthCount > 1 || (lengthCount > 0 && isChunked)) {
      logger.warn('conflicting Content-Length or Transfer-Encoding; connection closed');
      isDone = true;
      res.close();
      return;
    }
    const method = req.getMethod();
    const request: ApiRequest = {
      method, path: req.getUrl(), query: req.getQuery() ?? '', apiKey: apiKey || undefined, hasSeveralKeys: keyCount > 1, acceptEncoding, ifNoneMatch, requestId,
    };
    const isHead = method === 'head';
    try {
      const reply = handle(request);
      if (!(reply instanceof Promise)) {
        isDone = true;
        pump = writeReply(res, reply, isHead);
        return;
      }
      inFlight += 1;
      reply
        .then(function writeLater(value) {
          if (!isDone) {
            isDone = true;
            res.cork(() => {
              pump = writeReply(res, value, isHead);
            });
          }
        })
        .catch(function failedLater(error: unknown) {
          logger.error('a reply could not be written', { error: String(error) });
          if (!isDone) {
            isDone = true;
            res.close();
          }
        })
        .finally(settled);
    } catch (error) {
      // The pipeline answers its own errors; this is a fault in writing. Never let it reach uWS.
      logger.error('a reply could not be written', { error: String((error as Error)?.stack ?? error) });
      if (!isDone) {
        isDone = true;
        res.close();
      }
    }
  });

  return new Promise((resolve, reject) => {
    const listenOption = options.isPortExclusive ? LISTEN_EXCLUSIVE_PORT : LISTEN_DEFAULT;
    // The binding takes (host, port, options, callback), though its type declarations omit that form.
    const listen = app.listen.bind(app) as unknown as (host: string, port: number, option: number, cb: (socket: us_listen_socket | false) => void) => void;
    listen(options.host, options.port, listenOption, (listenSocket) => {
      if (!listenSocket) {
        reject(new Error('uWebSockets.js could not listen'));
        return;
      }
      resolve({
        port: us_socket_local_port(listenSocket as never),
        engine: 'uws',
        close() {
          us_listen_socket_close(listenSocket);
          const finish = () => {
            app.close(); // closes idle keep-alive connections; nothing is in flight any more
          };
          if (inFlight === 0) {
            finish();
            return Promise.resolve();
          }
          return new Promise<void>((done) => {
            drained = () => {
              finish();
              done();
            };
          });
        },
      });
    });
  });
}
