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
 * Search (issue 9) adds three suites: relevance (hit@1 and hit@3 by query class on the bundled catalog
 * and on free-exercise-db; relevance.ts), scaling (1x, 10x and 100x catalogs, each in its own process;
 * scaling.ts) and fairness (health latency while 20 clients send worst-case searches, at 1x and 10x;
 * fairness.ts).
 *
 *   BENCH_SUITES=relevance,scaling npm run bench    only those suites (relevance, scaling, load, fairness)
 *
 * This file is the orchestration only; the parts live beside it: settings.ts, queries.ts, scenarios.ts,
 * scratch.ts, child-servers.ts, load.ts, in-process.ts, relevance.ts, scaling.ts, fairness.ts and report.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type ChildServer, CLOCK_TICKS_PER_SECOND, killLiveChildren, readRssMb, startChild, stopChild } from './child-servers.ts';
import { buildCatalog } from '../src/catalog/catalog.ts';
import { buildSearchIndexNow } from '../src/search/search-index.ts';
import { bundledSnapshot, freeExerciseDbSnapshot } from '../test/search/search-catalogs.ts';
import { growCatalog } from './catalog-growth.ts';
import { type FairnessFigures, measureFairness } from './fairness.ts';
import { measureCatalogBuild, measureQueryCosts } from './in-process.ts';
import { measureRelevance } from './relevance.ts';
import { measureScaling } from './scaling.ts';
import { checkScenarioPaths, fetchBodies, fetchBody, problemsOf, runScenario, type ScenarioResult } from './load.ts';
import { distinctQueries } from './queries.ts';
import { autocannonVersion, printReport, type Report, writeReport } from './report.ts';
import { buildScenarios, PAGE_PATH, POINT_PATH } from './scenarios.ts';
import { prepareScratch } from './scratch.ts';
import { CONNECTIONS, DATA_DIR, FAIRNESS_SECONDS, readDurationSeconds, readSuites, ROOT, START_TIMEOUT_MS, WARMUP_SECONDS } from './settings.ts';

async function main(): Promise<number> {
  const seconds = readDurationSeconds(process.env);
  const suites = readSuites(process.env);
  const scratch = prepareScratch();
  const servers: ChildServer[] = [];
  try {
    process.stderr.write('bench: in-process figures (catalog build, findPage)\n');
    const { index, figures: catalogBuild } = measureCatalogBuild();
    const cacheCapacity = index.rankings.max;
    const searchQueries = distinctQueries(Math.max(200, Math.ceil(cacheCapacity * 2.5)));
    const scenarios = buildScenarios(searchQueries, cacheCapacity);
    const findPageFigures = measureQueryCosts(index, scenarios);

    const relevance = [];
    if (suites.has('relevance')) {
      process.stderr.write('bench: relevance\n');
      relevance.push(measureRelevance('bundled', index));
      relevance.push(measureRelevance('free-exercise-db', buildSearchIndexNow(buildCatalog(freeExerciseDbSnapshot(), 'free-exercise-db'))));
    }
    const scaling = suites.has('scaling') ? await measureScaling() : [];

    const results: ScenarioResult[] = [];
    const fairness: FairnessFigures[] = [];
    let rssAfterLoadMb = Number.NaN;
    let rssAfterBenchMb = Number.NaN;
    if (suites.has('load') || suites.has('fairness')) {
      const serviceEnv = (dataDir: string) => ({
        ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir,
        KEYS_FILE: scratch.keysFile, STATE_DIR: scratch.stateDir, TIERS_FILE: scratch.tiersFile,
      });
      process.stderr.write('bench: starting the service\n');
      const service = await startChild('service', [join(ROOT, 'src/main.ts')], serviceEnv(DATA_DIR));
      servers.push(service);
      await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
      rssAfterLoadMb = readRssMb(service.pid);

      if (suites.has('load')) {
        const smallFile = join(scratch.dir, 'small.json');
        const pageFile = join(scratch.dir, 'page.json');
        const small = await fetchBody(service.url + POINT_PATH, scratch.apiKey);
        const page = await fetchBody(service.url + PAGE_PATH, scratch.apiKey);
        writeFileSync(smallFile, small);
        writeFileSync(pageFile, page);
        await checkScenarioPaths(scenarios, service, scratch.apiKey);

        // The bytes the service gives for each path of a '/same' scenario (fetched once, before any load).
        const sameFile = join(scratch.dir, 'same.json');
        const samePaths = scenarios.filter((scenario) => scenario.baselineRoute === '/same').flatMap((scenario) => scenario.paths);
        writeFileSync(sameFile, JSON.stringify(await fetchBodies(service.url, samePaths, scratch.apiKey)));

        process.stderr.write('bench: starting the bare uWS baseline\n');
        const baseline = await startChild('baseline', [join(ROOT, 'bench/baseline-server.ts'), smallFile, pageFile, sameFile], { ...process.env });
        servers.push(baseline);
        if (!(await fetchBody(`${baseline.url}/small`, '')).equals(small) || !(await fetchBody(`${baseline.url}/page`, '')).equals(page)) {
          throw new Error('the baseline does not return the bytes the service returned');
        }
        for (const scenario of scenarios) results.push(await runScenario(scenario, service, baseline, scratch.apiKey, seconds));
        rssAfterBenchMb = readRssMb(service.pid);
      }

      if (suites.has('fairness')) {
        process.stderr.write('bench: fairness at 1x\n');
        fairness.push(await measureFairness('1x (bundled)', service.url, scratch.apiKey, FAIRNESS_SECONDS));
        // The same at 10x: a service of its own on a grown snapshot in the scratch folder.
        const grownDir = join(scratch.dir, 'data-10x');
        mkdirSync(grownDir, { recursive: true });
        const grown = growCatalog(bundledSnapshot(), 10);
        writeFileSync(join(grownDir, `${grown.dataVersion}.json`), JSON.stringify(grown));
        const grownService = await startChild('service-10x', [join(ROOT, 'src/main.ts')], serviceEnv(grownDir));
        servers.push(grownService);
        await grownService.waitForLog('catalog loaded', START_TIMEOUT_MS * 4);
        process.stderr.write('bench: fairness at 10x\n');
        fairness.push(await measureFairness('10x', grownService.url, scratch.apiKey, FAIRNESS_SECONDS));
      }
    }

    const problems = results.flatMap(problemsOf);
    const cpus = os.cpus();
    const report: Report = {
      timestamp: new Date().toISOString(),
      node: process.version,
      autocannon: autocannonVersion(),
      machine: { cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', totalMemoryMb: Math.round(os.totalmem() / 2 ** 20), platform: os.platform(), release: os.release(), loadAverage: os.loadavg() },
      settings: { durationSeconds: seconds, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, clockTicksPerSecond: CLOCK_TICKS_PER_SECOND, suites: [...suites] },
      distinctSearches: { count: searchQueries.length, rankingCacheCapacity: cacheCapacity, first: searchQueries.slice(0, 20) },
      scenarios: results,
      service: { rssAfterLoadMb, rssAfterBenchMb },
      inProcess: { catalogBuild, findPage: findPageFigures },
      relevance,
      scaling,
      fairness,
      problems,
      ok: problems.length === 0,
    };
    printReport(report);
    writeReport(report);
    return report.ok ? 0 : 1;
  } finally {
    for (const server of servers.reverse()) {
      const code = await stopChild(server);
      if (server.name.startsWith('service') && code !== 0) process.stderr.write(`bench: warning: ${server.name} exited with code ${code}; stderr tail:\n${server.stderrTail().slice(-2000)}\n`);
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
