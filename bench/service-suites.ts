/**
 * The suites that run against the real service: load (scenarios a-j beside the bare uWebSockets.js
 * baseline), snapshot refusal and fairness, with the environment the service runs under.
 */
import { closeSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSnapshot } from '../test/helpers/search-catalogs.ts';
import { captureBaseline, checkReplay } from './capture.ts';
import { growCatalog } from './catalog-growth.ts';
import { type ChildServer, readRssMb, startChild, stopChild } from './child-servers.ts';
import { type FairnessFigures, measureFairness } from './fairness.ts';
import { checkScenarioPaths, runScenario, type ScenarioResult } from './load.ts';
import type { Report } from './report.ts';
import { redisUnavailable, runRedisScenarios } from './redis-scenarios.ts';
import { BY_QUERY_ROUTES, buildScenarios, EXPORT_PATH, PAGE_PATH, POINT_PATH, withPointEtag } from './scenarios.ts';
import type { Scratch } from './scratch.ts';
import { CLOSED_LOOP, describeClient, measureReload, OPEN_LOOP_PER_SECOND, type ReloadClient, type ReloadFigures } from './reload.ts';
import { measureSnapshotRefusal, type RefusalFigures } from './snapshot-refusal.ts';
import { DATA_DIR, FAIRNESS_SECONDS, PAGE_CACHE_BYTES, ROOT, START_TIMEOUT_MS } from './settings.ts';
import { uwsLoadFailure } from '../src/http/engines/engine.ts';

/**
 * Newlines in a file, read in pieces: a fast run's access log passes 512 MB, more than one string can hold
 * (a run at 18:43Z on 2026-11-22 failed reading it whole).
 */
function countLines(file: string): number {
  const piece = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  let lines = 0;
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) {
      for (let at = piece.indexOf(10); at !== -1 && at < read; at = piece.indexOf(10, at + 1)) lines += 1;
    }
  } finally {
    closeSync(fd);
  }
  return lines;
}

/** Proof that the access log and the metrics were on: lines written and requests counted during the run. */
function observedBy(accessLogFile: string, metricsText: string, results: readonly ScenarioResult[]): Report['observability'] {
  const accessLogLines = countLines(accessLogFile);
  let metricsRequests = 0;
  for (const line of metricsText.split('\n'))
    if (line.startsWith('http_requests_total{')) metricsRequests += Number(line.slice(line.lastIndexOf(' ') + 1));
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
export interface Run {
  seconds: number;
  suites: ReadonlySet<string>;
  scratch: Scratch;
  servers: ChildServer[];
  searchQueries: string[];
  cacheCapacity: number;
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
  process.stderr.write(
    `bench: capturing the service's responses for the baseline (${searchQueries.length} distinct searches among them)\n`,
  );
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
    plain
      .filter((scenario) => BY_QUERY_ROUTES.has(scenario.baselineRoute))
      .map((scenario) => ({ route: scenario.baselineRoute, paths: scenario.paths })),
  );
  const pointEtag = captured.fixed.get('/small')!.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
  if (pointEtag === undefined) throw new Error(`GET ${POINT_PATH} has no ETag`);
  return { captured, scenarios: withPointEtag(plain, pointEtag) };
}

/**
 * The engine the service runs on here (ENGINE, else what `auto` picks): the baseline runs on the same
 * one, so each ratio is that engine's overhead (node:http is measured like uWS, issue 19).
 */
export async function baselineEngine(): Promise<'uws' | 'node'> {
  if (process.env.ENGINE === 'node' || process.env.ENGINE === 'uws') return process.env.ENGINE;
  return (await uwsLoadFailure()) === undefined ? 'uws' : 'node';
}

/** Scenarios a-j against the service and the bare baseline on its engine, then the r- and p- scenarios against the same baseline. */
async function runLoadSuite(run: Run, service: ChildServer): Promise<LoadFigures> {
  const { searchQueries, scratch, servers, seconds } = run;
  const { captured, scenarios } = await captureForBaseline(run, service);
  const problems: string[] = [];
  // Scenario e is uncached only if its pages outweigh the page cache (an LRU by bytes walked in a cycle).
  const distinctPagesBytes = [...(captured.byQuery.get('/same')?.values() ?? [])].reduce((sum, response) => sum + response.body.length, 0);
  if (distinctPagesBytes < 1.25 * PAGE_CACHE_BYTES) {
    problems.push(
      `e. search, distinct: its ${searchQueries.length} pages weigh ${(distinctPagesBytes / 2 ** 20).toFixed(1)} MiB, ` +
        `not 1.25x the ${PAGE_CACHE_BYTES / 2 ** 20} MiB page cache, so they would be served from it`,
    );
  }
  await checkScenarioPaths(scenarios, service, scratch.apiKey);

  const engine = await baselineEngine();
  process.stderr.write(`bench: starting the bare ${engine === 'uws' ? 'uWS' : 'node:http'} baseline (same status, headers and bodies)\n`);
  const baseline = await startChild('baseline', [join(ROOT, 'bench/baseline-server.ts'), captured.manifestFile], {
    ...process.env,
    BASELINE_ENGINE: engine,
  });
  servers.push(baseline);
  const replayed = await checkReplay(baseline.url, captured);
  process.stderr.write(`bench: the baseline replays all ${replayed} captured responses byte for byte\n`);

  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) results.push(await runScenario(scenario, service, baseline, scratch.apiKey, seconds));
  const rssAfterBenchMb = readRssMb(service.pid);
  const firstServiceResults = [...results];
  // The Redis store and two processes on one port (r- and p- scenarios), against the same baseline.
  const noRedis = redisUnavailable(process.env);
  if (noRedis === undefined) results.push(...(await runRedisScenarios(scratch, baseline, seconds, engine)));
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
  const grown = JSON.stringify(growCatalog(bundledSnapshot(), 10));
  writeFileSync(join(grownDir, `${JSON.parse(grown).dataVersion}.json`), grown);
  const grownStateDir = join(scratch.dir, 'state-10x');
  mkdirSync(grownStateDir, { recursive: true });
  // Ten copies of the bundled catalog with its two translations are about 115 MB, over the default
  // MAX_SNAPSHOT_BYTES (64 MiB), which refused the file unread and left this suite waiting for nothing.
  const grownService = await startChild(
    'service-10x',
    [join(ROOT, 'src/main.ts')],
    { ...serviceEnv(scratch, grownDir, grownStateDir), MAX_SNAPSHOT_BYTES: String(Buffer.byteLength(grown) + 1) },
    join(scratch.dir, 'access-10x.log'),
  );
  servers.push(grownService);
  await grownService.waitForLog('catalog loaded', START_TIMEOUT_MS * 4);
  process.stderr.write('bench: fairness at 10x\n');
  fairness.push(await measureFairness('10x', grownService.url, scratch.apiKey, FAIRNESS_SECONDS));
  return fairness;
}

export function measureRefusal(run: Run): Promise<RefusalFigures> {
  process.stderr.write('bench: a ~60 MB snapshot refused while searches run\n');
  return measureSnapshotRefusal(run.scratch, run.searchQueries);
}

/**
 * The reload suite: a valid snapshot served while searches run, on the machine as it is and beside two
 * CPU-bound processes; searched by two connections in a closed loop, then by a steady stream (reload.ts
 * ReloadClient).
 */
export async function measureReloadSuite(run: Run): Promise<ReloadFigures[]> {
  const figures: ReloadFigures[] = [];
  const clients: ReloadClient[] = [CLOSED_LOOP, { kind: 'rate', perSecond: OPEN_LOOP_PER_SECOND }];
  for (const client of clients)
    for (const busyProcesses of [0, 2]) {
      process.stderr.write(
        `bench: reloading the bundled snapshot while searches run (${describeClient(client)}), ${busyProcesses} CPU-bound processes beside\n`,
      );
      figures.push(await measureReload(run.scratch, run.searchQueries, busyProcesses, client));
    }
  return figures;
}

/** The suites that need the real service: load, snapshot-refusal (in that order) and fairness. */
export async function runServiceSuites(run: Run) {
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
