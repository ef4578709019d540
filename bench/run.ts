/**
 * `npm run bench`: the service's cost per request, as ratios to a bare uWebSockets.js server that
 * returns the same bytes, measured in the same run on the same box (docs/performance.md#how-we-measure).
 * It starts the real service (`src/main.ts`) and `bench/baseline-server.ts` as child processes, drives both with autocannon, reads each server's CPU time from /proc, also times the pure
 * query function in-process, prints a table and writes bench/results/latest.json.
 *
 *   npm run bench                       8 s per measured run
 *   BENCH_DURATION=20 npm run bench     longer runs, steadier figures
 *
 * Everything it writes goes to a scratch folder under os.tmpdir(), except bench/results/latest.json.
 * Exits 1 when a server fails to start, a load scenario saw a response with another status than
 * expected or a socket error, or a search failed while a snapshot was refused.
 *
 * The suites, in the order they run (all by default):
 * - relevance: hit@1 and hit@3 by query class on the bundled catalog and on free-exercise-db (relevance.ts);
 * - scaling: 1x, 10x and 100x catalogs, each in its own process (scaling.ts), and facet counts and
 *   suggest at each (extras-run.ts);
 * - load: scenarios a-j against the service with the access log and metrics on, each beside a bare uWS
 *   server replaying the service's own status, headers and body (capture.ts, baseline-server.ts);
 * - snapshot-refusal: search latency while a ~60 MB bad snapshot is refused (snapshot-refusal.ts);
 * - fairness: health latency while 20 clients send worst-case searches, at 1x and 10x (fairness.ts).
 *
 *   BENCH_SUITES=load,relevance npm run bench    only those suites
 *
 * This file is the orchestration only; the parts live beside it: settings.ts, queries.ts, scenarios.ts,
 * scratch.ts, child-servers.ts, capture.ts, load.ts, in-process.ts, relevance.ts, scaling.ts,
 * snapshot-refusal.ts, fairness.ts and report.ts.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { buildCatalog } from '../src/catalog/catalog.ts';
import { buildSearchIndexNow } from '../src/search/search-index.ts';
import { bundledSnapshot, freeExerciseDbSnapshot } from '../test/helpers/search-catalogs.ts';
import { captureBaseline, checkReplay } from './capture.ts';
import { growCatalog } from './catalog-growth.ts';
import { type ChildServer, CLOCK_TICKS_PER_SECOND, killLiveChildren, readRssMb, startChild, stopChild } from './child-servers.ts';
import { type FairnessFigures, measureFairness } from './fairness.ts';
import { measureCatalogBuild, measureQueryCosts } from './in-process.ts';
import { checkScenarioPaths, problemsOf, runScenario, type ScenarioResult } from './load.ts';
import { distinctQueries } from './queries.ts';
import { type RelevanceFigures, measureRelevance } from './relevance.ts';
import { autocannonVersion, printReport, type Report, writeReport } from './report.ts';
import { redisUnavailable, runRedisScenarios } from './redis-scenarios.ts';
import type { ExtrasFigures } from './extras-run.ts';
import { measureScaling, runAtScale, SCALES } from './scaling.ts';
import { BY_QUERY_ROUTES, buildScenarios, EXPORT_PATH, PAGE_PATH, POINT_PATH, withPointEtag } from './scenarios.ts';
import { prepareScratch, type Scratch } from './scratch.ts';
import { measureSnapshotRefusal, type RefusalFigures } from './snapshot-refusal.ts';
import {
  CONNECTIONS, DATA_DIR, DISTINCT_SEARCHES, FAIRNESS_SECONDS, PAGE_CACHE_BYTES, readDurationSeconds, readSuites, ROOT, START_TIMEOUT_MS, WARMUP_SECONDS,
} from './settings.ts';

/** Proof that the access log and the metrics were on: lines written and requests counted during the run. */
function observedBy(accessLogFile: string, metricsText: string, results: readonly ScenarioResult[]): Report['observability'] {
  let accessLogLines = 0;
  const text = readFileSync(accessLogFile, 'utf8');
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) accessLogLines += 1;
  let metricsRequests = 0;
  for (const line of metricsText.split('\n')) if (line.startsWith('http_requests_total{')) metricsRequests += Number(line.slice(line.lastIndexOf(' ') + 1));
  const serviceRequests = results.reduce((sum, result) => sum + result.service.totalRequests, 0);
  return { accessLogLines, metricsRequests, measuredServiceRequests: serviceRequests };
}

/**
 * A service's environment: access log (LOG_LEVEL=info, stdout to a file as an operator would keep it)
 * and metrics on, as issue 11 asks. Each service needs a STATE_DIR of its own (one process owns one).
 */
function serviceEnv(scratch: Scratch, dataDir: string, stateDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    KEYS_FILE: scratch.keysFile,
    STATE_DIR: stateDir,
    TIERS_FILE: scratch.tiersFile,
  };
}

/** What every suite of one run shares: its settings, its scratch folder and the servers to stop at the end. */
interface Run {
  seconds: number;
  suites: ReadonlySet<string>;
  scratch: Scratch;
  servers: ChildServer[];
  searchQueries: string[];
  cacheCapacity: number;
}

/** The figures taken before any server starts: catalog build, findPage, relevance, scaling and extras. */
async function measureInProcess(suites: ReadonlySet<string>) {
  process.stderr.write('bench: in-process figures (catalog build, findPage)\n');
  const { index, figures: catalogBuild } = measureCatalogBuild();
  const cacheCapacity = index.rankings.max;
  const searchQueries = distinctQueries(Math.max(DISTINCT_SEARCHES, Math.ceil(cacheCapacity * 2.5)));
  const findPage = measureQueryCosts(index, buildScenarios(searchQueries, cacheCapacity));
  const relevance: RelevanceFigures[] = [];
  if (suites.has('relevance')) {
    process.stderr.write('bench: relevance\n');
    relevance.push(measureRelevance('bundled', index));
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

/** What the load suite measured, and what makes its run invalid. */
interface LoadFigures {
  results: ScenarioResult[];
  /** Scenarios a-j, served by the service whose access log and metrics the observability figures read. */
  firstServiceResults: ScenarioResult[];
  distinctPagesBytes: number;
  rssAfterBenchMb: number;
  problems: string[];
}

/** Captures the service's responses (the baseline replays them) and fixes scenario f's ETag. */
async function captureForBaseline(run: Run, service: ChildServer) {
  const { searchQueries, cacheCapacity, scratch } = run;
  process.stderr.write(`bench: capturing the service's responses for the baseline (${searchQueries.length} distinct searches among them)\n`);
  const plain = buildScenarios(searchQueries, cacheCapacity);
  const captured = await captureBaseline(
    service.url,
    scratch.apiKey,
    scratch.dir,
    [
      { route: '/small', path: POINT_PATH },
      { route: '/page', path: PAGE_PATH },
      { route: '/page-br', path: PAGE_PATH, headers: { 'accept-encoding': 'br' } },
      { route: '/export', path: EXPORT_PATH },
    ],
    plain.filter((scenario) => BY_QUERY_ROUTES.has(scenario.baselineRoute)).map((scenario) => ({ route: scenario.baselineRoute, paths: scenario.paths })),
  );
  const pointEtag = captured.fixed.get('/small')!.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
  if (pointEtag === undefined) throw new Error(`GET ${POINT_PATH} has no ETag`);
  return { captured, scenarios: withPointEtag(plain, pointEtag) };
}

/** Scenarios a-j against the service and the bare uWS baseline, then the r- and p- scenarios against the same baseline. */
async function runLoadSuite(run: Run, service: ChildServer): Promise<LoadFigures> {
  const { searchQueries, scratch, servers, seconds } = run;
  const { captured, scenarios } = await captureForBaseline(run, service);
  const problems: string[] = [];
  // Scenario e is uncached only if its pages outweigh the page cache (an LRU by bytes walked in a cycle).
  const distinctPagesBytes = [...(captured.byQuery.get('/same')?.values() ?? [])].reduce((sum, response) => sum + response.body.length, 0);
  if (distinctPagesBytes < 1.25 * PAGE_CACHE_BYTES) {
    problems.push(`e. search, distinct: its ${searchQueries.length} pages weigh ${(distinctPagesBytes / 2 ** 20).toFixed(1)} MiB, ` +
      `not 1.25x the ${PAGE_CACHE_BYTES / 2 ** 20} MiB page cache, so they would be served from it`);
  }
  await checkScenarioPaths(scenarios, service, scratch.apiKey);

  process.stderr.write('bench: starting the bare uWS baseline (same status, headers and bodies)\n');
  const baseline = await startChild('baseline', [join(ROOT, 'bench/baseline-server.ts'), captured.manifestFile], { ...process.env });
  servers.push(baseline);
  const replayed = await checkReplay(baseline.url, captured);
  process.stderr.write(`bench: the baseline replays all ${replayed} captured responses byte for byte\n`);

  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) results.push(await runScenario(scenario, service, baseline, scratch.apiKey, seconds));
  const rssAfterBenchMb = readRssMb(service.pid);
  const firstServiceResults = [...results];
  // The Redis store and two processes on one port (r- and p- scenarios), against the same baseline.
  const noRedis = redisUnavailable(process.env);
  if (noRedis === undefined) results.push(...(await runRedisScenarios(scratch, baseline, seconds)));
  else process.stderr.write(`bench: ${noRedis}\n`);
  servers.splice(servers.indexOf(baseline), 1);
  await stopChild(baseline);
  return { results, firstServiceResults, distinctPagesBytes, rssAfterBenchMb, problems };
}

/** Health latency under worst-case searches: on the running service (1x), then on a service of its own at 10x. */
async function runFairnessSuite(run: Run, service: ChildServer): Promise<FairnessFigures[]> {
  const { scratch, servers } = run;
  process.stderr.write('bench: fairness at 1x\n');
  const fairness = [await measureFairness('1x (bundled)', service.url, scratch.apiKey, FAIRNESS_SECONDS)];
  const grownDir = join(scratch.dir, 'data-10x');
  mkdirSync(grownDir, { recursive: true });
  const grown = growCatalog(bundledSnapshot(), 10);
  writeFileSync(join(grownDir, `${grown.dataVersion}.json`), JSON.stringify(grown));
  const grownStateDir = join(scratch.dir, 'state-10x');
  mkdirSync(grownStateDir, { recursive: true });
  const grownService = await startChild('service-10x', [join(ROOT, 'src/main.ts')], serviceEnv(scratch, grownDir, grownStateDir), join(scratch.dir, 'access-10x.log'));
  servers.push(grownService);
  await grownService.waitForLog('catalog loaded', START_TIMEOUT_MS * 4);
  process.stderr.write('bench: fairness at 10x\n');
  fairness.push(await measureFairness('10x', grownService.url, scratch.apiKey, FAIRNESS_SECONDS));
  return fairness;
}

function measureRefusal(run: Run): Promise<RefusalFigures> {
  process.stderr.write('bench: a ~60 MB snapshot refused while searches run\n');
  return measureSnapshotRefusal(run.scratch, run.searchQueries);
}

/** The suites that need the real service: load, snapshot-refusal (in that order) and fairness. */
async function runServiceSuites(run: Run) {
  const { suites, scratch, servers } = run;
  process.stderr.write('bench: starting the service (access log and metrics on)\n');
  const accessLogFile = join(scratch.dir, 'access.log');
  const service = await startChild('service', [join(ROOT, 'src/main.ts')], serviceEnv(scratch, DATA_DIR, scratch.stateDir), accessLogFile);
  servers.push(service);
  await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
  const metricsUrl = `http://127.0.0.1:${String((await service.waitForLog('metrics listening', START_TIMEOUT_MS)).port)}/metrics`;
  const rssAfterLoadMb = readRssMb(service.pid);
  const load = suites.has('load') ? await runLoadSuite(run, service) : undefined;
  const snapshotRefusal = suites.has('snapshot-refusal') ? await measureRefusal(run) : null;
  let observability: Report['observability'] = null;
  // Read after the refusal suite (or a second's wait) so the batched access log has flushed, and before fairness adds its own requests.
  if (load !== undefined) {
    if (snapshotRefusal === null) await new Promise((resolve) => setTimeout(resolve, 1000));
    observability = observedBy(accessLogFile, await (await fetch(metricsUrl)).text(), load.firstServiceResults);
  }
  const fairness = suites.has('fairness') ? await runFairnessSuite(run, service) : [];
  return { load, snapshotRefusal, observability, fairness, rssAfterLoadMb };
}

function machine(): Report['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', totalMemoryMb: Math.round(os.totalmem() / 2 ** 20), platform: os.platform(), release: os.release(),
    loadAverage: os.loadavg(),
  };
}

/** Stops every server this run started, newest first, and removes the scratch folder. */
async function cleanUp(run: Run): Promise<void> {
  for (const server of run.servers.reverse()) {
    const code = await stopChild(server);
    if (server.name.startsWith('service') && code !== 0) process.stderr.write(`bench: warning: ${server.name} exited with code ${code}; stderr tail:\n${server.stderrTail().slice(-2000)}\n`);
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
    const served = suites.has('load') || suites.has('fairness')
      ? await runServiceSuites(run)
      : { load: undefined, snapshotRefusal: suites.has('snapshot-refusal') ? await measureRefusal(run) : null, observability: null, fairness: [], rssAfterLoadMb: Number.NaN };
    const { load, snapshotRefusal } = served;
    const results = load?.results ?? [];
    const problems = [...(load?.problems ?? []), ...results.flatMap(problemsOf)];
    if (snapshotRefusal !== null && snapshotRefusal.failures > 0) problems.push(`snapshot refusal: ${snapshotRefusal.failures} search requests failed`);
    const report: Report = {
      timestamp: new Date().toISOString(),
      node: process.version,
      autocannon: autocannonVersion(),
      machine: machine(),
      settings: { durationSeconds: seconds, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, clockTicksPerSecond: CLOCK_TICKS_PER_SECOND, suites: [...suites] },
      distinctSearches: {
        count: searchQueries.length, rankingCacheCapacity: cacheCapacity, pagesMb: (load?.distinctPagesBytes ?? Number.NaN) / 2 ** 20, pageCacheMb: PAGE_CACHE_BYTES / 2 ** 20,
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
