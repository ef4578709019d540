/**
 * The uWebSockets.js shell: copies what it needs from each request, runs the pipeline, and writes the
 * Reply with the headers every response carries (CORS, nosniff). The only module that imports uWS.
 */
import { App, type HttpResponse, type us_listen_socket, us_listen_socket_close, us_socket_local_port } from 'uWebSockets.js';
import type { Logger } from '../log.ts';
import type { ApiRequest, Reply } from './api.ts';
import { ERRORS_PAGE } from './errors-page.ts';

const STATUS_TEXT: Record<number, string> = {
  200: '200 OK', 204: '204 No Content', 400: '400 Bad Request', 401: '401 Unauthorized', 403: '403 Forbidden',
  404: '404 Not Found', 405: '405 Method Not Allowed', 429: '429 Too Many Requests', 500: '500 Internal Server Error',
  503: '503 Service Unavailable',
};

/** Browsers may call the API from any origin; scripts need to read the metering headers. */
const COMMON_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Warning, Retry-After, X-Overage, X-Overage-Count, X-Overage-Cap'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cache-Control', 'no-store'],
];
const PREFLIGHT_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Allow-Methods', 'GET, OPTIONS'],
  ['Access-Control-Allow-Headers', 'X-API-Key, Content-Type'],
  ['Access-Control-Max-Age', '600'],
];

export interface Server {
  readonly port: number;
  /** Stops accepting connections; resolves once every in-flight request has been answered. */
  close(): Promise<void>;
}

export function startServer(host: string, port: number, handle: (request: ApiRequest) => Reply | Promise<Reply>, logger: Logger): Promise<Server> {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  /**
   * Pages are copied into this one buffer and sent from it: cheaper than encoding a 30 KB string or
   * allocating a fresh buffer per response. Safe because `end` sends or copies the bytes before it returns.
   */
  let scratch = Buffer.allocUnsafe(64 * 1024);

  function bodyBytes(body: Reply['body']): string | Buffer {
    if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
    let length = 0;
    for (const part of body) length += part.length;
    if (length > scratch.length) scratch = Buffer.allocUnsafe(2 ** Math.ceil(Math.log2(length)));
    let offset = 0;
    for (const part of body) offset += part.copy(scratch, offset);
    return scratch.subarray(0, length);
  }

  function writeReply(res: HttpResponse, reply: Reply): void {
    res.writeStatus(STATUS_TEXT[reply.status] ?? `${reply.status} Error`);
    for (const [name, value] of COMMON_HEADERS) res.writeHeader(name, value);
    for (const [name, value] of reply.headers) res.writeHeader(name, value);
    res.end(bodyBytes(reply.body));
  }

  const app = App()
    .options('/*', function preflight(res) {
      res.writeStatus('204 No Content');
      for (const [name, value] of PREFLIGHT_HEADERS) res.writeHeader(name, value);
      res.endWithoutBody();
    })
    .get('/docs/errors', function errorsPage(res) {
      res.writeStatus('200 OK').writeHeader('Content-Type', 'text/html; charset=utf-8').end(ERRORS_PAGE);
    })
    .any('/*', function route(res, req) {
      const request: ApiRequest = {
        method: req.getMethod(),
        path: req.getUrl(),
        query: req.getQuery() ?? '',
        apiKey: req.getHeader('x-api-key') || undefined,
        host: req.getHeader('host') || undefined,
      };
      const reply = handle(request);
      if (!(reply instanceof Promise)) {
        writeReply(res, reply);
        return;
      }
      let isAborted = false;
      res.onAborted(() => {
        isAborted = true;
      });
      inFlight += 1;
      void reply
        .then((value) => {
          if (!isAborted) res.cork(() => writeReply(res, value));
        })
        .finally(() => {
          inFlight -= 1;
          if (inFlight === 0) drained?.();
        });
    });

  return new Promise((resolve, reject) => {
    app.listen(host, port, (listenSocket: us_listen_socket | false) => {
      if (!listenSocket) {
        reject(new Error(`cannot listen on ${host}:${port}`));
        return;
      }
      const boundPort = us_socket_local_port(listenSocket as never);
      logger.info('listening', { host, port: boundPort });
      resolve({
        port: boundPort,
        close() {
          us_listen_socket_close(listenSocket);
          app.close();
          if (inFlight === 0) return Promise.resolve();
          return new Promise<void>((done) => {
            drained = done;
          });
        },
      });
    });
  });
}
