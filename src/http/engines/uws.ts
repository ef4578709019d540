/**
 * The uWebSockets.js shell: copy the request, call the pipeline, write the Reply. The only module that
 * imports uWebSockets.js; importing it throws where its binary cannot load (see engine.ts).
 *
 * uWS aborts the whole process when a handler returns without having responded or registered
 * `onAborted` (a client reset mid-response does exactly that), so every request registers it first.
 */
import {
  App,
  type HttpRequest,
  type HttpResponse,
  type TemplatedApp,
  type us_listen_socket,
  us_listen_socket_close,
  us_socket_local_port,
} from 'uWebSockets.js';
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
import type { EngineOptions, Server } from './server.ts';
import { BodyPump } from './uws-body-pump.ts';

/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT: no SO_REUSEPORT, so a second process cannot bind the port. */
const LISTEN_EXCLUSIVE_PORT = 1;
const LISTEN_DEFAULT = 0;

/** One request on its way: answered (or aborted) once, and the pump of a body still being streamed. */
interface Exchange {
  res: HttpResponse;
  isHead: boolean;
  isDone: boolean;
  pump: BodyPump | undefined;
}

/**
 * Copies what the pipeline needs from `req`, which is invalid once the handler returns; undefined when
 * the request frames its body ambiguously. uWS reads the first Content-Length and parses what follows as
 * the next request: a smuggling vector behind a proxy that reads another one.
 */
function copyRequest(req: HttpRequest): ApiRequest | undefined {
  let apiKey: string | undefined;
  let keyCount = 0;
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  let requestId: string | undefined;
  let authorization: string | undefined;
  let cookie: string | undefined;
  let contentType: string | undefined;
  let lengthCount = 0;
  let isChunked = false;
  // Anonymous on purpose: tsx (esbuild keepNames) wraps every *named* function expression in a
  // defineProperty call, which cost more than the rest of this shell.
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
    else if (name === 'authorization') authorization ??= value;
    else if (name === 'cookie') cookie = cookie === undefined ? value : `${cookie}; ${value}`;
    else if (name === 'content-type') contentType ??= value;
  });
  if (lengthCount > 1 || (lengthCount > 0 && isChunked)) return undefined;
  return {
    method: req.getMethod(),
    path: req.getUrl(),
    query: req.getQuery() ?? '',
    apiKey: apiKey || undefined,
    hasSeveralKeys: keyCount > 1,
    acceptEncoding,
    ifNoneMatch,
    requestId,
    authorization,
    cookie,
    contentType,
  };
}

/** The shell's state across requests: what is in flight (close() waits for it) and the body scratch buffer. */
class UwsShell {
  readonly #handle: Handler;
  readonly #logger: Logger;
  #inFlight = 0;
  #drained: (() => void) | undefined;
  /**
   * Pages are copied into this one buffer and sent from it: cheaper than encoding a 30 KB string or
   * allocating a fresh buffer per response. Safe because `end` sends or copies the bytes before it returns.
   */
  #scratch = Buffer.allocUnsafe(64 * 1024);
  readonly #settled = (): void => {
    this.#inFlight -= 1;
    if (this.#inFlight === 0) this.#drained?.();
  };

  constructor(handle: Handler, logger: Logger) {
    this.#handle = handle;
    this.#logger = logger;
  }

  /** Copy, call, write; every path registers onAborted first and never lets an exception reach uWS. */
  serve(res: HttpResponse, req: HttpRequest): void {
    const exchange: Exchange = { res, isHead: false, isDone: false, pump: undefined };
    res.onAborted(() => {
      exchange.isDone = true;
      exchange.pump?.abort();
    });
    const request = copyRequest(req);
    if (request === undefined) {
      // Closing the connection stops uWS's parser before it reads the leftovers as a request.
      this.#logger.warn('conflicting Content-Length or Transfer-Encoding; connection closed');
      exchange.isDone = true;
      res.close();
      return;
    }
    exchange.isHead = request.method === 'head';
    if (hasRequestBody(request.method)) {
      request.clientAddress = Buffer.from(res.getRemoteAddressAsText()).toString();
      this.#readBody(exchange, request);
      return;
    }
    this.#call(exchange, request);
  }

  /**
   * Reads the body up to MAX_BODY_BYTES, copying each chunk (uWS reuses its memory after the callback),
   * then calls the pipeline from inside the last onData callback, where writes are corked.
   */
  #readBody(exchange: Exchange, request: ApiRequest): void {
    const parts: Buffer[] = [];
    let length = 0;
    exchange.res.onData((chunk, isLast) => {
      if (exchange.isDone || request.body !== undefined) return;
      length += chunk.byteLength;
      if (length > MAX_BODY_BYTES) {
        request.body = BODY_TOO_LARGE;
        this.#call(exchange, request);
        return;
      }
      parts.push(Buffer.from(new Uint8Array(chunk)));
      if (!isLast) return;
      request.body = Buffer.concat(parts);
      this.#call(exchange, request);
    });
  }

  #call(exchange: Exchange, request: ApiRequest): void {
    try {
      const reply = this.#handle(request);
      if (reply instanceof Promise) this.#writeLater(exchange, reply);
      else this.#write(exchange, reply);
    } catch (error) {
      // The pipeline answers its own errors; this is a fault in writing.
      this.#fail(exchange, error);
    }
  }

  /** Resolves once nothing is in flight any more. */
  drained(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#drained = resolve;
    });
  }

  /** Writes a reply that came later, corked, unless the client went away meanwhile. */
  #writeLater(exchange: Exchange, reply: Promise<Reply>): void {
    this.#inFlight += 1;
    reply
      .then((value) => {
        if (!exchange.isDone) exchange.res.cork(() => this.#write(exchange, value));
      })
      .catch((error: unknown) => this.#fail(exchange, error))
      .finally(this.#settled);
  }

  #fail(exchange: Exchange, error: unknown): void {
    this.#logger.error('a reply could not be written', { error: String((error as Error)?.stack ?? error) });
    if (exchange.isDone) return;
    exchange.isDone = true;
    exchange.res.close();
  }

  /** Writes the reply; a streamed body keeps its pump on the exchange, for onAborted to stop. */
  #write(exchange: Exchange, reply: Reply): void {
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
function listen(app: TemplatedApp, shell: UwsShell, options: EngineOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    const listenOption = options.isPortExclusive ? LISTEN_EXCLUSIVE_PORT : LISTEN_DEFAULT;
    // The binding takes (host, port, options, callback), though its type declarations omit that form.
    type Listen = (host: string, port: number, option: number, cb: (socket: us_listen_socket | false) => void) => void;
    const listenOn = app.listen.bind(app) as unknown as Listen;
    listenOn(options.host, options.port, listenOption, (listenSocket) => {
      if (!listenSocket) {
        reject(new Error('uWebSockets.js could not listen'));
        return;
      }
      resolve({
        port: us_socket_local_port(listenSocket as never),
        engine: 'uws',
        async close() {
          us_listen_socket_close(listenSocket);
          await shell.drained();
          app.close(); // closes idle keep-alive connections; nothing is in flight any more
        },
      });
    });
  });
}

export function startUwsServer(options: EngineOptions): Promise<Server> {
  const shell = new UwsShell(options.handle, options.logger);
  const app = App().any('/*', (res, req) => shell.serve(res, req));
  return listen(app, shell, options);
}
