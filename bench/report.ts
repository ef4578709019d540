/** The report of a run: its JSON shape, the printed tables and the write to bench/results/latest.json. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FairnessFigures } from './fairness.ts';
import type { ExtrasFigures } from './extras-run.ts';
import type { CatalogBuildFigures, QueryCostFigures } from './in-process.ts';
import type { LoadFigures, ScenarioResult } from './load.ts';
import type { RelevanceFigures } from './relevance.ts';
import type { LatencyFigures, ScaleFigures } from './scaling-run.ts';
import type { RefusalFigures } from './snapshot-refusal.ts';
import { RESULTS_FILE, ROOT } from './settings.ts';

export interface Report {
  timestamp: string;
  node: string;
  autocannon: string;
  machine: { cpus: number; model: string; totalMemoryMb: number; platform: string; release: string; loadAverage: number[] };
  /** `suites`: the suites this run did (BENCH_SUITES); the figures of the others are empty or null. */
  settings: { durationSeconds: number; warmupSeconds: number; connections: number; clockTicksPerSecond: number; suites: string[] };
  /**
   * Scenario e's query list: its size against the ranking cache's capacity, the weight of its pages
   * (as captured; NaN without the load suite) against the page cache's, and its first entries.
   */
  distinctSearches: { count: number; rankingCacheCapacity: number; pagesMb: number; pageCacheMb: number; first: string[] };
  scenarios: ScenarioResult[];
  service: { rssAfterLoadMb: number; rssAfterBenchMb: number };
  /**
   * Access-log lines and metric-counted requests of the load suite's service (warm-ups and checks
   * included), beside the measured requests; null without the load suite.
   */
  observability: { accessLogLines: number; metricsRequests: number; measuredServiceRequests: number } | null;
  /** `extras`: facet counts and suggest at 1x, 10x and 100x (extras-run.ts), with the scaling suite. */
  inProcess: { catalogBuild: CatalogBuildFigures; findPage: QueryCostFigures[]; extras: ExtrasFigures[] };
  /** hit@1 and hit@3 by query class, per catalog (relevance.ts). */
  relevance: RelevanceFigures[];
  /** 1x, 10x and 100x catalogs (scaling-run.ts). */
  scaling: ScaleFigures[];
  /** Health latency under worst-case searches, at 1x and 10x (fairness.ts). */
  fairness: FairnessFigures[];
  /** Search latency while a ~60 MB snapshot is read, checked and refused off the event loop; null without that suite. */
  snapshotRefusal: RefusalFigures | null;
  problems: string[];
  ok: boolean;
}

function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
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

/** Issue 11's cost goals and issue 9's goal for distinct searches, each with its figure from this run. */
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
  const distinct = byId.get('e');
  if (distinct !== undefined) {
    const efficiency = distinct.ratios.cpuEfficiency;
    lines.push(
      `  e. ${distinct.title}: ${formatNumber(1 / efficiency, 2)}x, a CPU efficiency of ${formatNumber(efficiency, 2)} ` +
        `(goal >= 0.5, issue 9) ${efficiency >= 0.5 ? 'met' : 'NOT MET'}`,
    );
  }
  const point = byId.get('a');
  const revalidation = byId.get('f');
  if (point !== undefined && revalidation !== undefined) {
    const ratio = revalidation.service.serverCpuMicrosPerRequest / point.service.serverCpuMicrosPerRequest;
    lines.push(
      `  f. 304 vs a. point lookup: ${formatNumber(ratio, 2)}x the point lookup's CPU (goal <= 1) ${ratio <= 1 ? 'met' : 'NOT MET'}`,
    );
  }
  within('g', 1.5);
  return lines;
}

/** Prints every suite's section (those the run did), then a banner if the run is invalid. */
export function printReport(report: Report): void {
  const out: string[] = [];
  out.push('');
  out.push(
    `Benchmark ${report.timestamp}: suites ${report.settings.suites.join(', ')}; ` +
      `${report.machine.cpus} x ${report.machine.model}; node ${report.node}; ` +
      `load average ${report.machine.loadAverage.map((load) => formatNumber(load, 2)).join(' / ')} at the end`,
  );
  printSearch(report, out);
  printLoad(report, out);
  printRefusal(report, out);
  for (const f of report.fairness) {
    out.push(
      `Fairness at ${f.catalog}: ${f.clients} clients of worst-case searches ` +
        `(${formatNumber(f.searchesPerSecond)} searches/s, statuses ${JSON.stringify(f.searchStatuses)}); ` +
        `GET /v1/health p50 ${formatNumber(f.health.p50Ms, 1)} ms, p99 ${formatNumber(f.health.p99Ms, 1)} ms, ` +
        `max ${formatNumber(f.health.maxMs, 1)} ms over ${f.health.probes} probes`,
    );
  }
  const build = report.inProcess.catalogBuild;
  out.push('');
  out.push(
    table(
      ['in-process findPage', 'case', 'mean µs', 'median µs', 'p99 µs', 'calls'],
      report.inProcess.findPage.map((q) => [
        q.scenario,
        q.description,
        formatNumber(q.meanMicros, 1),
        formatNumber(q.medianMicros, 1),
        formatNumber(q.p99Micros, 1),
        formatNumber(q.calls),
      ]),
    ),
  );
  if (report.inProcess.extras.length > 0) {
    out.push('');
    out.push(
      table(
        [
          'in-process extras',
          'exercises',
          'facets, all seven: p50 / p99 µs',
          'suggest, first time: p50 / p99 µs',
          'suggest, repeated: p50 / p99 µs',
          'timed out',
        ],
        report.inProcess.extras.map((x) => [
          `${x.factor}x`,
          formatNumber(x.exercises),
          `${formatNumber(x.facetsAllSeven.p50Us, 1)} / ${formatNumber(x.facetsAllSeven.p99Us, 1)}`,
          `${formatNumber(x.suggestFirstTime.p50Us, 1)} / ${formatNumber(x.suggestFirstTime.p99Us, 1)}`,
          `${formatNumber(x.suggestRepeated.p50Us, 1)} / ${formatNumber(x.suggestRepeated.p99Us, 1)}`,
          String(x.suggestTimedOut),
        ]),
      ),
    );
  }
  out.push(
    `Catalog build (${build.file}, ${build.exercises} exercises): first ${formatNumber(build.firstMs.total, 1)} ms ` +
      `(parse ${formatNumber(build.firstMs.parse, 1)} + check ${formatNumber(build.firstMs.check, 1)} ` +
      `+ buildCatalog ${formatNumber(build.firstMs.build, 1)}), ` +
      `median of the next ${build.builds - 1}: ${formatNumber(build.medianMs.total, 1)} ms ` +
      `(parse ${formatNumber(build.medianMs.parse, 1)} + check ${formatNumber(build.medianMs.check, 1)} ` +
      `+ buildCatalog ${formatNumber(build.medianMs.build, 1)})`,
  );
  out.push('');
  process.stdout.write(`${out.join('\n')}\n`);
  if (report.problems.length > 0) {
    const bar = '!'.repeat(78);
    process.stdout.write(
      `${bar}\n!!! BENCHMARK INVALID: requests failed\n${report.problems.map((p) => `!!!   ${p}`).join('\n')}\n${bar}\n`,
    );
  }
}

/** The load suite: the load table, the ratio table, RSS, the access-log and metrics counts, and the goals. */
function printLoad(report: Report, out: string[]): void {
  const { scenarios, service } = report;
  if (scenarios.length === 0) return;
  out.push('');
  out.push(
    `Load: ${report.settings.connections} connections, ${report.settings.durationSeconds} s per measured run ` +
      `after a ${report.settings.warmupSeconds} s warm-up; ` +
      `autocannon ${report.autocannon} (in this process, one thread)`,
  );
  out.push('');
  const loadColumns = [
    'scenario',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'c/rps ms',
    'unexpected',
    'CPU µs/req',
    'server CPU %',
    'client CPU %',
    'B/resp',
  ];
  out.push(
    table(
      loadColumns,
      scenarios.flatMap((s) => [loadRow(`${s.id}. ${s.title}`, s.service), loadRow(`   bare uWS ${s.baselineRoute}`, s.baseline)]),
    ),
  );
  out.push("p50/p99: autocannon's histogram holds whole milliseconds (0 = under 1 ms); c/rps is the Little's-law mean latency.");
  out.push("CPU µs/req: the server process's utime+stime (all threads, /proc/<pid>/stat) over the measured run, per request.");
  out.push('');
  out.push(
    table(
      ['scenario', 'baseline', 'req/s ratio', 'CPU efficiency ratio'],
      scenarios.map((s) => [
        `${s.id}. ${s.title}`,
        s.baselineRoute,
        formatNumber(s.ratios.throughput, 2),
        formatNumber(s.ratios.cpuEfficiency, 2),
      ]),
    ),
  );
  out.push('req/s ratio = service / baseline (autocannon caps both near its own limit on cheap routes);');
  out.push('CPU efficiency ratio = baseline µs/req / service µs/req (1.0 = as cheap as bare uWS with the same bytes). Watch this one.');
  out.push('');
  out.push(
    `Service RSS: ${formatNumber(service.rssAfterLoadMb, 1)} MB after the catalog loaded, ` +
      `${formatNumber(service.rssAfterBenchMb, 1)} MB after the load runs`,
  );
  const seen = report.observability;
  if (seen !== null) {
    out.push(
      `Access log and metrics on: ${formatNumber(seen.accessLogLines)} access-log lines ` +
        `and ${formatNumber(seen.metricsRequests)} requests in http_requests_total ` +
        `(measured requests: ${formatNumber(seen.measuredServiceRequests)}; warm-ups and checks account for the rest).`,
    );
  }
  const distinct = report.distinctSearches;
  out.push(
    `Scenario e: ${formatNumber(distinct.count)} distinct searches in a cycle, ` +
      `against a ranking cache of ${formatNumber(distinct.rankingCacheCapacity)} entries; ` +
      `their pages weigh ${formatNumber(distinct.pagesMb, 1)} MiB ` +
      `against a page cache of ${formatNumber(distinct.pageCacheMb)} MiB, so neither cache answers.`,
  );
  out.push('');
  out.push(goalLines(scenarios).join('\n'));
}

/** The snapshot-refusal suite: search latency before and while a large bad snapshot is refused. */
function printRefusal(report: Report, out: string[]): void {
  const refusal = report.snapshotRefusal;
  if (refusal === null) return;
  out.push('');
  out.push(
    `Refusing a ${formatNumber(refusal.fileMb, 1)} MB snapshot ` +
      `(${formatNumber(refusal.refusalMs)} ms from SIGHUP to refusal), 4 connections searching: ` +
      `p99 ${formatNumber(refusal.p99BeforeMs, 2)} ms before, ${formatNumber(refusal.p99DuringMs, 2)} ms during ` +
      `(max ${formatNumber(refusal.maxDuringMs, 2)} ms, ` +
      `${formatNumber(refusal.requestsDuring)} requests, ${formatNumber(refusal.failures)} failed)`,
  );
}

function latencyCells(f: LatencyFigures): string[] {
  return [
    formatNumber(f.p50Ms, 3),
    formatNumber(f.p99Ms, 3),
    formatNumber(f.p99MedianOfPassesMs, 3),
    formatNumber(f.maxMs, 2),
    `${f.timedOut}/${f.overBudget}`,
  ];
}

/** The search suites: relevance and scaling. */
function printSearch(report: Report, out: string[]): void {
  for (const r of report.relevance) {
    out.push('');
    out.push(
      `Relevance on ${r.catalog} (${r.exercises} exercises): ${r.judged} of ${r.queries} queries judged, ` +
        `hit@1 ${formatNumber(100 * r.hitAt1Share, 1)}%, hit@3 ${formatNumber(100 * r.hitAt3Share, 1)}%`,
    );
    out.push(
      table(
        ['class', 'judged', 'hit@1', 'hit@3'],
        r.classes.map((c) => [c.kind, String(c.judged), String(c.hitAt1), String(c.hitAt3)]),
      ),
    );
    for (const miss of r.misses) out.push(`  miss at 3: [${miss.kind}] "${miss.q}" -> ${miss.top.join(' | ') || '(nothing)'}`);
  }
  if (report.scaling.length > 0) {
    out.push('');
    out.push('Scaling (in process, ranking cache cleared before every call; ms; "over" is timeouts/calls over budget+5 ms):');
    out.push(
      table(
        [
          'scale',
          'exercises',
          'build ms',
          'sliced: longest pause',
          'longest slice CPU',
          'heap MB',
          'mix p50',
          'mix p99',
          'p99 (median of passes)',
          'mix max',
          'over',
          'CPU p50',
          'CPU p99',
          'first pass p99',
          'worst-case max (CPU)',
        ],
        report.scaling.map((s) => [
          `${s.factor}x`,
          formatNumber(s.exercises),
          formatNumber(s.build.atOnceMs),
          formatNumber(s.build.slicedMaxPauseMs, 1),
          formatNumber(s.build.slicedLongestSliceCpuMs, 1),
          formatNumber(s.heapUsedMb, 1),
          ...latencyCells(s.mix),
          formatNumber(s.mix.cpuP50Ms, 3),
          formatNumber(s.mix.cpuP99Ms, 3),
          formatNumber(s.firstPass.p99Ms, 2),
          `${formatNumber(s.worstCase.maxMs, 2)} (${formatNumber(s.worstCase.cpuMaxMs, 2)})`,
        ]),
      ),
    );
    out.push(
      "Wall-clock figures on this shared box include other processes' time slices; " +
        'CPU figures (process.cpuUsage) count every thread of the process, GC helpers included.',
    );
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
