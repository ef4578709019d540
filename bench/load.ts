/**
 * Load runs: autocannon against one server with its CPU from /proc, each scenario's service and
 * baseline runs, and the checks before load.
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { type ChildServer, CLOCK_TICKS_PER_SECOND, readCpuTicks } from './child-servers.ts';
import { type BaselineRoute, baselinePathFor, type Scenario } from './scenarios.ts';
import { CONNECTIONS, WARMUP_SECONDS } from './settings.ts';

/**
 * autocannon 9 appends every response body to a string (`req.body += chunk` in its
 * pipelinedRequestsQueue), which UTF-8-decodes the whole body, and only to hand it to an `onResponse`
 * that the bench never sets. On a compressed body that decode is slow enough to make the client the
 * limit: the service's br page (11 KB) came back at 3,600 req/s against 25,000 for the same bytes
 * uncompressed, and at that rate the servers' per-request CPU measured fixed costs, not the route
 * (scenario g on node:http read 2.2x, with the service two-thirds idle). The bench keeps no bodies:
 * both servers' bytes still cross the socket and are counted, they are just not decoded.
 */
const requireFromAutocannon = createRequire(createRequire(import.meta.url).resolve('autocannon'));
const { prototype: requestQueue } = requireFromAutocannon('./lib/pipelinedRequestsQueue') as {
  prototype: { addBody(data: unknown): void };
};
requestQueue.addBody = function keepNoBody(): void {};

/** One measured autocannon run against one server. */
export interface LoadFigures {
  target: 'service' | 'baseline';
  path: string;
  requestsPerSecond: number;
  totalRequests: number;
  /** autocannon's latency histogram holds whole milliseconds: 0 means under 1 ms. */
  p50Ms: number;
  p99Ms: number;
  /** Little's law, connections / (req/s): a sub-millisecond mean the integer histogram cannot give. */
  littleMeanMs: number;
  non2xx: number;
  /** Responses whose status was not the scenario's expected one (200, or 304 for f). */
  unexpectedStatus: number;
  errors: number;
  timeouts: number;
  serverCpuMicrosPerRequest: number;
  /** Server CPU time over wall time; 100 means one core. */
  serverCpuPercent: number;
  /** This process's (autocannon's) CPU over wall time. */
  clientCpuPercent: number;
  /** Response bytes (headers included) per response. */
  bytesPerResponse: number;
  /** When several processes serve (a service and redis-server, say): CPU µs per request of each, in `cpuPids` order. */
  cpuMicrosPerRequestByProcess?: number[];
}

/** A request generator: one fixed path, or a shared cursor cycling through several paths across all connections. */
function requestOptions(
  url: string,
  apiKey: string,
  paths: readonly string[],
  seconds: number,
  cursor: { next: number },
  headers: Record<string, string>,
): autocannon.Options {
  const base: autocannon.Options = {
    url: url + paths[0]!,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'x-api-key': apiKey, ...headers },
  };
  if (paths.length === 1) return base;
  return {
    ...base,
    requests: [
      {
        setupRequest(request) {
          request.path = paths[cursor.next++ % paths.length]!;
          return request;
        },
      },
    ],
  };
}

interface LoadRequest {
  paths: readonly string[];
  headers: Record<string, string>;
  expectedStatus: number;
}

function unexpectedOf(result: autocannon.Result, expectedStatus: number): number {
  const expected = result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0;
  return result.requests.total - expected;
}

async function measureLoad(
  target: LoadFigures['target'],
  server: ChildServer,
  apiKey: string,
  load: LoadRequest,
  seconds: number,
): Promise<LoadFigures> {
  const { paths, headers, expectedStatus } = load;
  const cursor = { next: 0 };
  const warmup = await autocannon(requestOptions(server.url, apiKey, paths, WARMUP_SECONDS, cursor, headers));
  const warmupUnexpected = unexpectedOf(warmup, expectedStatus);
  if (warmupUnexpected > 0)
    process.stderr.write(`bench: warning: ${warmupUnexpected} responses other than ${expectedStatus} during the ${target} warm-up\n`);

  const pids = server.cpuPids ?? [server.pid];
  const ticksBeforeByPid = pids.map(readCpuTicks);
  const cpuTicks = () => pids.reduce((sum, pid) => sum + readCpuTicks(pid), 0);
  const ticksBefore = cpuTicks();
  const clientBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon(requestOptions(server.url, apiKey, paths, seconds, cursor, headers));
  const wallSeconds = (performance.now() - wallBefore) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverCpuSeconds = (cpuTicks() - ticksBefore) / CLOCK_TICKS_PER_SECOND;

  const totalRequests = result.requests.total;
  return {
    target,
    path: paths.length === 1 ? paths[0]! : `${paths.length} paths, cycled (first: ${paths[0]})`,
    requestsPerSecond: result.requests.average,
    totalRequests,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    littleMeanMs: result.requests.average > 0 ? (CONNECTIONS / result.requests.average) * 1000 : Number.NaN,
    non2xx: result.non2xx,
    unexpectedStatus: unexpectedOf(result, expectedStatus),
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMicrosPerRequest: totalRequests > 0 ? (serverCpuSeconds * 1e6) / totalRequests : Number.NaN,
    serverCpuPercent: (serverCpuSeconds / wallSeconds) * 100,
    clientCpuPercent: ((client.user + client.system) / 1e6 / wallSeconds) * 100,
    bytesPerResponse: totalRequests > 0 ? result.throughput.total / totalRequests : Number.NaN,
    ...(pids.length > 1 && {
      cpuMicrosPerRequestByProcess: pids.map(
        (pid, i) => (((readCpuTicks(pid) - ticksBeforeByPid[i]!) / CLOCK_TICKS_PER_SECOND) * 1e6) / totalRequests,
      ),
    }),
  };
}

export interface ScenarioResult {
  id: string;
  title: string;
  question: string;
  baselineRoute: BaselineRoute;
  service: LoadFigures;
  baseline: LoadFigures;
  ratios: {
    /** service req/s / baseline req/s. Capped by autocannon near 1.0 for cheap routes. */
    throughput: number;
    /** baseline CPU µs/req / service CPU µs/req: the share of bare-uWS efficiency the service keeps. */
    cpuEfficiency: number;
  };
}

/** One scenario: a warm-up and a measured run against the service, then the same against the baseline, and their ratios. */
export async function runScenario(
  scenario: Scenario,
  service: ChildServer,
  baseline: ChildServer,
  apiKey: string,
  seconds: number,
): Promise<ScenarioResult> {
  process.stderr.write(
    `bench: ${scenario.id}. ${scenario.title}: service, then baseline ${scenario.baselineRoute} ` +
      `(${WARMUP_SECONDS} s + ${seconds} s each)\n`,
  );
  const headers = scenario.headers ?? {};
  const serviceFigures = await measureLoad(
    'service',
    service,
    apiKey,
    { paths: scenario.paths, headers, expectedStatus: scenario.expectedStatus ?? 200 },
    seconds,
  );
  const baselinePaths = scenario.paths.map((path) => baselinePathFor(path, scenario.baselineRoute));
  const baselineFigures = await measureLoad('baseline', baseline, apiKey, { paths: baselinePaths, headers, expectedStatus: 200 }, seconds);
  return {
    id: scenario.id,
    title: scenario.title,
    question: scenario.question,
    baselineRoute: scenario.baselineRoute,
    service: serviceFigures,
    baseline: baselineFigures,
    ratios: {
      throughput: serviceFigures.requestsPerSecond / baselineFigures.requestsPerSecond,
      cpuEfficiency: baselineFigures.serverCpuMicrosPerRequest / serviceFigures.serverCpuMicrosPerRequest,
    },
  };
}

/** What makes a scenario's figures invalid: responses with another status than expected, and socket errors. */
export function problemsOf(result: ScenarioResult): string[] {
  const problems: string[] = [];
  for (const figures of [result.service, result.baseline]) {
    const where = `${result.id}. ${result.title} (${figures.target})`;
    if (figures.unexpectedStatus > 0) problems.push(`${where}: ${figures.unexpectedStatus} responses with an unexpected status`);
    if (figures.errors > 0) problems.push(`${where}: ${figures.errors} socket errors (${figures.timeouts} timeouts)`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Service checks over HTTP (once, before any load)
// ---------------------------------------------------------------------------------------------

/** Every scenario's first path must answer as expected before any load is sent (a 4xx here would make the whole run meaningless). */
export async function checkScenarioPaths(scenarios: readonly Scenario[], service: ChildServer, apiKey: string): Promise<void> {
  for (const scenario of scenarios) {
    const response = await fetch(service.url + scenario.paths[0]!, { headers: { 'X-API-Key': apiKey, ...scenario.headers } });
    await response.arrayBuffer();
    const expected = scenario.expectedStatus ?? 200;
    if (response.status !== expected)
      throw new Error(`${scenario.id}: GET ${scenario.paths[0]} answered ${response.status}, expected ${expected}`);
  }
}
