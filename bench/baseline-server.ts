/**
 * The bench's physical-limit reference: a bare server on the service's own engine (BASELINE_ENGINE:
 * `uws`, the uWebSockets.js build `auto` would load, or `node`, plain node:http) that answers a few fixed paths
 * with the exact status, headers and body the service sent for the matching request, captured before
 * the run, and nothing else. A route answers either every query string with one response (`/small`,
 * `/page`, `/page-br`), or each query string with the response the service gave for that very query
 * string (`/same`, for scenario e's distinct searches, whose pages differ in size; an unknown query
 * string gets 404). No routing beyond that, no auth, no metering, no logs, so the service's CPU per
 * request reads as a ratio to "what uWS costs to write the same bytes on this box, in this run".
 *
 *   node --import tsx bench/baseline-server.ts <manifest.json>
 *
 * The manifest is a list of responses (written by bench/capture.ts):
 * `[{ "path": "/small", "status": "200 OK", "headers": [[name, value], ...], "bodyFile": "...",
 * "bodyOffset": 0, "bodyLength": 2400 }, { "path": "/same", "query": "q=curl&limit=20", ... }, ...]`.
 * An entry without `query` answers every query string on its path. Listens on 127.0.0.1, port 0, and
 * reports `{"message":"listening","port":N}` on stderr, like the service.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { HttpRequest, HttpResponse, us_listen_socket } from 'uWebSockets.js';
import { loadFixedUws } from '../src/http/engines/engine.ts';

export interface BaselineResponseFile {
  path: string;
  /** The raw query string (no '?') this response answers; absent: every query string on `path`. */
  query?: string;
  /** Status line as the service sent it, e.g. "200 OK". */
  status: string;
  headers: [string, string][];
  /** The body is bytes [bodyOffset, bodyOffset + bodyLength) of bodyFile. */
  bodyFile: string;
  bodyOffset: number;
  bodyLength: number;
}

interface Replay {
  status: string;
  headers: readonly [string, string][];
  body: Buffer;
}

function readManifest(argv: readonly string[]): BaselineResponseFile[] {
  const [manifest] = argv;
  if (manifest === undefined) {
    process.stderr.write('usage: node --import tsx bench/baseline-server.ts <manifest.json>\n');
    process.exit(2);
  }
  return JSON.parse(readFileSync(manifest, 'utf8')) as BaselineResponseFile[];
}

function write(res: HttpResponse, replay: Replay): void {
  res.writeStatus(replay.status);
  for (const [name, value] of replay.headers) res.writeHeader(name, value);
  res.end(replay.body);
}

function answerWith(replay: Replay) {
  return function precomputed(res: HttpResponse): void {
    write(res, replay);
  };
}

function answerByQuery(replays: ReadonlyMap<string, Replay>) {
  return function sameBytes(res: HttpResponse, req: HttpRequest): void {
    const replay = replays.get(req.getQuery() ?? '');
    if (replay === undefined) notFound(res);
    else write(res, replay);
  };
}

function notFound(res: HttpResponse): void {
  res.writeStatus('404 Not Found').end();
}

/** The same answers from a bare node:http server: the reference for the service on node:http. */
function serveWithNode(fixed: ReadonlyMap<string, Replay>, byQuery: ReadonlyMap<string, ReadonlyMap<string, Replay>>): void {
  const server = createServer(function replay(req, res) {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const found = fixed.get(path) ?? byQuery.get(path)?.get(mark === -1 ? '' : url.slice(mark + 1));
    if (found === undefined) {
      res.writeHead(404).end();
      return;
    }
    const space = found.status.indexOf(' ');
    // Content-Length as the service's node:http shell writes it (without it node:http would chunk the body).
    res.writeHead(Number(found.status.slice(0, space)), found.status.slice(space + 1), [
      ...found.headers.flat(),
      'Content-Length',
      String(found.body.length),
    ]);
    res.end(found.body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', function reportPort() {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    process.stderr.write(`${JSON.stringify({ level: 'info', message: 'listening', port })}\n`);
  });
}

async function main(): Promise<void> {
  const files = new Map<string, Buffer>();
  const fixed = new Map<string, Replay>();
  const byQuery = new Map<string, Map<string, Replay>>();
  for (const entry of readManifest(process.argv.slice(2))) {
    let file = files.get(entry.bodyFile);
    if (file === undefined) {
      file = readFileSync(entry.bodyFile);
      files.set(entry.bodyFile, file);
    }
    const replay: Replay = {
      status: entry.status,
      headers: entry.headers,
      body: file.subarray(entry.bodyOffset, entry.bodyOffset + entry.bodyLength),
    };
    if (entry.query === undefined) fixed.set(entry.path, replay);
    else {
      let replays = byQuery.get(entry.path);
      if (replays === undefined) {
        replays = new Map();
        byQuery.set(entry.path, replays);
      }
      replays.set(entry.query, replay);
    }
  }
  if (process.env.BASELINE_ENGINE === 'node') {
    serveWithNode(fixed, byQuery);
    return;
  }
  const loaded = loadFixedUws();
  const uws = 'failure' in loaded ? await import('uWebSockets.js') : loaded.module;
  const { App, us_socket_local_port } = uws;
  let app = App();
  for (const [path, replay] of fixed) app = app.get(path, answerWith(replay));
  for (const [path, replays] of byQuery) app = app.get(path, answerByQuery(replays));
  app.any('/*', notFound).listen('127.0.0.1', 0, function reportPort(listenSocket: us_listen_socket | false) {
    if (!listenSocket) {
      process.stderr.write(`${JSON.stringify({ level: 'error', message: 'cannot listen on 127.0.0.1:0' })}\n`);
      process.exit(1);
    }
    // A listen socket is a socket as far as uSockets is concerned; the typings keep them apart.
    const port = us_socket_local_port(listenSocket as never);
    process.stderr.write(`${JSON.stringify({ level: 'info', message: 'listening', port })}\n`);
  });
}

void main();
