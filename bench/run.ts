/**
 * `npm run bench`: the service's cost per request, as ratios to a bare uWebSockets.js server that
 * returns the same bytes, measured in the same run on the same box (docs/performance.md#how-we-measure).
 * It starts the real service (`src/main.ts`) and `bench/baseline-server.ts` as child processes,
 * drives both with autocannon, reads each server's CPU time from /proc, also times the pure query
 * function in-process, prints a table and writes bench/results/latest.json.
 *
 *   npm run bench                       8 s per measured run
 *   BENCH_DURATION=20 npm run bench     longer runs, steadier figures
 *
 * Everything it writes goes to a scratch folder under os.tmpdir(), except bench/results/latest.json.
 * Exits 1 when a server fails to start, a load scenario saw a response with another status than
 * expected or a socket error, or a search failed while a snapshot was refused or reloaded.
 *
 * The suites, in the order they run (all by default):
 * - relevance: hit@1 and hit@3 by query class on the bundled catalog and on free-exercise-db (relevance.ts);
 * - scaling: 1x, 10x and 100x catalogs, each in its own process (scaling.ts), and facet counts and
 *   suggest at each (extras-run.ts);
 * - load: scenarios a-j against the service with the access log and metrics on, each beside a bare uWS
 *   server replaying the service's own status, headers and body (capture.ts, baseline-server.ts);
 * - snapshot-refusal: search latency while a ~60 MB bad snapshot is refused (snapshot-refusal.ts);
 * - fairness: health latency while 20 clients send worst-case searches, at 1x and 10x (fairness.ts);
 * - reload: a valid snapshot served after its file appears and after SIGHUP while searches run, on the
 *   machine as it is and beside two CPU-bound processes, searched by two connections in a closed loop
 *   and by a steady stream of 2,000 searches a second (reload.ts).
 *
 *   BENCH_SUITES=load,relevance npm run bench    only those suites
 *
 * This file is the orchestration only; the parts live beside it: service-suites.ts, settings.ts, queries.ts, scenarios.ts,
 * scratch.ts, child-servers.ts, capture.ts, load.ts, in-process.ts, relevance.ts, scaling.ts,
 * snapshot-refusal.ts, fairness.ts, reload.ts and report.ts.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { buildCatalog } from '../src/catalog/catalog.ts';
import { RANKING_CACHE_SIZE } from '../src/search/page-query.ts';
import { buildSearchIndexNow } from '../src/search/search-index.ts';
import { freeExerciseDbSnapshot } from '../test/helpers/search-catalogs.ts';
import { CLOCK_TICKS_PER_SECOND, killLiveChildren, stopChild } from './child-servers.ts';
import { measureCatalogBuild, measureQueryCosts } from './in-process.ts';
import { problemsOf } from './load.ts';
import { distinctQueries } from './queries.ts';
import { measureRelevance, QUERY_SETS, type RelevanceFigures } from './relevance.ts';
import { autocannonVersion, printReport, type Report, writeReport } from './report.ts';
import type { ExtrasFigures } from './extras-run.ts';
import { measureScaling, runAtScale, SCALES } from './scaling.ts';
import { buildScenarios } from './scenarios.ts';
import { prepareScratch } from './scratch.ts';
import { CONNECTIONS, DISTINCT_SEARCHES, PAGE_CACHE_BYTES, readDurationSeconds, readSuites, WARMUP_SECONDS } from './settings.ts';
import { baselineEngine, measureRefusal, measureReloadSuite, type Run, runServiceSuites } from './service-suites.ts';
import { describeClient } from './reload.ts';

/** The figures taken before any server starts: catalog build, findPage, relevance, scaling and extras. */
async function measureInProcess(suites: ReadonlySet<string>) {
  process.stderr.write('bench: in-process figures (catalog build, findPage)\n');
  const { index, figures: catalogBuild } = measureCatalogBuild();
  const cacheCapacity = RANKING_CACHE_SIZE;
  const searchQueries = distinctQueries(Math.max(DISTINCT_SEARCHES, Math.ceil(cacheCapacity * 2.5)));
  const findPage = measureQueryCosts(index, buildScenarios(searchQueries, cacheCapacity));
  const relevance: RelevanceFigures[] = [];
  if (suites.has('relevance')) {
    process.stderr.write('bench: relevance\n');
    relevance.push(measureRelevance('bundled', index));
    for (const [lang, queries] of QUERY_SETS) {
      const translation = index.languages.get(lang);
      if (translation !== undefined) relevance.push(measureRelevance(`bundled (${lang})`, translation, queries));
    }
    relevance.push(measureRelevance('free-exercise-db', buildSearchIndexNow(buildCatalog(freeExerciseDbSnapshot(), 'free-exercise-db'))));
  }
  const scaling = suites.has('scaling') ? await measureScaling() : [];
  // Facet counts and suggest in process at each scale (extras-run.ts), with the scaling suite.
  const extras: ExtrasFigures[] = [];
  if (suites.has('scaling')) {
    for (const factor of SCALES) {
      process.stderr.write(`bench: facets and suggest in process at ${factor}x\n`);
      extras.push(await runAtScale<ExtrasFigures>('extras-run.ts', factor));
    }
  }
  return { cacheCapacity, searchQueries, inProcess: { catalogBuild, findPage, extras }, relevance, scaling };
}

function machine(): Report['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    platform: os.platform(),
    release: os.release(),
    loadAverage: os.loadavg(),
  };
}

/** Stops every server this run started, newest first, and removes the scratch folder. */
async function cleanUp(run: Run): Promise<void> {
  for (const server of run.servers.reverse()) {
    const code = await stopChild(server);
    if (server.name.startsWith('service') && code !== 0)
      process.stderr.write(`bench: warning: ${server.name} exited with code ${code}; stderr tail:\n${server.stderrTail().slice(-2000)}\n`);
  }
  rmSync(run.scratch.dir, { recursive: true, force: true });
}

async function main(): Promise<number> {
  const seconds = readDurationSeconds(process.env);
  const suites = readSuites(process.env);
  const run: Run = { seconds, suites, scratch: prepareScratch(), servers: [], searchQueries: [], cacheCapacity: 0 };
  try {
    process.stderr.write(`bench: suites ${[...suites].join(', ')}\n`);
    const { cacheCapacity, searchQueries, inProcess, relevance, scaling } = await measureInProcess(suites);
    Object.assign(run, { cacheCapacity, searchQueries });
    const served =
      suites.has('load') || suites.has('fairness')
        ? await runServiceSuites(run)
        : {
            load: undefined,
            snapshotRefusal: suites.has('snapshot-refusal') ? await measureRefusal(run) : null,
            observability: null,
            fairness: [],
            rssAfterLoadMb: Number.NaN,
          };
    const { load, snapshotRefusal } = served;
    const reload = suites.has('reload') ? await measureReloadSuite(run) : [];
    const results = load?.results ?? [];
    const problems = [...(load?.problems ?? []), ...results.flatMap(problemsOf)];
    if (snapshotRefusal !== null && snapshotRefusal.failures > 0)
      problems.push(`snapshot refusal: ${snapshotRefusal.failures} search requests failed`);
    for (const r of reload.filter((r) => r.failures > 0))
      problems.push(
        `reload with ${r.busyProcesses} CPU-bound processes (${describeClient(r.client)}): ${r.failures} search requests failed`,
      );
    const report: Report = {
      timestamp: new Date().toISOString(),
      node: process.version,
      autocannon: autocannonVersion(),
      machine: machine(),
      settings: {
        durationSeconds: seconds,
        warmupSeconds: WARMUP_SECONDS,
        connections: CONNECTIONS,
        clockTicksPerSecond: CLOCK_TICKS_PER_SECOND,
        suites: [...suites],
        engine: await baselineEngine(),
      },
      distinctSearches: {
        count: searchQueries.length,
        rankingCacheCapacity: cacheCapacity,
        pagesMb: (load?.distinctPagesBytes ?? Number.NaN) / 2 ** 20,
        pageCacheMb: PAGE_CACHE_BYTES / 2 ** 20,
        first: searchQueries.slice(0, 20),
      },
      scenarios: results,
      service: { rssAfterLoadMb: served.rssAfterLoadMb, rssAfterBenchMb: load?.rssAfterBenchMb ?? Number.NaN },
      observability: served.observability,
      inProcess,
      relevance,
      scaling,
      fairness: served.fairness,
      snapshotRefusal,
      reload,
      problems,
      ok: problems.length === 0,
    };
    printReport(report);
    writeReport(report);
    return report.ok ? 0 : 1;
  } finally {
    await cleanUp(run);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: failed: ${(error as Error)?.stack ?? String(error)}\n`);
    killLiveChildren();
    process.exitCode = 1;
  },
);
