/**
 * The shared counter store's cost: the point lookup and the filtered list again, served by a service
 * counting in Redis (COUNTER_STORE=redis://...), and then by two such services on one port
 * (SO_REUSEPORT), each against the same bare uWebSockets.js baseline in the same run. CPU per request
 * counts every process the request costs: the service(s) and redis-server.
 *
 * Redis is a private redis-server (append-only, fsync every second, the usual production setting)
 * started from BENCH_REDIS_SERVER or `redis-server` on PATH; without one these scenarios are skipped.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, type PrivateRedis, privateRedis } from '../test/helpers/redis.ts';
import { type ChildServer, startChild, stopChild } from './child-servers.ts';
import { checkScenarioPaths, runScenario, type ScenarioResult } from './load.ts';
import { POINT_PATH, type Scenario } from './scenarios.ts';
import type { Scratch } from './scratch.ts';
import { DATA_DIR, ROOT, START_TIMEOUT_MS } from './settings.ts';

const FILTERED_PATH = '/v1/exercises?equipment=barbell&mechanic=compound&limit=20';

function redisScenarios(): { single: Scenario[]; pair: Scenario[] } {
  return {
    single: [
      {
        id: 'r-a',
        title: 'point lookup, Redis store',
        question: 'Scenario a with every request counted by the Lua script in Redis: one round trip per request.',
        paths: [POINT_PATH],
        baselineRoute: '/small',
      },
      {
        id: 'r-c',
        title: 'filtered list, Redis store',
        question: 'Scenario c with every request counted in Redis.',
        paths: [FILTERED_PATH],
        baselineRoute: '/page',
      },
    ],
    pair: [
      {
        id: 'p-a',
        title: 'point lookup, 2 processes on 1 port',
        question: 'Scenario a served by two processes sharing one port and one Redis: what a second process buys on this box.',
        paths: [POINT_PATH],
        baselineRoute: '/small',
      },
      {
        id: 'p-c',
        title: 'filtered list, 2 processes on 1 port',
        question: 'Scenario c served by two processes sharing one port and one Redis.',
        paths: [FILTERED_PATH],
        baselineRoute: '/page',
      },
    ],
  };
}

/** Why the Redis scenarios cannot run here, or undefined when they can. */
export function redisUnavailable(env: NodeJS.ProcessEnv): string | undefined {
  try {
    execFileSync(env.BENCH_REDIS_SERVER ?? 'redis-server', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'redis-server not found (install the redis-server package or set BENCH_REDIS_SERVER): Redis scenarios skipped';
  }
}

async function startCountingService(name: string, scratch: Scratch, redis: PrivateRedis, port: number): Promise<ChildServer> {
  const service = await startChild(
    name,
    [join(ROOT, 'src/main.ts')],
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info', // access log and metrics on, as for scenarios a to g
      METRICS_PORT: '0',
      DATA_DIR,
      KEYS_FILE: scratch.keysFile,
      STATE_DIR: scratch.stateDir,
      TIERS_FILE: scratch.tiersFile,
      COUNTER_STORE: redis.url,
    },
    join(scratch.dir, `access-${name.replace(/\W+/g, '-')}.log`),
  );
  await service.waitForLog('redis counter store connected', START_TIMEOUT_MS);
  await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
  return service;
}

/** node:http's reusePort arrived in Node 22.12. */
function canNodeShareAPort(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** Runs r-a, r-c (one service on Redis) and p-a, p-c (two services on one port), each against `baseline`. */
export async function runRedisScenarios(
  scratch: Scratch,
  baseline: ChildServer,
  seconds: number,
  engine: 'uws' | 'node',
): Promise<ScenarioResult[]> {
  if (process.env.BENCH_REDIS_SERVER !== undefined) process.env.TEST_REDIS_SERVER = process.env.BENCH_REDIS_SERVER;
  const redis = await privateRedis();
  const redisPid = redis.pid()!;
  const { single, pair } = redisScenarios();
  const results: ScenarioResult[] = [];
  const services: ChildServer[] = [];
  try {
    process.stderr.write('bench: starting a service counting in Redis\n');
    const service = await startCountingService('service (redis)', scratch, redis, 0);
    services.push(service);
    await checkScenarioPaths(single, service, scratch.apiKey);
    const withRedis: ChildServer = { ...service, cpuPids: [service.pid, redisPid] };
    for (const scenario of single) results.push(await runScenario(scenario, withRedis, baseline, scratch.apiKey, seconds));
    await stopChild(services.pop()!);

    if (engine === 'node' && !canNodeShareAPort()) {
      process.stderr.write(
        `bench: node:http cannot share a port on Node ${process.version} (reusePort needs 22.12): p- scenarios skipped\n`,
      );
      return results;
    }
    process.stderr.write('bench: starting two services on one port, counting in Redis\n');
    const port = await freePort();
    const first = await startCountingService('service 1 (redis, shared port)', scratch, redis, port);
    services.push(first);
    const second = await startCountingService('service 2 (redis, shared port)', scratch, redis, port);
    services.push(second);
    await checkScenarioPaths(pair, first, scratch.apiKey);
    const group: ChildServer = { ...first, name: 'two services', cpuPids: [first.pid, second.pid, redisPid] };
    for (const scenario of pair) results.push(await runScenario(scenario, group, baseline, scratch.apiKey, seconds));
    return results;
  } finally {
    for (const service of services.reverse()) await stopChild(service);
    await redis.stop();
  }
}
