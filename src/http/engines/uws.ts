/**
 * The uWebSockets.js shell: copy the request, call the pipeline, write the Reply. It is handed the
 * module of the build engine.ts loaded (every build has the same API; the types are the bundled one's).
 *
 * uWS aborts the whole process when a handler returns without having responded or registered
 * `onAborted` (a client reset mid-response does exactly that), so every request registers it first.
 */
import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import type { Logger } from '../../log.ts';
import {
  type ApiRequest,
  BODY_TOO_LARGE,
  bodyLength,
  COMMON_HEADERS,
  type Handler,
  hasNoBody,
  hasRequestBody,
  isStreamed,
  MAX_BODY_BYTES,
  type Reply,
  type StreamedBody,
  statusLine,
} from '../reply.ts';
import type { EngineOptions, Server, UwsModule } from './server.ts';
import { BodyPump } from './uws-body-pump.ts';
import { copyRequest, OVERSIZED } from './uws-request.ts';

/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT: no SO_REUSEPORT, so a second process cannot bind the port. */
const LISTEN_EXCLUSIVE_PORT = 1;
const LISTEN_DEFAULT = 0;

/**
 * One request on its way: answered (or aborted) once, and the pump of a body still being streamed. Its
 * callbacks are methods handed to uWS bound (`bind` names them "bound aborted", ...; no keepNames wrapper).
 */
class Exchange {
  readonly res: HttpResponse;
  readonly #shell: UwsShell;
  isHead = false;
  isDone = false;
  pump: BodyPump | undefined;
  /** A reply that came later, held for the corked write. */
  #later: Reply | undefined;

  constructor(res: HttpResponse, shell: UwsShell) {
    this.res = res;
    this.#shell = shell;
  }

  /** res.onAborted: the client went away; nothing may be written to `res` any more. */
  aborted(): void {
    this.isDone = true;
    this.pump?.abort();
  }

  /** A reply that came later: written corked, unless the client went away meanwhile. */
  replied(reply: Reply): void {
    if (this.isDone) return;
    this.#later = reply;
    this.res.cork(this.writeLater.bind(this));
  }

  writeLater(): void {
    this.#shell.write(this, this.#later!);
  }

  failed(error: unknown): void {
    this.#shell.fail(this, error);
  }
}

/** A body being read, up to MAX_BODY_BYTES, copying each chunk (uWS reuses its memory after the callback). */
class BodyRead {
  readonly #shell: UwsShell;
  readonly #exchange: Exchange;
  readonly #request: ApiRequest;
  readonly #parts: Buffer[] = [];
  #length = 0;

  constructor(shell: UwsShell, exchange: Exchange, request: ApiRequest) {
    this.#shell = shell;
    this.#exchange = exchange;
    this.#request = request;
  }

  /** res.onData: the pipeline is called from inside the last callback, where writes are corked. */
  chunk(chunk: ArrayBuffer, isLast: boolean): void {
    const request = this.#request;
    if (this.#exchange.isDone || request.body !== undefined) return;
    this.#length += chunk.byteLength;
    if (this.#length > MAX_BODY_BYTES) {
      request.body = BODY_TOO_LARGE;
      this.#shell.call(this.#exchange, request);
      return;
    }
    this.#parts.push(Buffer.from(new Uint8Array(chunk)));
    if (!isLast) return;
    request.body = Buffer.concat(this.#parts);
    this.#shell.call(this.#exchange, request);
  }
}

/** The shell's state across requests: what is in flight (close() waits for it) and the body scratch buffer. */
class UwsShell {
  readonly #handle: Handler;
  readonly #malformed: EngineOptions['malformed'];
  readonly #logger: Logger;
  #inFlight = 0;
  #drained: (() => void) | undefined;
  /**
   * Pages are copied into this one buffer and sent from it: cheaper than encoding a 30 KB string or
   * allocating a fresh buffer per response. Safe because `end` sends or copies the bytes before it returns.
   */
  #scratch = Buffer.allocUnsafe(64 * 1024);
  /** `settle`, bound once: handed to every later reply and body pump. */
  readonly #settled: () => void;

  constructor(handle: Handler, malformed: EngineOptions['malformed'], logger: Logger) {
    this.#handle = handle;
    this.#malformed = malformed;
    this.#logger = logger;
    this.#settled = this.settle.bind(this);
  }

  /** One thing in flight is done (a later reply written or dropped, a streamed body sent or abandoned). */
  settle(): void {
    this.#inFlight -= 1;
    if (this.#inFlight === 0) this.#drained?.();
  }

  /** Copy, call, write; every path registers onAborted first and never lets an exception reach uWS. */
  serve(res: HttpResponse, req: HttpRequest): void {
    const exchange = new Exchange(res, this);
    res.onAborted(exchange.aborted.bind(exchange));
    const request = copyRequest(req);
    if (request === undefined) {
      // Closing the connection stops uWS's parser before it reads the leftovers as a request.
      this.#logger.warn('conflicting Content-Length or Transfer-Encoding; connection closed');
      exchange.isDone = true;
      res.close();
      return;
    }
    if (request === OVERSIZED) {
      // A head past node:http's limit: the same 431 envelope node:http answers (uws-request.ts).
      this.write(exchange, this.#malformed(431));
      return;
    }
    exchange.isHead = request.method === 'head';
    if (hasRequestBody(request.method)) {
      request.clientAddress = Buffer.from(res.getRemoteAddressAsText()).toString();
      const read = new BodyRead(this, exchange, request);
      res.onData(read.chunk.bind(read));
      return;
    }
    this.call(exchange, request);
  }

  call(exchange: Exchange, request: ApiRequest): void {
    try {
      const reply = this.#handle(request);
      if (reply instanceof Promise) this.#writeLater(exchange, reply);
      else this.write(exchange, reply);
    } catch (error) {
      // The pipeline answers its own errors; this is a fault in writing.
      this.fail(exchange, error);
    }
  }

  /** Resolves once nothing is in flight any more. */
  drained(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise(
      function waitForDrain(this: UwsShell, resolve: () => void) {
        this.#drained = resolve;
      }.bind(this),
    );
  }

  /** Writes a reply that came later, corked, unless the client went away meanwhile. */
  #writeLater(exchange: Exchange, reply: Promise<Reply>): void {
    this.#inFlight += 1;
    reply.then(exchange.replied.bind(exchange)).catch(exchange.failed.bind(exchange)).finally(this.#settled);
  }

  fail(exchange: Exchange, error: unknown): void {
    this.#logger.error('a reply could not be written', { error: String((error as Error)?.stack ?? error) });
    if (exchange.isDone) return;
    exchange.isDone = true;
    exchange.res.close();
  }

  /** Writes the reply; a streamed body keeps its pump on the exchange, for onAborted to stop. */
  write(exchange: Exchange, reply: Reply): void {
    exchange.isDone = true;
    const res = exchange.res;
    res.writeStatus(statusLine(reply.status));
    for (const [name, value] of COMMON_HEADERS) res.writeHeader(name, value);
    for (const [name, value] of reply.headers) res.writeHeader(name, value);
    const body = reply.body;
    if (hasNoBody(reply.status)) res.endWithoutBody();
    else if (exchange.isHead) res.endWithoutBody(bodyLength(body));
    else if (isStreamed(body)) {
      // A stream keeps the server's close() waiting until it is sent or abandoned.
      this.#inFlight += 1;
      exchange.pump = new BodyPump(res, body, this.#settled);
      exchange.pump.start();
    } else res.end(this.#bodyBytes(body));
  }

  #bodyBytes(body: Exclude<Reply['body'], StreamedBody>): string | Buffer {
    if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
    const length = bodyLength(body);
    if (length > this.#scratch.length) this.#scratch = Buffer.allocUnsafe(2 ** Math.ceil(Math.log2(length)));
    let offset = 0;
    for (const part of body) offset += part.copy(this.#scratch, offset);
    return this.#scratch.subarray(0, length);
  }
}

/** Listens; the server's close() stops accepting, waits for what is in flight, then closes idle connections. */
function listen(uws: UwsModule, app: TemplatedApp, shell: UwsShell, options: EngineOptions, build: string): Promise<Server> {
  const { us_listen_socket_close, us_socket_local_port } = uws;
  return new Promise(function listening(resolve, reject) {
    const listenOption = options.isPortExclusive ? LISTEN_EXCLUSIVE_PORT : LISTEN_DEFAULT;
    // The binding takes (host, port, options, callback), though its type declarations omit that form.
    type Listen = (host: string, port: number, option: number, cb: (socket: us_listen_socket | false) => void) => void;
    const listenOn = app.listen.bind(app) as unknown as Listen;
    listenOn(options.host, options.port, listenOption, function listened(listenSocket) {
      if (!listenSocket) {
        reject(new Error('uWebSockets.js could not listen'));
        return;
      }
      resolve({
        port: us_socket_local_port(listenSocket as never),
        engine: 'uws',
        build,
        async close() {
          us_listen_socket_close(listenSocket);
          await shell.drained();
          app.close(); // closes idle keep-alive connections; nothing is in flight any more
        },
      });
    });
  });
}

/** Serves with `uws`, the module of the build engine.ts loaded (`build` names it). */
export function startUwsServer(uws: UwsModule, build: string, options: EngineOptions): Promise<Server> {
  const shell = new UwsShell(options.handle, options.malformed, options.logger);
  const app = uws.App().any('/*', shell.serve.bind(shell));
  return listen(uws, app, shell, options, build);
}
