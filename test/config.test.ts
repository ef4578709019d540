/** readConfig: every environment variable, its default, and the line an operator reads for a bad value. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readConfig } from '../src/config.ts';
import { formatProblems } from '../src/problems.ts';

/** The lines a refused environment prints (main.ts puts `error: ` in front of each). */
function refusal(env: NodeJS.ProcessEnv): string[] {
  const result = readConfig(env);
  assert.equal(result.ok, false, `expected ${JSON.stringify(env)} to be refused`);
  return result.ok ? [] : formatProblems(result.problems);
}

describe('readConfig', () => {
  it('gives every setting its default in an empty environment', () => {
    assert.deepEqual(readConfig({}), {
      ok: true,
      value: {
        port: 3000,
        host: '0.0.0.0',
        publicUrl: undefined,
        engine: 'auto',
        metricsPort: undefined,
        maxSnapshotBytes: 67108864,
        dataDir: './data',
        keysFile: './var/keys.json',
        stateDir: './var/state',
        tiersFile: undefined,
        docsUrlBase: undefined,
        upgradeUrl: 'https://exercise-catalog.dev/pricing',
        logLevel: 'info',
        searchBudgetMs: 50,
        flushIntervalMs: 1000,
        reloadIntervalMs: 1000,
        counterStore: { kind: 'memory' },
        redisTimeoutMs: 1000,
        adminToken: undefined,
        isPortalOn: false,
        portalSignupsPerHour: 10,
        accountsFile: 'var/accounts.json',
        mediaDir: './var/media',
        photosDir: './data/photos',
        isMediaRendered: true,
        motionDir: './data/source/motion',
        mediaUrl: undefined,
      },
    });
  });

  it('reads ADMIN_TOKEN and PORTAL, and refuses a short token without echoing it', () => {
    const on = readConfig({ ADMIN_TOKEN: 'a'.repeat(16), PORTAL: 'on', KEYS_FILE: '/srv/keys.json' });
    assert.ok(on.ok);
    assert.equal(on.value.adminToken, 'a'.repeat(16));
    assert.equal(on.value.isPortalOn, true);
    assert.equal(on.value.accountsFile, '/srv/accounts.json');
    const short = readConfig({ ADMIN_TOKEN: 'hunter2' });
    assert.equal(short.ok, false);
    const text = short.ok ? '' : formatProblems(short.problems).join('\n');
    assert.match(text, /ADMIN_TOKEN: must be at least 16 characters/);
    assert.equal(text.includes('hunter2'), false);
  });

  it('reads every variable, dropping trailing slashes from the base URLs', () => {
    const result = readConfig({
      PORT: '8080',
      HOST: '::',
      PUBLIC_URL: 'https://api.example.com/',
      METRICS_PORT: '9464',
      ENGINE: 'node',
      MAX_SNAPSHOT_BYTES: '1024',
      DATA_DIR: '/srv/data',
      KEYS_FILE: '/srv/keys.json',
      STATE_DIR: '/srv/state',
      TIERS_FILE: '/srv/tiers.json',
      DOCS_URL_BASE: 'https://docs.example.com//',
      UPGRADE_URL: 'https://example.com/buy',
      LOG_LEVEL: 'warn',
      SEARCH_BUDGET_MS: '12.5',
      FLUSH_INTERVAL_MS: '10',
      RELOAD_INTERVAL_MS: '250',
      COUNTER_STORE: 'redis://:secret@10.0.0.5:6379/3',
      REDIS_TIMEOUT_MS: '120',
      ADMIN_TOKEN: 'operator-secret-0123456789',
      PORTAL: 'on',
      PORTAL_SIGNUPS_PER_HOUR: '3',
      ACCOUNTS_FILE: '/srv/people.json',
      MEDIA_DIR: '/srv/media',
      MEDIA_PHOTOS_DIR: '/srv/photos',
      MEDIA_RENDER: 'off',
      MOTION_DIR: '/srv/motion',
      MEDIA_URL: 'https://cdn.example.com/media/',
      UNRELATED: 'ignored',
    });
    assert.deepEqual(result, {
      ok: true,
      value: {
        port: 8080,
        host: '::',
        publicUrl: 'https://api.example.com',
        engine: 'node',
        metricsPort: 9464,
        maxSnapshotBytes: 1024,
        dataDir: '/srv/data',
        keysFile: '/srv/keys.json',
        stateDir: '/srv/state',
        tiersFile: '/srv/tiers.json',
        docsUrlBase: 'https://docs.example.com',
        upgradeUrl: 'https://example.com/buy',
        logLevel: 'warn',
        searchBudgetMs: 12.5,
        flushIntervalMs: 10,
        reloadIntervalMs: 250,
        counterStore: { kind: 'redis', url: 'redis://:secret@10.0.0.5:6379/3' },
        redisTimeoutMs: 120,
        adminToken: 'operator-secret-0123456789',
        isPortalOn: true,
        portalSignupsPerHour: 3,
        accountsFile: '/srv/people.json',
        mediaDir: '/srv/media',
        photosDir: '/srv/photos',
        isMediaRendered: false,
        motionDir: '/srv/motion',
        mediaUrl: 'https://cdn.example.com/media',
      },
    });
  });

  for (const url of [
    'redis://127.0.0.1:6379/0',
    'redis://redis.internal:6380',
    'redis://localhost/',
    'redis-cluster://127.0.0.1:7101',
    'redis-cluster://:secret@10.0.0.5:7000,10.0.0.6:7000,[::1]:7002',
  ]) {
    it(`accepts COUNTER_STORE=${url}`, () => {
      const result = readConfig({ COUNTER_STORE: url });
      assert.deepEqual(result.ok && result.value.counterStore, { kind: 'redis', url });
    });
  }

  const REDIS = 'must be memory, redis://host:port/db or redis-cluster://host:port[,host:port...]';
  const HOST = 'must be an IP address (0.0.0.0, 127.0.0.1, ::) or a host name';
  const BAD: [string, string, string][] = [
    ['PORT', 'eighty', 'must be a whole number'],
    ['PORT', '-1', 'must be a whole number'],
    ['PORT', '65536', 'must be at most 65535'],
    ['HOST', 'not a host!', HOST],
    ['HOST', '', HOST],
    ['PUBLIC_URL', 'api.example.com', 'must be an absolute URL'],
    ['PUBLIC_URL', 'ftp://api.example.com', 'must start with http:// or https://'],
    ['METRICS_PORT', '9464x', 'must be a whole number'],
    ['ENGINE', 'fast', 'must be auto, uws or node'],
    ['MAX_SNAPSHOT_BYTES', '0', 'must be at least 1'],
    ['MAX_SNAPSHOT_BYTES', '64M', 'must be a whole number'],
    ['DATA_DIR', '', 'must not be empty'],
    ['KEYS_FILE', '', 'must not be empty'],
    ['STATE_DIR', '', 'must not be empty'],
    ['TIERS_FILE', '', 'must not be empty'],
    ['DOCS_URL_BASE', '/docs', 'must be an absolute URL'],
    ['UPGRADE_URL', 'pricing', 'must be an absolute URL'],
    ['LOG_LEVEL', 'verbose', 'must be debug, info, warn, error, silent'],
    ['SEARCH_BUDGET_MS', 'fast', 'must be a positive number'],
    ['SEARCH_BUDGET_MS', '0', 'must be above 0'],
    ['FLUSH_INTERVAL_MS', '5', 'must be at least 10'],
    ['FLUSH_INTERVAL_MS', '-100', 'must be a positive number'],
    ['RELOAD_INTERVAL_MS', '1e3', 'must be a positive number'],
    ['COUNTER_STORE', 'http://127.0.0.1:6379', REDIS],
    ['COUNTER_STORE', 'redis://127.0.0.1:6379/cache', REDIS],
    ['COUNTER_STORE', 'redis://', REDIS],
    ['COUNTER_STORE', 'redis', REDIS],
    ['COUNTER_STORE', 'redis-cluster://127.0.0.1', REDIS],
    ['COUNTER_STORE', 'redis-cluster://127.0.0.1:7000,', REDIS],
    ['COUNTER_STORE', 'redis-cluster://127.0.0.1:7000/0', REDIS],
    ['REDIS_TIMEOUT_MS', '0', 'must be above 0'],
    ['REDIS_TIMEOUT_MS', 'fast', 'must be a positive number'],
  ];
  for (const [name, value, message] of BAD) {
    it(`refuses ${name}=${JSON.stringify(value)}, naming the variable and never the value`, () => {
      assert.deepEqual(refusal({ [name]: value }), [`environment: ${name}: ${message}`]);
    });
  }

  it('lists every bad variable at once', () => {
    assert.deepEqual(refusal({ PORT: 'x', ENGINE: 'y' }), [
      'environment: PORT: must be a whole number',
      'environment: ENGINE: must be auto, uws or node',
    ]);
  });

  it('refuses METRICS_PORT equal to PORT: metrics never share the API port', () => {
    const line = 'environment: METRICS_PORT: must differ from PORT (3000); metrics are never served on the API port';
    assert.deepEqual(refusal({ METRICS_PORT: '3000' }), [line]);
    assert.deepEqual(refusal({ PORT: '8080', METRICS_PORT: '8080' }), [line.replace('3000', '8080')]);
  });

  it('lets PORT=0 and METRICS_PORT=0 both pick a free port', () => {
    const result = readConfig({ PORT: '0', METRICS_PORT: '0' });
    assert.deepEqual(result.ok && [result.value.port, result.value.metricsPort], [0, 0]);
  });
});
