/**
 * What the baseline must send: the service's own responses to the scenario requests, read raw (no
 * decompression), with their status line and their headers minus the ones uWS writes by itself (Date,
 * Content-Length, its own name). Fixed routes keep one response for every query string; a by-query
 * route (scenario e's `/same`) keeps the response to each of its paths, keyed by that path's query
 * string. Written to the scratch folder as the baseline's manifest and body files.
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { BaselineResponseFile } from './baseline-server.ts';
import type { BaselineRoute } from './scenarios.ts';

export interface RawResponse {
  status: number;
  statusMessage: string;
  headers: [string, string][];
  body: Buffer;
}

/** A GET that keeps the bytes as sent (fetch would decompress them). */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, statusMessage: res.statusMessage ?? '', headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const WRITTEN_BY_UWS = new Set(['date', 'content-length', 'uwebsockets', 'connection']);

/** The headers a replay must write itself: all but those uWS writes. */
export function replayedHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => !WRITTEN_BY_UWS.has(name.toLowerCase()));
}

/** The query string of a path, without '?' ('' when it has none), as uWS's req.getQuery() gives it. */
export function queryOf(path: string): string {
  const start = path.indexOf('?');
  return start === -1 ? '' : path.slice(start + 1);
}

/** Runs `task` over `items`, `width` at a time. */
async function eachLimited<T>(items: readonly T[], width: number, task: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

export interface FixedCapture {
  route: BaselineRoute;
  path: string;
  headers?: Record<string, string>;
}

export interface ByQueryCapture {
  route: BaselineRoute;
  paths: readonly string[];
}

export interface Captured {
  manifestFile: string;
  /** The service's response per fixed route. */
  fixed: Map<BaselineRoute, RawResponse>;
  /** The service's response per by-query route and query string. */
  byQuery: Map<BaselineRoute, Map<string, RawResponse>>;
}

/**
 * One baseline response per fixed route (the service's response to `path`, with `headers`), and one
 * per path of each by-query route (fetched 8 at a time), each replayed byte for byte.
 */
export async function captureBaseline(
  serviceUrl: string,
  apiKey: string,
  dir: string,
  fixedRoutes: readonly FixedCapture[],
  byQueryRoutes: readonly ByQueryCapture[] = [],
): Promise<Captured> {
  const manifest: BaselineResponseFile[] = [];
  const get = async (path: string, headers?: Record<string, string>): Promise<RawResponse> => {
    const response = await rawGet(serviceUrl + path, { 'x-api-key': apiKey, ...headers });
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
    return response;
  };
  const entry = (path: string, response: RawResponse, bodyFile: string, bodyOffset: number, query?: string): BaselineResponseFile => ({
    path,
    ...(query === undefined ? {} : { query }),
    status: `${response.status} ${response.statusMessage}`,
    headers: replayedHeaders(response.headers),
    bodyFile,
    bodyOffset,
    bodyLength: response.body.length,
  });

  const fixed = new Map<BaselineRoute, RawResponse>();
  for (const { route, path, headers } of fixedRoutes) {
    const response = await get(path, headers);
    const bodyFile = join(dir, `${route.slice(1)}.body`);
    writeFileSync(bodyFile, response.body);
    manifest.push(entry(route, response, bodyFile, 0));
    fixed.set(route, response);
  }

  const byQuery = new Map<BaselineRoute, Map<string, RawResponse>>();
  for (const { route, paths } of byQueryRoutes) {
    const responses: RawResponse[] = new Array(paths.length);
    await eachLimited(paths, 8, async (path, i) => {
      responses[i] = await get(path);
    });
    // All of the route's bodies back to back in one file, each entry naming its slice.
    const bodyFile = join(dir, `${route.slice(1)}.bodies`);
    const byQueryString = new Map<string, RawResponse>();
    let offset = 0;
    paths.forEach((path, i) => {
      const query = queryOf(path);
      if (byQueryString.has(query)) throw new Error(`${route}: the query string "${query}" comes twice`);
      byQueryString.set(query, responses[i]!);
      manifest.push(entry(route, responses[i]!, bodyFile, offset, query));
      offset += responses[i]!.body.length;
    });
    writeFileSync(bodyFile, Buffer.concat(responses.map((response) => response.body)));
    byQuery.set(route, byQueryString);
  }

  const manifestFile = join(dir, 'baseline.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return { manifestFile, fixed, byQuery };
}

/** Checks that the baseline answers each captured request with the service's status, headers (those it replays) and body. */
export async function checkReplay(baselineUrl: string, captured: Captured): Promise<number> {
  const problems: string[] = [];
  const check = async (path: string, expected: RawResponse, headers?: Record<string, string>): Promise<void> => {
    const replay = await rawGet(baselineUrl + path, headers ?? {});
    const want = JSON.stringify(replayedHeaders(expected.headers));
    const got = JSON.stringify(replayedHeaders(replay.headers));
    if (replay.status !== expected.status) problems.push(`${path}: status ${replay.status}, the service's was ${expected.status}`);
    else if (!replay.body.equals(expected.body)) problems.push(`${path}: not the service's body`);
    else if (got !== want) problems.push(`${path}: headers ${got}, the service's were ${want}`);
  };
  let checked = 0;
  for (const [route, response] of captured.fixed) {
    await check(route, response);
    checked += 1;
  }
  for (const [route, responses] of captured.byQuery) {
    await eachLimited([...responses], 8, async ([query, response]) => {
      await check(`${route}?${query}`, response);
    });
    checked += responses.size;
  }
  if (problems.length > 0)
    throw new Error(
      `the baseline does not replay the service's responses: ${problems.slice(0, 5).join('; ')}` +
        (problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''),
    );
  return checked;
}
