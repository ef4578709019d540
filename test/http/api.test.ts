import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { DEFAULT_MAX_SNAPSHOT_BYTES } from '../../src/catalog/snapshot-files.ts';
import { readInProcess } from '../../src/catalog/reading-process.ts';
import { formatProblems } from '../../src/problems.ts';
import { revokeKey } from '../../src/keys/key-store.ts';
import { FIXTURE_FILE, fixtureCatalog, fixtureSnapshot, get, startTestServer, tempDir, type TestServer } from '../helpers/service.ts';

const snapshot = fixtureSnapshot();
let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** A fresh starter key per test group keeps per-minute limits out of the way of behaviour tests. */
const key = () => server.keys.business!;

describe('GET /v1/health', () => {
  it('answers without a key, with the spec shape and no rate-limit headers', async () => {
    const { status, headers, body } = await get(`${server.url}/v1/health`);
    assert.equal(status, 200);
    assert.deepEqual(body, {
      status: 'ok',
      version: '1.0.0',
      dataVersion: '2026-01-15',
      exerciseCount: snapshot.exercises.length,
      checks: { supabase: 'ok', redis: 'ok' },
    });
    assert.equal(headers.get('x-ratelimit-limit'), null);
    assert.equal(headers.get('access-control-allow-origin'), '*');
  });
});

describe('authentication', () => {
  it('a missing key is 401 INVALID_API_KEY with its own message and a hint naming the format', async () => {
    const { status, headers, body } = await get(`${server.url}/v1/exercises`);
    assert.equal(status, 401);
    assert.equal(body.error.code, 'INVALID_API_KEY');
    assert.equal(body.error.message, 'No API key was sent.');
    assert.match(body.error.hint, /exlib_/);
    assert.match(body.error.hint, /38 characters/);
    assert.equal(body.error.docs_url, 'https://docs.example.test/errors#INVALID_API_KEY');
    assert.equal('details' in body.error, false);
    assert.equal(headers.get('x-ratelimit-limit'), null);
  });

  it('malformed and unknown keys are 401 with a different message than a missing key, and are never echoed', async () => {
    for (const candidate of ['nope', 'exlib_short', `exlib_${'a'.repeat(33)}`, `exlib_${'A'.repeat(31)}!`, `exlib_${'Z'.repeat(32)}`]) {
      const { status, body } = await get(`${server.url}/v1/stats`, candidate);
      assert.equal(status, 401, candidate);
      assert.equal(body.error.code, 'INVALID_API_KEY');
      assert.notEqual(body.error.message, 'No API key was sent.');
      assert.equal(JSON.stringify(body).includes(candidate), false, 'the key is not echoed');
    }
  });

  it('a revoked key stops working at once', async () => {
    const revoked = await startTestServer();
    try {
      assert.equal((await get(`${revoked.url}/v1/stats`, revoked.keys.pro)).status, 200);
      revoked.setKeyStore(revokeKey(revoked.store, revoked.keyIds.pro!, new Date())!);
      assert.equal((await get(`${revoked.url}/v1/stats`, revoked.keys.pro)).status, 401);
    } finally {
      await revoked.close();
    }
  });
});

describe('metadata routes', () => {
  it('GET /v1/muscles lists display groups with their anatomical muscles', async () => {
    const { status, body } = await get(`${server.url}/v1/muscles`, key());
    assert.equal(status, 200);
    assert.deepEqual(body, { data: snapshot.muscleGroups });
  });

  it('GET /v1/equipment lists the canonical names', async () => {
    const { body } = await get(`${server.url}/v1/equipment`, key());
    assert.deepEqual(body, { data: snapshot.equipment });
  });

  it('GET /v1/categories gives every category with its derived count and description', async () => {
    const { body } = await get(`${server.url}/v1/categories`, key());
    assert.equal(body.data.length, 12);
    for (const record of body.data) {
      assert.deepEqual(Object.keys(record), ['category', 'count', 'description']);
      assert.equal(record.count, snapshot.exercises.filter((e) => e.category === record.category).length);
    }
  });

  it('GET /v1/stats reports totals, per-category counts and versions', async () => {
    const { body } = await get(`${server.url}/v1/stats`, key());
    assert.equal(body.data.totalExercises, snapshot.exercises.length);
    assert.equal(body.data.dataVersion, '2026-01-15');
    assert.equal(body.data.lastUpdated, '2026-01-15T06:00:00.000Z');
    assert.equal(
      Object.values(body.data.categories as Record<string, number>).reduce((a, b) => a + b, 0),
      snapshot.exercises.length,
    );
  });
});

describe('GET /v1/exercises/:id', () => {
  it('returns the exercise with every public field and no internal ones', async () => {
    const raw = JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as { exercises: { id: string; source?: string }[] };
    const target = raw.exercises.find((e) => e.source !== undefined);
    assert.ok(target, 'the fixture has an exercise with an internal field');
    const { status, body } = await get(`${server.url}/v1/exercises/${target.id}`, key());
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body.data), [
      'id',
      'name',
      'keywords',
      'primaryMuscles',
      'secondaryMuscles',
      'equipment',
      'force',
      'level',
      'mechanic',
      'category',
      'instructions',
      'exerciseTips',
      'commonMistakes',
      'safetyInfo',
      'overview',
      'variations',
      'images',
      'videos',
    ]);
    assert.equal(body.data.id, target.id);
    assert.equal('source' in body.data, false);
  });

  it('an alias (an id merged away) answers 200 with the canonical record, read from a snapshot file by the reading process', async () => {
    const dir = tempDir('exlib-alias-');
    const file = join(dir, `${snapshot.dataVersion}.json`);
    const aliases = { 'Barbell_Bench_Press_-_Medium_Grip': 'Banded_Bench_Press', '3_4_Sit-Up': 'Ab_Wheel_Rollout' };
    writeFileSync(file, JSON.stringify({ ...snapshot, aliases }));
    const read = await readInProcess(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES);
    assert.ok(read.ok, read.ok ? '' : formatProblems(read.problems).join('\n'));
    server.setCatalog(read.value.catalog);
    try {
      for (const [alias, canonical] of Object.entries(aliases)) {
        const { status, body } = await get(`${server.url}/v1/exercises/${alias}`, key());
        assert.equal(status, 200, alias);
        assert.equal(body.data.id, canonical);
        const direct = await get(`${server.url}/v1/exercises/${canonical}`, key());
        assert.deepEqual(body, direct.body);
      }
      const encoded = await get(`${server.url}/v1/exercises/3_4_Sit%2DUp`, key());
      assert.equal(encoded.body.data.id, 'Ab_Wheel_Rollout');
      const { status } = await get(`${server.url}/v1/exercises/Barbell_Bench_Press_-_Wide_Grip`, key());
      assert.equal(status, 404);
    } finally {
      server.setCatalog(fixtureCatalog());
    }
  });

  it('an unknown id is 404 NOT_FOUND naming the id', async () => {
    const { status, body } = await get(`${server.url}/v1/exercises/No_Such_Exercise`, key());
    assert.equal(status, 404);
    assert.equal(body.error.code, 'NOT_FOUND');
    assert.match(body.error.message, /No_Such_Exercise/);
  });

  it('a percent-encoded or malformed id is decoded or named, never a 5xx', async () => {
    const { status, body } = await get(`${server.url}/v1/exercises/%E0%A4%A`, key());
    assert.equal(status, 404);
    assert.match(body.error.message, /%E0%A4%A/);
  });
});

describe('GET /v1/exercises', () => {
  it('lists in default order with total, limit and offset', async () => {
    const { status, body } = await get(`${server.url}/v1/exercises?limit=5&offset=2`, key());
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['data', 'total', 'limit', 'offset']);
    assert.equal(body.total, snapshot.exercises.length);
    assert.equal(body.limit, 5);
    assert.equal(body.offset, 2);
    assert.equal(body.data.length, 5);
  });

  it('defaults to limit 20 and offset 0', async () => {
    const { body } = await get(`${server.url}/v1/exercises`, key());
    assert.equal(body.limit, 20);
    assert.equal(body.offset, 0);
    assert.equal(body.data.length, Math.min(20, snapshot.exercises.length));
  });

  it('ORs repeated values of one filter and ANDs different filters', async () => {
    const { body: either } = await get(`${server.url}/v1/exercises?category=yoga&category=powerlifting&limit=100`, key());
    assert.equal(either.total, snapshot.exercises.filter((e) => e.category === 'yoga' || e.category === 'powerlifting').length);
    const { body: both } = await get(`${server.url}/v1/exercises?category=powerlifting&level=advanced&limit=100`, key());
    assert.equal(both.total, snapshot.exercises.filter((e) => e.category === 'powerlifting' && e.level === 'advanced').length);
    for (const exercise of both.data) assert.equal(exercise.level, 'advanced');
  });

  it('matches muscle by display group or anatomical name, and equipment, case-insensitively', async () => {
    const chest = snapshot.muscleGroups.find((g) => g.displayGroup === 'Chest')!.muscles;
    const expected = snapshot.exercises.filter((e) => [...e.primaryMuscles, ...e.secondaryMuscles].some((m) => chest.includes(m))).length;
    assert.equal((await get(`${server.url}/v1/exercises?muscle=chest&limit=1`, key())).body.total, expected);
    assert.equal((await get(`${server.url}/v1/exercises?muscle=CHEST&limit=1`, key())).body.total, expected);
    const pecs = snapshot.exercises.filter((e) => [...e.primaryMuscles, ...e.secondaryMuscles].includes('pectoralis major')).length;
    assert.equal((await get(`${server.url}/v1/exercises?muscle=Pectoralis%20Major&limit=1`, key())).body.total, pecs);
    const barbell = snapshot.exercises.filter((e) => e.equipment === 'barbell').length;
    assert.equal((await get(`${server.url}/v1/exercises?equipment=Barbell&limit=1`, key())).body.total, barbell);
    assert.equal((await get(`${server.url}/v1/exercises?equipment=unicycle`, key())).body.total, 0);
  });

  it('filters on hasVideo both ways', async () => {
    const withVideo = snapshot.exercises.filter((e) => e.videos.length > 0).length;
    assert.equal((await get(`${server.url}/v1/exercises?hasVideo=true`, key())).body.total, withVideo);
    assert.equal((await get(`${server.url}/v1/exercises?hasVideo=false`, key())).body.total, snapshot.exercises.length - withVideo);
  });

  it('with q, total is null and the best name match comes first', async () => {
    const { body } = await get(`${server.url}/v1/exercises?q=bench%20press&limit=3`, key());
    assert.equal(body.total, null);
    assert.match(body.data[0].name, /bench press/i);
  });

  it('accepts search as an alias of q, and q wins when both are sent', async () => {
    const viaAlias = await get(`${server.url}/v1/exercises?search=bench%20press&limit=3`, key());
    const viaQ = await get(`${server.url}/v1/exercises?q=bench%20press&limit=3`, key());
    assert.deepEqual(viaAlias.body, viaQ.body);
    const both = await get(`${server.url}/v1/exercises?q=bench%20press&search=squat&limit=3`, key());
    assert.deepEqual(both.body, viaQ.body);
  });

  it('random=true returns `limit` distinct items and the exact total', async () => {
    const { body } = await get(`${server.url}/v1/exercises?random=true&limit=10&offset=7`, key());
    assert.equal(body.total, snapshot.exercises.length);
    assert.equal(body.data.length, 10);
    assert.equal(new Set(body.data.map((e: { id: string }) => e.id)).size, 10);
  });

  it('ignores unknown parameters', async () => {
    const plain = await get(`${server.url}/v1/exercises?limit=3`, key());
    const tracked = await get(`${server.url}/v1/exercises?limit=3&utm_source=app&fbclid=x`, key());
    assert.deepEqual(tracked.body, plain.body);
  });

  it('clamps limit to the tier maximum and reports the clamped value', async () => {
    const free = await get(`${server.url}/v1/exercises?limit=50`, server.keys.free);
    assert.equal(free.body.limit, 20);
    assert.equal(free.body.data.length, 20);
    const starter = await get(`${server.url}/v1/exercises?limit=100`, server.keys.starter);
    assert.equal(starter.body.limit, 50);
  });

  it('free tier: offset + clamped limit above 500 is 403 PAGINATION_DEPTH_EXCEEDED; at 500 it is served', async () => {
    const deep = await get(`${server.url}/v1/exercises?offset=481&limit=50`, server.keys.free);
    assert.equal(deep.status, 403);
    assert.equal(deep.body.error.code, 'PAGINATION_DEPTH_EXCEEDED');
    assert.deepEqual(deep.body.error.details, { upgrade_url: 'https://example.test/upgrade', current_tier: 'free' });
    const edge = await get(`${server.url}/v1/exercises?offset=480&limit=50`, server.keys.free);
    assert.equal(edge.status, 200);
    assert.deepEqual(edge.body.data, []);
    const paid = await get(`${server.url}/v1/exercises?offset=5000&limit=50`, server.keys.starter);
    assert.equal(paid.status, 200);
  });

  const invalid: [string, string, string, string[] | undefined][] = [
    [
      'category=cardio',
      'category',
      'cardio',
      [
        'strength',
        'yoga',
        'mobility',
        'physical_therapy',
        'stretching',
        'pilates',
        'calisthenics',
        'plyometrics',
        'conditioning',
        'olympic_weightlifting',
        'powerlifting',
        'strongman',
      ],
    ],
    ['level=expert', 'level', 'expert', ['beginner', 'intermediate', 'advanced']],
    ['force=twist', 'force', 'twist', ['push', 'pull', 'static']],
    ['mechanic=both', 'mechanic', 'both', ['compound', 'isolation']],
    ['hasVideo=yes', 'hasVideo', 'yes', ['true', 'false']],
    ['random=1', 'random', '1', ['true', 'false']],
    ['limit=0', 'limit', '0', undefined],
    ['limit=101', 'limit', '101', undefined],
    ['limit=-5', 'limit', '-5', undefined],
    ['limit=2.5', 'limit', '2.5', undefined],
    ['limit=abc', 'limit', 'abc', undefined],
    ['offset=-1', 'offset', '-1', undefined],
    ['offset=1e3', 'offset', '1e3', undefined],
    ['q=', 'q', '', undefined],
    [`q=${'a'.repeat(201)}`, 'q', 'a'.repeat(201), undefined],
    ['search=', 'search', '', undefined],
    ['muscle=', 'muscle', '', undefined],
    [`equipment=${'x'.repeat(101)}`, 'equipment', 'x'.repeat(101), undefined],
    ['limit=5&limit=6', 'limit', '5,6', undefined],
    ['q=a&q=b', 'q', 'a,b', undefined],
    ['random=true&random=false', 'random', 'true,false', undefined],
    ['hasVideo=true&hasVideo=true', 'hasVideo', 'true,true', undefined],
    ['offset=1&offset=2', 'offset', '1,2', undefined],
  ];
  for (const [query, field, received, allowed] of invalid) {
    it(`?${query.slice(0, 40)} is 400 INVALID_PARAMETER naming ${field}`, async () => {
      const { status, body } = await get(`${server.url}/v1/exercises?${query}`, key());
      assert.equal(status, 400);
      assert.equal(body.error.code, 'INVALID_PARAMETER');
      assert.equal(body.error.details.field, field);
      assert.equal(body.error.details.received, received);
      if (allowed === undefined) {
        assert.equal('allowed' in body.error.details, false);
      } else {
        assert.deepEqual(body.error.details.allowed, allowed);
        for (const value of allowed) assert.ok(body.error.hint.includes(value), `hint lists ${value}`);
      }
    });
  }
});

describe('errors and routing', () => {
  it('an unknown path is a 404 envelope', async () => {
    for (const path of ['/', '/v2/exercises', '/v1/nope', '/v1/exercises/A/B', '/v1/muscles/x', '/v1/exercises/']) {
      const { status, body } = await get(`${server.url}${path}`, key());
      assert.equal(status, 404, path);
      assert.equal(body.error.code, 'NOT_FOUND', path);
    }
  });

  it('a method other than GET is a 405 envelope with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { status, headers, body } = await get(`${server.url}/v1/exercises`, key(), { method });
      assert.equal(status, 405, method);
      assert.equal(body.error.code, 'METHOD_NOT_ALLOWED');
      assert.equal(headers.get('allow'), 'GET, HEAD, OPTIONS');
    }
  });

  it('answers a CORS preflight from any origin with 204 and no key, allowing X-API-Key', async () => {
    const response = await fetch(`${server.url}/v1/exercises`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /X-API-Key/i);
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /GET/);
  });

  it('exposes the metering headers to scripts on every response', async () => {
    for (const path of ['/v1/stats', '/v1/nope', '/v1/health']) {
      const { headers } = await get(`${server.url}${path}`, key());
      const exposed = headers.get('access-control-expose-headers') ?? '';
      for (const name of [
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
        'X-Overage',
        'X-Overage-Count',
        'X-Overage-Cap',
      ]) {
        assert.ok(exposed.includes(name), `${path} exposes ${name}`);
      }
    }
  });

  it('an unexpected throw is 500 INTERNAL_ERROR and the server keeps serving', async () => {
    const faulty = await startTestServer();
    try {
      const real = fixtureCatalog();
      const broken = new Proxy(real, {
        get(target, property) {
          if (property === 'bodies') throw new Error('injected fault');
          return Reflect.get(target, property);
        },
      }) as Catalog;
      faulty.setCatalog(broken);
      const failed = await get(`${faulty.url}/v1/stats`, faulty.keys.pro);
      assert.equal(failed.status, 500);
      assert.equal(failed.body.error.code, 'INTERNAL_ERROR');
      assert.equal(JSON.stringify(failed.body).includes('injected fault'), false, 'no internals leak');
      faulty.setCatalog(real);
      assert.equal((await get(`${faulty.url}/v1/stats`, faulty.keys.pro)).status, 200);
    } finally {
      await faulty.close();
    }
  });

  it('a search past its budget is 503 SEARCH_TIMEOUT', async () => {
    const slow = await startTestServer({ searchBudgetMs: 0.000001 });
    try {
      const { status, body } = await get(`${slow.url}/v1/exercises?q=squat%20press%20row%20curl`, slow.keys.pro);
      assert.equal(status, 503);
      assert.equal(body.error.code, 'SEARCH_TIMEOUT');
      // Filter-only requests never touch the text index, so they are unaffected.
      assert.equal((await get(`${slow.url}/v1/exercises?category=yoga`, slow.keys.pro)).status, 200);
    } finally {
      await slow.close();
    }
  });

  it('before a catalog is loaded: health is 503 unavailable and data routes 503 SERVICE_UNAVAILABLE', async () => {
    const empty = await startTestServer();
    try {
      empty.setCatalog(undefined);
      const health = await get(`${empty.url}/v1/health`);
      assert.equal(health.status, 503);
      assert.equal(health.body.status, 'unavailable');
      assert.equal(health.body.checks.supabase, 'unavailable');
      const data = await get(`${empty.url}/v1/exercises`, empty.keys.free);
      assert.equal(data.status, 503);
      assert.equal(data.body.error.code, 'SERVICE_UNAVAILABLE');
      empty.setCatalog(buildCatalog(snapshot, 'late'));
      assert.equal((await get(`${empty.url}/v1/exercises`, empty.keys.free)).status, 200);
    } finally {
      await empty.close();
    }
  });
});
