/**
 * The service's garbage collections over a stretch of a suite, read from its own Prometheus metrics
 * (prom-client's `nodejs_gc_duration_seconds` histogram, by kind) scraped at both ends: a reload's cost
 * to the serving thread is mostly its collections (docs/performance.md#reloading-a-snapshot), and this
 * shows them in every run, where a scratch `--trace-gc-nvp` showed them once.
 */

import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** One kind's collections: how many, their pauses in all, and how many paused over 1 ms and over 10 ms. */
export interface Collections {
  kind: string;
  count: number;
  ms: number;
  over1Ms: number;
  over10Ms: number;
}

interface Totals {
  count: number;
  seconds: number;
  /** The histogram's cumulative buckets that matter here: at most 1 ms, at most 10 ms. */
  within1Ms: number;
  within10Ms: number;
}

const LINE = /^nodejs_gc_duration_seconds_(sum|count|bucket)\{([^}]*)\} ([0-9.eE+-]+)$/;

function labelOf(labels: string, name: string): string | undefined {
  return new RegExp(`(?:^|,)${name}="([^"]*)"`).exec(labels)?.[1];
}

/** Each kind's totals in a scrape's text (kinds the service has not collected yet are absent). */
export function gcTotals(text: string): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  for (const line of text.split('\n')) {
    const match = LINE.exec(line.trim());
    if (match === null) continue;
    const [, part, labels, value] = match;
    const kind = labelOf(labels!, 'kind');
    if (kind === undefined) continue;
    const at = totals.get(kind) ?? { count: 0, seconds: 0, within1Ms: 0, within10Ms: 0 };
    const number = Number(value);
    if (part === 'sum') at.seconds = number;
    else if (part === 'count') at.count = number;
    else if (labelOf(labels!, 'le') === '0.001') at.within1Ms = number;
    else if (labelOf(labels!, 'le') === '0.01') at.within10Ms = number;
    totals.set(kind, at);
  }
  return totals;
}

/** The collections between two scrapes of the same service, by kind, the kinds in a fixed order. */
export function collectionsBetween(before: string, after: string): Collections[] {
  const [from, to] = [gcTotals(before), gcTotals(after)];
  const zero: Totals = { count: 0, seconds: 0, within1Ms: 0, within10Ms: 0 };
  return ['minor', 'major', 'incremental', 'weakcb']
    .filter((kind) => to.has(kind))
    .map((kind) => {
      const [a, b] = [from.get(kind) ?? zero, to.get(kind)!];
      const count = b.count - a.count;
      return {
        kind,
        count,
        ms: Number(((b.seconds - a.seconds) * 1000).toFixed(1)),
        over1Ms: count - (b.within1Ms - a.within1Ms),
        over10Ms: count - (b.within10Ms - a.within10Ms),
      };
    });
}

/** `collections` as one line's words: "minor 12 (45.2 ms; 8 over 1 ms, 0 over 10 ms), major 2 (...)". */
export function describeCollections(collections: readonly Collections[]): string {
  return collections
    .map(({ kind, count, ms, over1Ms, over10Ms }) => `${kind} ${count} (${ms} ms; ${over1Ms} over 1 ms, ${over10Ms} over 10 ms)`)
    .join(', ');
}

/**
 * The metrics text at `url`, fetched by a process of its own that writes it to a file in `dir`: the suites'
 * searching clients run on this process's event loop, and the first `fetch` here, just before the first
 * reload, deoptimized their hot socket and stream functions (V8's --trace-deopt: "wrong map" in onwrite,
 * onStreamRead, Readable.read, Socket._write and others, undici's sockets being of other shapes); the client
 * ran them unoptimized and compiled them again through that reload (about 180 ms of a V8 thread, 27
 * functions), and timed its searches the slowest of the run: the client's cost, counted as the service's.
 * A scrape on a connection of the clients' own kind still deoptimized four. The child's output goes to a
 * file, not a pipe, so no stream of this process reads it either.
 */
export async function scrapeApart(url: string, dir: string): Promise<string> {
  const file = join(dir, `metrics-${process.pid}-${Date.now()}.txt`);
  const script = `fetch(${JSON.stringify(url)}).then(async (r) => { if (r.status !== 200) process.exit(2); require('node:fs').writeFileSync(${JSON.stringify(file)}, await r.text()); })`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`scraping ${url} failed (exit ${String(code)})`);
  try {
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(file, { force: true });
  }
}
