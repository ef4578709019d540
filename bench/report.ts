/** The report of a run: its JSON shape, the printed tables and the write to bench/results/latest.json. */
import type { RefusalFigures } from './snapshot-refusal.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtrasFigures } from './extras-run.ts';
import type { CatalogBuildFigures, QueryCostFigures } from './in-process.ts';
import type { LoadFigures, ScenarioResult } from './load.ts';
import type { BaselineRoute } from './scenarios.ts';
import { RESULTS_FILE, ROOT } from './settings.ts';

export interface Report {
  timestamp: string;
  node: string;
  autocannon: string;
  machine: { cpus: number; model: string; totalMemoryMb: number; platform: string; release: string };
  settings: { durationSeconds: number; warmupSeconds: number; connections: number; clockTicksPerSecond: number };
  /** Scenario e's query list: its size against the ranking cache's capacity, and its first entries. */
  distinctSearches: { count: number; rankingCacheCapacity: number; first: string[] };
  scenarios: ScenarioResult[];
  service: { rssAfterLoadMb: number; rssAfterBenchMb: number };
  /** Access-log lines and metric-counted requests over the whole run (warm-ups included), beside the measured requests. */
  observability: { accessLogLines: number; metricsRequests: number; measuredServiceRequests: number };
  inProcess: { catalogBuild: CatalogBuildFigures; findPage: QueryCostFigures[]; extras: ExtrasFigures[] };
  /** Search latency while a ~60 MB snapshot is read, checked and refused off the event loop. */
  snapshotRefusal: RefusalFigures;
  problems: string[];
  ok: boolean;
}

function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function loadRow(label: string, f: LoadFigures): string[] {
  return [
    label,
    f.target,
    formatNumber(f.requestsPerSecond),
    formatNumber(f.p50Ms),
    formatNumber(f.p99Ms),
    formatNumber(f.littleMeanMs, 2),
    formatNumber(f.unexpectedStatus + f.errors),
    formatNumber(f.serverCpuMicrosPerRequest, 1),
    formatNumber(f.serverCpuPercent),
    formatNumber(f.clientCpuPercent),
    formatNumber(f.bytesPerResponse),
  ];
}

function routeOf(baseline: LoadFigures): BaselineRoute {
  return baseline.path.startsWith('/small') ? '/small' : baseline.path.startsWith('/page-br') ? '/page-br' : '/page';
}

/** Issue 11's cost goals, each with its figure from this run. */
function goalLines(scenarios: readonly ScenarioResult[]): string[] {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const lines = ['Goals (CPU per request, service / bare uWS with the same headers and body, same run):'];
  const within = (id: string, limit: number) => {
    const s = byId.get(id);
    if (s === undefined) return;
    const ratio = 1 / s.ratios.cpuEfficiency;
    lines.push(`  ${id}. ${s.title}: ${formatNumber(ratio, 2)}x (goal <= ${limit}x) ${ratio <= limit ? 'met' : 'NOT MET'}`);
  };
  within('a', 1.25);
  for (const id of ['b', 'c', 'd']) within(id, 1.5);
  const point = byId.get('a');
  const revalidation = byId.get('f');
  if (point !== undefined && revalidation !== undefined) {
    const ratio = revalidation.service.serverCpuMicrosPerRequest / point.service.serverCpuMicrosPerRequest;
    lines.push(`  f. 304 vs a. point lookup: ${formatNumber(ratio, 2)}x the point lookup's CPU (goal <= 1) ${ratio <= 1 ? 'met' : 'NOT MET'}`);
  }
  within('g', 1.5);
  return lines;
}

/** Prints the load table, the ratio table, the findPage table and the build and RSS lines, then a banner if the run is invalid. */
export function printReport(report: Report): void {
  const { scenarios, inProcess, service } = report;
  const out: string[] = [];
  out.push('');
  out.push(`Benchmark: ${report.settings.connections} connections, ${report.settings.durationSeconds} s per measured run after a ${report.settings.warmupSeconds} s warm-up; ` +
    `${report.machine.cpus} x ${report.machine.model}; node ${report.node}; autocannon ${report.autocannon} (in this process, one thread)`);
  out.push('');
  out.push(table(
    ['scenario', 'target', 'req/s', 'p50 ms', 'p99 ms', 'c/rps ms', 'unexpected', 'CPU µs/req', 'server CPU %', 'client CPU %', 'B/resp'],
    scenarios.flatMap((s) => [loadRow(`${s.id}. ${s.title}`, s.service), loadRow(`   bare uWS ${routeOf(s.baseline)}`, s.baseline)]),
  ));
  out.push('p50/p99: autocannon\'s histogram holds whole milliseconds (0 = under 1 ms); c/rps is the Little\'s-law mean latency.');
  out.push('CPU µs/req: the server process\'s utime+stime (all threads, /proc/<pid>/stat) over the measured run, per request.');
  out.push('');
  out.push(table(
    ['scenario', 'baseline', 'req/s ratio', 'CPU efficiency ratio'],
    scenarios.map((s) => [`${s.id}. ${s.title}`, routeOf(s.baseline), formatNumber(s.ratios.throughput, 2), formatNumber(s.ratios.cpuEfficiency, 2)]),
  ));
  out.push('req/s ratio = service / baseline (autocannon caps both near its own limit on cheap routes);');
  out.push('CPU efficiency ratio = baseline µs/req / service µs/req (1.0 = as cheap as bare uWS with the same bytes). Watch this one.');
  out.push('');
  out.push(table(
    ['in-process findPage', 'case', 'mean µs', 'median µs', 'p99 µs', 'calls'],
    inProcess.findPage.map((q) => [q.scenario, q.description, formatNumber(q.meanMicros, 1), formatNumber(q.medianMicros, 1), formatNumber(q.p99Micros, 1), formatNumber(q.calls)]),
  ));
  out.push('');
  out.push(table(
    ['in-process extras', 'exercises', 'facets, all seven: p50 / p99 µs', 'suggest, first time: p50 / p99 µs', 'suggest, repeated: p50 / p99 µs', 'timed out'],
    inProcess.extras.map((x) => [`${x.factor}x`, formatNumber(x.exercises), `${formatNumber(x.facetsAllSeven.p50Us, 1)} / ${formatNumber(x.facetsAllSeven.p99Us, 1)}`,
      `${formatNumber(x.suggestFirstTime.p50Us, 1)} / ${formatNumber(x.suggestFirstTime.p99Us, 1)}`, `${formatNumber(x.suggestRepeated.p50Us, 1)} / ${formatNumber(x.suggestRepeated.p99Us, 1)}`, String(x.suggestTimedOut)]),
  ));
  const build = inProcess.catalogBuild;
  out.push('');
  out.push(`Catalog build (${build.file}, ${build.exercises} exercises): first ${formatNumber(build.firstMs.total, 1)} ms ` +
    `(parse ${formatNumber(build.firstMs.parse, 1)} + check ${formatNumber(build.firstMs.check, 1)} + buildCatalog ${formatNumber(build.firstMs.build, 1)}), ` +
    `median of the next ${build.builds - 1}: ${formatNumber(build.medianMs.total, 1)} ms ` +
    `(parse ${formatNumber(build.medianMs.parse, 1)} + check ${formatNumber(build.medianMs.check, 1)} + buildCatalog ${formatNumber(build.medianMs.build, 1)})`);
  out.push(`Service RSS: ${formatNumber(service.rssAfterLoadMb, 1)} MB after the catalog loaded, ${formatNumber(service.rssAfterBenchMb, 1)} MB after the load runs`);
  const refusal = report.snapshotRefusal;
  out.push(`Refusing a ${formatNumber(refusal.fileMb, 1)} MB snapshot (${formatNumber(refusal.refusalMs)} ms from SIGHUP to refusal), 4 connections searching: ` +
    `p99 ${formatNumber(refusal.p99BeforeMs, 2)} ms before, ${formatNumber(refusal.p99DuringMs, 2)} ms during (max ${formatNumber(refusal.maxDuringMs, 2)} ms, ` +
    `${formatNumber(refusal.requestsDuring)} requests, ${formatNumber(refusal.failures)} failed)`);
  const seen = report.observability;
  out.push(`Access log and metrics on: ${formatNumber(seen.accessLogLines)} access-log lines and ${formatNumber(seen.metricsRequests)} requests in http_requests_total ` +
    `(measured requests: ${formatNumber(seen.measuredServiceRequests)}; warm-ups and checks account for the rest).`);
  out.push('');
  out.push(goalLines(scenarios).join('\n'));
  out.push('');
  process.stdout.write(`${out.join('\n')}\n`);
  if (report.problems.length > 0) {
    const bar = '!'.repeat(78);
    process.stdout.write(`${bar}\n!!! BENCHMARK INVALID: requests failed\n${report.problems.map((p) => `!!!   ${p}`).join('\n')}\n${bar}\n`);
  }
}

/** Writes the report as JSON to bench/results/latest.json. */
export function writeReport(report: Report): void {
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`Wrote ${RESULTS_FILE}\n`);
}

/** The installed autocannon's version, from its package.json. */
export function autocannonVersion(): string {
  const file = join(ROOT, 'node_modules/autocannon/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
