/** The report's sections other than the load suite's: search, snapshot refusal, fairness, in-process figures. */
import type { ExtrasFigures } from './extras-run.ts';
import type { LatencyFigures } from './scaling-run.ts';
import { describeCollections } from './gc-metrics.ts';
import { describeClient, RELOAD_GOAL_MS, RELOAD_P99_GOAL_RATIO } from './reload.ts';
import type { Report } from './report.ts';
import { formatNumber, table } from './report-format.ts';

/** The snapshot-refusal suite: search latency before and while a large bad snapshot is refused. */
export function printRefusal(report: Report, out: string[]): void {
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

/** The reload suite: each reload's time against issue 19's goal, and search latency before and during. */
export function printReload(report: Report, out: string[]): void {
  for (const r of report.reload ?? []) {
    const worst = Math.max(...r.reloads.map((reload) => reload.ms));
    out.push('');
    out.push(
      `Reloading the ${formatNumber(r.snapshotMb, 1)} MB bundled snapshot, ${r.busyProcesses} CPU-bound processes beside, ` +
        `${describeClient(r.client)}: search p99 ${formatNumber(r.p99BeforeMs, 2)} ms before, ${formatNumber(r.p99DuringMs, 2)} ms ` +
        `during (max ${formatNumber(r.maxDuringMs, 2)} ms, ${formatNumber(r.requestsDuring)} requests, ${formatNumber(r.failures)} failed), ` +
        `${formatNumber(r.p99BetweenMs, 2)} ms between reloads`,
    );
    // Older reports (before 2026-11-30's stop 42) have no halves.
    if (r.p99BeforeHalvesMs !== undefined)
      out.push(
        `  before, in halves (two quiet windows): p99 ${formatNumber(r.p99BeforeHalvesMs[0], 2)} and ${formatNumber(r.p99BeforeHalvesMs[1], 2)} ms`,
      );
    // Older reports (before 2026-11-29's stop 37) have no split.
    if (r.p99WhileReadingMs !== undefined)
      out.push(
        `  during, split: p99 ${formatNumber(r.p99WhileReadingMs, 2)} ms while the reading process reads and builds, ` +
          `${formatNumber(r.p99WhileTakingMs, 2)} ms while the serving thread takes its pieces and adopts them`,
      );
    // Older reports (before 2026-12-01's stop 48) have no collections.
    if (r.collections !== undefined)
      out.push(`  the service's collections from the first reload to the last one's end: ${describeCollections(r.collections)}`);
    out.push(
      table(
        ['started by', 'what changed', 'ms', 'read', '(waited)', 'catalog', 'index', 'search p99 ms (searches)'],
        r.reloads.map((reload) => [
          reload.trigger === 'file' ? 'a new file' : 'SIGHUP',
          reload.changed,
          formatNumber(reload.ms),
          String(reload.phases.read),
          // Older reports (before 2026-11-30's stop 40) have no waiting.
          reload.phases.waited === undefined ? '' : String(reload.phases.waited),
          String(reload.phases.catalog),
          String(reload.phases.index),
          // Older reports (before 2026-11-29's stop 38) have no per-reload p99.
          reload.p99Ms === undefined ? '' : `${formatNumber(reload.p99Ms, 2)} (${formatNumber(reload.requests ?? 0)})`,
        ]),
      ),
    );
    out.push(
      `  within ${RELOAD_GOAL_MS} ms (issue 19), every reload: worst ${formatNumber(worst)} ms, ${worst <= RELOAD_GOAL_MS ? 'met' : 'NOT MET'}`,
    );
    const ratio = r.p99DuringMs / r.p99BeforeMs;
    out.push(
      `  search p99 unchanged during reloads (issue 19; at most ${RELOAD_P99_GOAL_RATIO}x the p99 before): ` +
        `${formatNumber(ratio, 2)}x, ${ratio <= RELOAD_P99_GOAL_RATIO ? 'met' : 'NOT MET'}`,
    );
  }
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
export function printSearch(report: Report, out: string[]): void {
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
    const languageRows = report.scaling.flatMap((s) =>
      (s.languages ?? []).map((l) => [
        `${s.factor}x`,
        l.lang,
        formatNumber(l.terms),
        ...latencyCells(l.mix),
        formatNumber(l.mix.cpuP99Ms, 3),
        formatNumber(l.firstPass.p99Ms, 2),
      ]),
    );
    if (languageRows.length > 0) {
      out.push("Per language (each translation's index; the mix drawn from its names; build and heap above hold every language):");
      out.push(
        table(
          ['scale', 'lang', 'terms', 'mix p50', 'mix p99', 'p99 (median of passes)', 'mix max', 'over', 'CPU p99', 'first pass p99'],
          languageRows,
        ),
      );
    }
    out.push(
      "Wall-clock figures on this shared box include other processes' time slices; " +
        'CPU figures (process.cpuUsage) count every thread of the process, GC helpers included.',
    );
  }
}

/** Health latency while worst-case searches run, per catalog size. */
export function printFairness(report: Report, out: string[]): void {
  for (const f of report.fairness) {
    out.push(
      `Fairness at ${f.catalog}: ${f.clients} clients of worst-case searches ` +
        `(${formatNumber(f.searchesPerSecond)} searches/s, statuses ${JSON.stringify(f.searchStatuses)}); ` +
        `GET /v1/health p50 ${formatNumber(f.health.p50Ms, 1)} ms, p99 ${formatNumber(f.health.p99Ms, 1)} ms, ` +
        `max ${formatNumber(f.health.maxMs, 1)} ms over ${f.health.probes} probes`,
    );
  }
}

/** Issue 12's goals in process, p99 of wall time: all seven facets, and suggest with each keystroke typed the first time. */
const EXTRAS_GOALS = [
  { factor: 1, facetsUs: 50, suggestUs: 100 },
  { factor: 100, facetsUs: 1000, suggestUs: 1000 },
] as const;

function extrasGoalLines(extras: readonly ExtrasFigures[]): string[] {
  const verdict = (figure: number, goal: number) => `${formatNumber(figure, 1)} µs (goal <= ${goal}) ${figure <= goal ? 'met' : 'NOT MET'}`;
  return EXTRAS_GOALS.flatMap(({ factor, facetsUs, suggestUs }) => {
    const x = extras.find((figures) => figures.factor === factor);
    if (x === undefined) return [];
    return [
      `  ${factor}x: facets, all seven, p99 ${verdict(x.facetsAllSeven.p99Us, facetsUs)}; ` +
        `suggest, first time, p99 ${verdict(x.suggestFirstTime.p99Us, suggestUs)} (issue 12)`,
    ];
  });
}

/** findPage's cost per case, facets and suggest per scale, and the catalog build. */
export function printInProcess(report: Report, out: string[]): void {
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
    out.push(...extrasGoalLines(report.inProcess.extras));
  }
  out.push(
    `Catalog build (${build.file}, ${build.exercises} exercises): first ${formatNumber(build.firstMs.total, 1)} ms ` +
      `(parse ${formatNumber(build.firstMs.parse, 1)} + check ${formatNumber(build.firstMs.check, 1)} ` +
      `+ buildCatalog ${formatNumber(build.firstMs.build, 1)}), ` +
      `median of the next ${build.builds - 1}: ${formatNumber(build.medianMs.total, 1)} ms ` +
      `(parse ${formatNumber(build.medianMs.parse, 1)} + check ${formatNumber(build.medianMs.check, 1)} ` +
      `+ buildCatalog ${formatNumber(build.medianMs.build, 1)})`,
  );
}
