/**
 * What the baseline must send: the service's own responses to the scenario requests, read raw (no
 * decompression), with their headers minus the ones uWS writes by itself (Date, Content-Length, its
 * own name). Written to the scratch folder as the baseline's manifest.
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { BaselineRouteFile } from './baseline-server.ts';
import type { BaselineRoute } from './scenarios.ts';

export interface RawResponse {
  status: number;
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
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const WRITTEN_BY_UWS = new Set(['date', 'content-length', 'uwebsockets', 'connection']);

/** One baseline route per entry: the service's response to `path` (with `headers`), replayed byte for byte. */
export async function captureBaseline(
  serviceUrl: string,
  apiKey: string,
  dir: string,
  routes: readonly { route: BaselineRoute; path: string; headers?: Record<string, string> }[],
): Promise<{ manifestFile: string; responses: Map<BaselineRoute, RawResponse> }> {
  const manifest: BaselineRouteFile[] = [];
  const responses = new Map<BaselineRoute, RawResponse>();
  for (const { route, path, headers } of routes) {
    const response = await rawGet(serviceUrl + path, { 'x-api-key': apiKey, ...headers });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
    const bodyFile = join(dir, `${route.slice(1)}.body`);
    writeFileSync(bodyFile, response.body);
    manifest.push({ path: route, headers: response.headers.filter(([name]) => !WRITTEN_BY_UWS.has(name.toLowerCase())), bodyFile });
    responses.set(route, response);
  }
  const manifestFile = join(dir, 'baseline.json');
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  return { manifestFile, responses };
}
