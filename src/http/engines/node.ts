/**
 * The node:http shell, for where uWebSockets.js cannot load (Node 24, musl, older glibc): copy the
 * request, call the pipeline, write the Reply. It writes the same status, headers and body as uws.ts.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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

function flatHeaders(reply: Reply, length: number): string[] {
  const flat: string[] = [];
  for (const [name, value] of COMMON_HEADERS) flat.push(name, value);
  for (const [name, value] of reply.headers) flat.push(name, value);
  if (!hasNoBody(reply.status)) flat.push('Content-Length', String(length));
  return flat;
}

function bodyBuffer(body: Exclude<Reply['body'], StreamedBody>): string | Buffer {
  return typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.concat(body as Buffer[]);
}

/**
 * Writes a streamed body piece by piece, pausing whenever `write` says the socket's buffer is full
 * until it drains, so a slow reader holds about one piece in this process. A closed connection stops it.
 */
function streamBody(res: ServerResponse, body: StreamedBody): void {
  const pieces = body.pieces();
  const pump = (): void => {
    while (!res.destroyed) {
      const next = pieces.next();
      if (next.done === true) {
        res.end();
        return;
      }
      if (!res.write(next.value)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/** Copies what the pipeline needs from the raw headers: X-API-Key is counted (node would join repeats). */
function copyRequest(req: IncomingMessage): ApiRequest {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  let apiKey: string | undefined;
  let keyCount = 0;
  let acceptEncoding: string | undefined;
  let acceptLanguage: string | undefined;
  let ifNoneMatch: string | undefined;
  let requestId: string | undefined;
  let authorization: string | undefined;
  let cookie: string | undefined;
  let contentType: string | undefined;
  let range: string | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'x-api-key') {
      keyCount += 1;
      if (keyCount === 1) apiKey = value;
    } else if (name === 'accept-encoding') acceptEncoding = acceptEncoding === undefined ? value : `${acceptEncoding}, ${value}`;
    else if (name === 'accept-language') acceptLanguage = acceptLanguage === undefined ? value : `${acceptLanguage}, ${value}`;
    else if (name === 'if-none-match') ifNoneMatch = ifNoneMatch === undefined ? value : `${ifNoneMatch}, ${value}`;
    else if (name === 'x-request-id') requestId ??= value;
    else if (name === 'authorization') authorization ??= value;
    else if (name === 'cookie') cookie = cookie === undefined ? value : `${cookie}; ${value}`;
    else if (name === 'content-type') contentType ??= value;
    else if (name === 'range') range ??= value;
  }
  return {
    method: (req.method ?? 'GET').toLowerCase(),
    path: mark === -1 ? url : url.slice(0, mark),
    query: mark === -1 ? '' : url.slice(mark + 1),
    apiKey: apiKey || undefined,
    hasSeveralKeys: keyCount > 1,
    acceptEncoding,
    acceptLanguage,
    ifNoneMatch,
    requestId,
    authorization,
    cookie,
    contentType,
    clientAddress: req.socket.remoteAddress,
    range,
  };
}

/** Reads a request's body up to MAX_BODY_BYTES, then calls `done` once with it (or BODY_TOO_LARGE). */
function readBody(req: IncomingMessage, done: (body: Buffer | typeof BODY_TOO_LARGE) => void): void {
  const parts: Buffer[] = [];
  let length = 0;
  let isTooLarge = false;
  req.on('data', (chunk: Buffer) => {
    if (isTooLarge) return;
    length += chunk.length;
    if (length > MAX_BODY_BYTES) {
      isTooLarge = true;
      parts.length = 0;
      done(BODY_TOO_LARGE);
      return;
    }
    parts.push(chunk);
  });
  req.on('end', () => {
    if (!isTooLarge) done(Buffer.concat(parts));
  });
}

/** Writes the reply: status line, headers and body, streamed when it is a StreamedBody. */
function writeReply(res: ServerResponse, reply: Reply): void {
  if (isStreamed(reply.body)) {
    res.writeHead(reply.status, statusLine(reply.status).slice(4), flatHeaders(reply, reply.body.length));
    if (res.req.method === 'HEAD') res.end();
    else streamBody(res, reply.body);
    return;
  }
  const body = bodyBuffer(reply.body);
  res.writeHead(reply.status, statusLine(reply.status).slice(4), flatHeaders(reply, bodyLength(body)));
  res.end(body); // node sends no body for HEAD by itself
}

/** Copy (and read the body of a method that has one), call, write. */
function serve(handle: Handler, logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const request = copyRequest(req);
  if (!hasRequestBody(request.method)) {
    call(handle, logger, request, res);
    return;
  }
  readBody(req, (body) => {
    request.body = body;
    // A body too large is answered at once; the connection closes instead of reading the rest.
    if (body === BODY_TOO_LARGE) res.shouldKeepAlive = false;
    if (!res.destroyed) call(handle, logger, request, res);
  });
}

/** Call, write; a fault in writing drops the connection (the pipeline answers its own errors). */
function call(handle: Handler, logger: Logger, request: ApiRequest, res: ServerResponse): void {
  try {
    const reply = handle(request);
    if (reply instanceof Promise) {
      reply
        .then((value) => {
          if (!res.destroyed) writeReply(res, value);
        })
        .catch((error: unknown) => failed(logger, res, error));
    } else {
      writeReply(res, reply);
    }
  } catch (error) {
    failed(logger, res, error);
  }
}

function failed(logger: Logger, res: ServerResponse, error: unknown): void {
  logger.error('a reply could not be written', { error: String((error as Error)?.stack ?? error) });
  res.destroy();
}

/**
 * A request node's parser refuses (conflicting Content-Length, oversized headers, bad syntax) gets the
 * envelope and a closed connection, never a second request read from its leftovers.
 */
function refuseMalformed(malformed: EngineOptions['malformed'], error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const reply = malformed(error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400);
  const body = bodyBuffer(reply.body as string);
  const head = flatHeaders(reply, bodyLength(body));
  let text = `HTTP/1.1 ${statusLine(reply.status)}\r\n`;
  for (let i = 0; i < head.length; i += 2) text += `${head[i]}: ${head[i + 1]}\r\n`;
  socket.end(Buffer.concat([Buffer.from(`${text}\r\n`), Buffer.from(body)]));
}

/** Listens; the server's close() stops accepting, closes idle connections, and resolves once the rest are answered. */
function listen(server: HttpServer, options: EngineOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // reusePort (SO_REUSEPORT, several processes on one port with a shared counter store) exists from
    // Node 22.12 on; older versions ignore the option and a second process gets EADDRINUSE.
    const listenOptions = { host: options.host, port: options.port, exclusive: true, reusePort: !options.isPortExclusive };
    server.listen(listenOptions, () => {
      server.off('error', reject);
      server.on('error', (error) => options.logger.error('HTTP server error', { error: String(error) }));
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : options.port,
        engine: 'node',
        build: 'node:http',
        close() {
          return new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          });
        },
      });
    });
  });
}

export function startNodeServer(options: EngineOptions): Promise<Server> {
  const { handle, logger, malformed } = options;
  const server = createServer(function route(req, res) {
    serve(handle, logger, req, res);
  });
  server.on('clientError', function refuse(error: NodeJS.ErrnoException, socket: Socket) {
    refuseMalformed(malformed, error, socket);
  });
  return listen(server, options);
}
