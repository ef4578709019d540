/** The report of a run: its JSON shape, the printed tables and the write to bench/results/latest.json. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FairnessFigures } from './fairness.ts';
import type { ExtrasFigures } from './extras-run.ts';
import type { CatalogBuildFigures, QueryCostFigures } from './in-process.ts';
import type { LoadFigures, ScenarioResult } from './load.ts';
import type { RelevanceFigures } from './relevance.ts';
import type { ScaleFigures } from './scaling-run.ts';
import type { ReloadFigures } from './reload.ts';
import type { RefusalFigures } from './snapshot-refusal.ts';
import { formatNumber, table } from './report-format.ts';
import { printFairness, printInProcess, printRefusal, printReload, printSearch } from './report-sections.ts';
import { RESULTS_FILE, ROOT } from './settings.ts';

export interface Report {
  timestamp: string;
  node: string;
  autocannon: string;
  machine: { cpus: number; model: string; totalMemoryMb: number; platform: string; release: string; loadAverage: number[] };
  /** `suites`: the suites this run did (BENCH_SUITES); the figures of the others are empty or null. */
  /** `engine`: the service's HTTP engine here, and so the bare baseline's (service-suites.ts baselineEngine). */
  settings: {
    durationSeconds: number;
    warmupSeconds: number;
    connections: number;
    clockTicksPerSecond: number;
    suites: string[];
    engine: 'uws' | 'node';
  };
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
  /** A valid snapshot reloaded while searches run, quiet and beside two CPU-bound processes (reload.ts); empty without that suite. */
  reload: ReloadFigures[];
  problems: string[];
  ok: boolean;
}

/** The bare server the ratios are to: the service's engine here (older reports had uWS only). */
function bareName(report: Report): string {
  return report.settings.engine === 'node' ? 'node:http' : 'uWS';
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
function goalLines(scenarios: readonly ScenarioResult[], bare: string): string[] {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const lines = [`Goals (CPU per request, service / bare ${bare} with the same headers and body, same run):`];
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
  printReload(report, out);
  printFairness(report, out);
  printInProcess(report, out);
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
      scenarios.flatMap((s) => [
        loadRow(`${s.id}. ${s.title}`, s.service),
        loadRow(`   bare ${bareName(report)} ${s.baselineRoute}`, s.baseline),
      ]),
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
  out.push(
    `CPU efficiency ratio = baseline µs/req / service µs/req (1.0 = as cheap as bare ${bareName(report)} with the same bytes). Watch this one.`,
  );
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
  out.push(goalLines(scenarios, bareName(report)).join('\n'));
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
