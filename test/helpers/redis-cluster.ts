/**
 * A real three-master Redis Cluster on loopback for the tests that need one: three redis-server
 * processes with `--cluster-enabled yes` on free ports, joined by `redis-cli --cluster create`.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, isFree, spawnRedisServer } from './redis.ts';

export interface TestCluster {
  ports: number[];
  /** `redis-cluster://127.0.0.1:<first port>`: one seed is enough. */
  url: string;
  /** Counter keys (`<prefix>live:*`, `<prefix>usage:*`) held by each master; the fleet's documents are not counted. */
  keyCounts(prefix?: string): Promise<number[]>;
  stop(): Promise<void>;
}

function startNode(binary: string, port: number): Promise<ChildProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'exlib-cluster-'));
  const clusterArgs = ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf')];
  return spawnRedisServer(binary, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    ...clusterArgs,
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ]);
}

async function counterKeys(client: Redis, prefix: string): Promise<number> {
  let count = 0;
  for (const pattern of [`${prefix}live:*`, `${prefix}usage:*`]) {
    let cursor = '0';
    do {
      const [next, names] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      count += names.length;
    } while (cursor !== '0');
  }
  return count;
}

/** How long creating the cluster, and its agreeing on `cluster_state:ok`, may each take (about a second here). */
const CREATE_TIMEOUT_MS = 30_000;

/** Starts three masters and creates the cluster; resolves once every node says `cluster_state:ok`. */
export async function startCluster(): Promise<TestCluster> {
  const binary = process.env.TEST_REDIS_SERVER ?? 'redis-server';
  const cli = join(dirname(binary), 'redis-cli');
  const ports: number[] = [];
  while (ports.length < 3) {
    const port = await freePort();
    // The cluster bus listens on port + 10000: both must be free, below 65536, and clear of the other
    // nodes' ports and buses (a node whose bus is another's port would fail to start).
    const taken = ports.flatMap((p) => [p, p + 10_000]);
    if (port < 55_000 && !taken.includes(port) && !taken.includes(port + 10_000) && (await isFree(port + 10_000))) ports.push(port);
  }
  const nodes = await Promise.all(ports.map((port) => startNode(binary, port)));
  // Bounded: `--cluster create` waits for the nodes to join without end, and blocks this process meanwhile.
  const created = spawnSync(
    cli,
    ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'],
    { encoding: 'utf8', timeout: CREATE_TIMEOUT_MS, killSignal: 'SIGKILL' },
  );
  if (created.status !== 0) {
    for (const node of nodes) node.kill('SIGKILL');
    const why = created.error === undefined ? `exit ${created.status}` : String(created.error);
    throw new Error(`redis-cli --cluster create failed (${why}):\n${created.stdout}${created.stderr}`);
  }
  const clients = ports.map((port) => new Redis({ port, host: '127.0.0.1', lazyConnect: true }));
  await Promise.all(clients.map((client) => client.connect()));
  const deadline = Date.now() + CREATE_TIMEOUT_MS;
  for (;;) {
    const states = await Promise.all(clients.map((client) => client.cluster('INFO')));
    if (states.every((info) => String(info).includes('cluster_state:ok'))) break;
    if (Date.now() > deadline) {
      for (const client of clients) client.disconnect();
      for (const node of nodes) node.kill('SIGKILL');
      throw new Error(
        `the cluster on ${ports.join(', ')} did not reach cluster_state:ok within ${CREATE_TIMEOUT_MS} ms:\n${states.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // the nodes agree on their own; nothing to wait on but a poll
  }
  return {
    ports,
    url: `redis-cluster://127.0.0.1:${ports[0]}`,
    keyCounts: (prefix = 'exlib:') => Promise.all(clients.map((client) => counterKeys(client, prefix))),
    async stop() {
      for (const client of clients) client.disconnect();
      await Promise.all(
        nodes.map(
          (node) =>
            new Promise<void>((resolve) => {
              if (node.exitCode !== null || node.signalCode !== null) return resolve();
              node.once('exit', () => resolve());
              node.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
