/**
 * `npm run bench`: the service's cost per request, as ratios to a bare uWebSockets.js server that
 * returns the same bytes, measured in the same run on the same box (research: performance-anchors.md
 * §0, §2, §9, §11). It starts the real service (`src/main.ts`) and `bench/baseline-server.ts` as child
 * processes, drives both with autocannon, reads each server's CPU time from /proc, also times the pure
 * query function in-process, prints a table and writes bench/results/latest.json.
 *
 *   npm run bench                       8 s per measured run
 *   BENCH_DURATION=20 npm run bench     longer runs, steadier figures
 *
 * Everything it writes goes to a scratch folder under os.tmpdir(), except bench/results/latest.json.
 * Exits 1 when a server fails to start or a scenario saw any non-2xx response or socket error.
 *
 * This file is the orchestration only; the parts live beside it: settings.ts, queries.ts, scenarios.ts,
 * scratch.ts, child-servers.ts, load.ts, in-process.ts and report.ts.
 */
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type ChildServer, CLOCK_TICKS_PER_SECOND, killLiveChildren, readRssMb, startChild, stopChild } from './child-servers.ts';
import { measureCatalogBuild, measureQueryCosts } from './in-process.ts';
import { captureBaseline, rawGet } from './capture.ts';
import { checkScenarioPaths, problemsOf, runScenario, type ScenarioResult } from './load.ts';
import { distinctQueries } from './queries.ts';
import { autocannonVersion, printReport, type Report, writeReport } from './report.ts';
import { redisUnavailable, runRedisScenarios } from './redis-scenarios.ts';
import { FILTER_PATHS, SUGGEST_PATHS } from './extras-paths.ts';
import type { ExtrasFigures } from './extras-run.ts';
import { runAtScale, SCALES } from './scaling.ts';
import { buildScenarios, EXPORT_PATH, PAGE_PATH, POINT_PATH, withPointEtag } from './scenarios.ts';
import { prepareScratch } from './scratch.ts';
import { measureSnapshotRefusal } from './snapshot-refusal.ts';
import { CONNECTIONS, DATA_DIR, readDurationSeconds, ROOT, START_TIMEOUT_MS, WARMUP_SECONDS } from './settings.ts';

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

async function main(): Promise<number> {
  const seconds = readDurationSeconds(process.env);
  const scratch = prepareScratch();
  const servers: ChildServer[] = [];
  try {
    process.stderr.write('bench: in-process figures (catalog build, findPage)\n');
    const { index, figures: catalogBuild } = measureCatalogBuild();
    const cacheCapacity = index.rankings.max;
    const searchQueries = distinctQueries(Math.max(200, Math.ceil(cacheCapacity * 2.5)));
    const findPageFigures = measureQueryCosts(index, buildScenarios(searchQueries, cacheCapacity));
    const extras: ExtrasFigures[] = [];
    for (const factor of SCALES) {
      process.stderr.write(`bench: facets and suggest in process at ${factor}x\n`);
      extras.push(await runAtScale<ExtrasFigures>('extras-run.ts', factor));
    }

    // Access log (LOG_LEVEL=info, to a file as an operator would keep it) and metrics on, as issue 11 asks.
    process.stderr.write('bench: starting the service (access log and metrics on)\n');
    const accessLogFile = join(scratch.dir, 'access.log');
    const service = await startChild('service', [join(ROOT, 'src/main.ts')], {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      DATA_DIR,
      KEYS_FILE: scratch.keysFile,
      STATE_DIR: scratch.stateDir,
      TIERS_FILE: scratch.tiersFile,
    }, accessLogFile);
    servers.push(service);
    await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
    const metricsUrl = `http://127.0.0.1:${String((await service.waitForLog('metrics listening', START_TIMEOUT_MS)).port)}/metrics`;
    const rssAfterLoadMb = readRssMb(service.pid);

    const captured = await captureBaseline(service.url, scratch.apiKey, scratch.dir, [
      { route: '/small', path: POINT_PATH },
      { route: '/page', path: PAGE_PATH },
      { route: '/page-br', path: PAGE_PATH, headers: { 'accept-encoding': 'br' } },
      { route: '/facets', path: FILTER_PATHS[2]! },
      { route: '/suggest', path: SUGGEST_PATHS[6]! },
      { route: '/export', path: EXPORT_PATH },
    ]);
    const pointEtag = captured.responses.get('/small')!.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
    if (pointEtag === undefined) throw new Error(`GET ${POINT_PATH} has no ETag`);
    const scenarios = withPointEtag(buildScenarios(searchQueries, cacheCapacity), pointEtag);
    await checkScenarioPaths(scenarios, service, scratch.apiKey);

    process.stderr.write('bench: starting the bare uWS baseline (same headers and bodies)\n');
    const baseline = await startChild('baseline', [join(ROOT, 'bench/baseline-server.ts'), captured.manifestFile], { ...process.env });
    servers.push(baseline);
    for (const [route, response] of captured.responses) {
      const replay = await rawGet(baseline.url + route, {});
      if (!replay.body.equals(response.body)) throw new Error(`the baseline's ${route} does not return the bytes the service returned`);
    }

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) results.push(await runScenario(scenario, service, baseline, scratch.apiKey, seconds));
    const rssAfterBenchMb = readRssMb(service.pid);
    const noRedis = redisUnavailable(process.env);
    if (noRedis === undefined) results.push(...(await runRedisScenarios(scratch, baseline, seconds)));
    else process.stderr.write(`bench: ${noRedis}\n`);
    process.stderr.write('bench: a ~60 MB snapshot refused while searches run\n');
    const snapshotRefusal = await measureSnapshotRefusal(scratch, searchQueries);
    const metricsText = await (await fetch(metricsUrl)).text();
    const observability = observedBy(accessLogFile, metricsText, results);

    const problems = results.flatMap(problemsOf);
    if (snapshotRefusal.failures > 0) problems.push(`snapshot refusal: ${snapshotRefusal.failures} search requests failed`);
    const cpus = os.cpus();
    const report: Report = {
      timestamp: new Date().toISOString(),
      node: process.version,
      autocannon: autocannonVersion(),
      machine: { cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', totalMemoryMb: Math.round(os.totalmem() / 2 ** 20), platform: os.platform(), release: os.release() },
      settings: { durationSeconds: seconds, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, clockTicksPerSecond: CLOCK_TICKS_PER_SECOND },
      distinctSearches: { count: searchQueries.length, rankingCacheCapacity: cacheCapacity, first: searchQueries.slice(0, 20) },
      scenarios: results,
      service: { rssAfterLoadMb, rssAfterBenchMb },
      observability,
      inProcess: { catalogBuild, findPage: findPageFigures, extras },
      snapshotRefusal,
      problems,
      ok: problems.length === 0,
    };
    printReport(report);
    writeReport(report);
    return report.ok ? 0 : 1;
  } finally {
    for (const server of servers.reverse()) {
      const code = await stopChild(server);
      if (server.name === 'service' && code !== 0) process.stderr.write(`bench: warning: the service exited with code ${code}; stderr tail:\n${server.stderrTail().slice(-2000)}\n`);
    }
    rmSync(scratch.dir, { recursive: true, force: true });
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
