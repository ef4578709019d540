/**
 * The admin API over the wire: absent without ADMIN_TOKEN, 401 with a wrong token (never echoed),
 * keys created, listed (never whole), regenerated, moved between tiers and revoked, each change in
 * force at once, and usage per key and day with overage and cost.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAdminApi } from '../../../src/http/admin/admin-api.ts';
import { bearerCheck } from '../../../src/http/admin/admin-auth.ts';
import { KeyAdmin } from '../../../src/keys/key-admin.ts';
import { KeyRing } from '../../../src/keys/key-ring.ts';
import { EMPTY_STORE } from '../../../src/keys/key-store.ts';
import { parseTierTable } from '../../../src/limits/tiers.ts';
import { MemoryUsageStore } from '../../../src/limits/usage-store.ts';
import { createLogger } from '../../../src/log.ts';
import { DEFAULT_TIERS } from '../../../src/limits/tiers.ts';
import { openApiProblems, type WireResponse } from '../../helpers/openapi-check.ts';
import { startTestServer, type TestServer, tempDir } from '../../helpers/service.ts';

const TOKEN = 'test-admin-token-0123456789abcdef';
const tiersResult = parseTierTable({ ...DEFAULT_TIERS, tiny: { dailyRequests: 2, perMinute: 100, maxResults: 10, overage: true } }, 'test');
assert.ok(tiersResult.ok);
const tiers = tiersResult.value;

async function call(url: string, method: string, body?: unknown, token: string | null = TOKEN) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  answers.push({ method, url, status: response.status, headers: response.headers, text });
  return { status: response.status, text, body: text === '' ? undefined : JSON.parse(text) };
}

/** Every answer of this file, checked against the OpenAPI document at the end. */
const answers: WireResponse[] = [];

let server: TestServer;
let plain: TestServer;
let admin: string;

before(async () => {
  const file = join(tempDir('exlib-admin-'), 'keys.json');
  const ring = new KeyRing(file, tiers, EMPTY_STORE, createLogger('silent'));
  const usage = new MemoryUsageStore();
  let nowMs = Date.parse('2026-11-21T12:00:00.000Z');
  const keys = new KeyAdmin({ file, tiers, afterWrite: () => ring.reload(), now: () => nowMs });
  server = await startTestServer({
    tiers,
    usage,
    keysByHash: () => ring.byHash(),
    admin: createAdminApi({ isAdminToken: bearerCheck(TOKEN), keys, tiers, usageByDay: () => usage.usageByDay(), now: () => nowMs }),
  });
  nowMs = server.clock.ms;
  server.deps.now = server.clock.now;
  plain = await startTestServer();
  admin = `${server.url}/admin/v1`;
});
after(async () => {
  await server?.close();
  await plain?.close();
});

describe('the admin API: who may call it', () => {
  it('is absent (404 envelope) when ADMIN_TOKEN is not set', async () => {
    for (const [method, path] of [
      ['GET', '/admin/v1/keys'],
      ['POST', '/admin/v1/keys'],
      ['GET', '/admin/v1/usage'],
      ['GET', '/admin'],
    ]) {
      const { status, body } = await call(`${plain.url}${path}`, method!, undefined);
      assert.equal(status, 404, `${method} ${path}`);
      assert.equal(body.error.code, 'NOT_FOUND');
    }
  });

  it('is 401 ADMIN_TOKEN_INVALID without a token, with a wrong one and with another scheme, and never echoes it', async () => {
    const wrong = `${TOKEN}x`;
    for (const token of [null, wrong, '', TOKEN.slice(0, -1)]) {
      const { status, body, text } = await call(`${admin}/keys`, 'GET', undefined, token);
      assert.equal(status, 401);
      assert.equal(body.error.code, 'ADMIN_TOKEN_INVALID');
      assert.equal(text.includes(TOKEN.slice(0, 12)), false, 'the token is never echoed');
    }
    const basic = await fetch(`${admin}/keys`, { headers: { Authorization: `Basic ${TOKEN}` } });
    assert.equal(basic.status, 401);
  });
});

describe('the admin API: keys', () => {
  it('creates a key shown once, which works at once; lists records without whole keys', async () => {
    const created = await call(`${admin}/keys`, 'POST', { tier: 'starter', label: 'mobile app' });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.body).sort(), ['id', 'key', 'label', 'tier']);
    assert.match(created.body.key, /^exlib_[A-Za-z0-9]{32}$/);
    assert.equal(created.body.tier, 'starter');
    const data = await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': created.body.key } });
    assert.equal(data.status, 200);
    assert.equal(data.headers.get('x-ratelimit-limit'), '1000');
    const listed = await call(`${admin}/keys`, 'GET');
    assert.equal(listed.status, 200);
    const record = listed.body.data.find((r: { id: string }) => r.id === created.body.id);
    assert.equal(record.tier, 'starter');
    assert.equal(record.label, 'mobile app');
    assert.equal(record.maskedKey, `exlib_${'*'.repeat(28)}${created.body.key.slice(-4)}`);
    assert.equal(listed.text.includes(created.body.key), false, 'never a whole key');
  });

  it('regenerates: the new key works, the old one is refused', async () => {
    const created = await call(`${admin}/keys`, 'POST', { tier: 'pro' });
    const regenerated = await call(`${admin}/keys/${created.body.id}/regenerate`, 'POST');
    assert.equal(regenerated.status, 200);
    assert.deepEqual(Object.keys(regenerated.body).sort(), ['id', 'key', 'tier']);
    assert.equal(regenerated.body.id, created.body.id);
    assert.notEqual(regenerated.body.key, created.body.key);
    assert.equal((await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': created.body.key } })).status, 401);
    assert.equal((await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': regenerated.body.key } })).status, 200);
  });

  it('changes a key tier and label; the new limits apply to the next request', async () => {
    const created = await call(`${admin}/keys`, 'POST', { tier: 'free' });
    const patched = await call(`${admin}/keys/${created.body.id}`, 'PATCH', { tier: 'business', label: 'upgraded' });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.tier, 'business');
    assert.equal(patched.body.label, 'upgraded');
    assert.equal(patched.text.includes(created.body.key), false);
    const data = await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': created.body.key } });
    assert.equal(data.headers.get('x-ratelimit-limit'), '100000');
  });

  it('revokes: 204, and the key is refused', async () => {
    const created = await call(`${admin}/keys`, 'POST', { tier: 'free' });
    const revoked = await call(`${admin}/keys/${created.body.id}`, 'DELETE');
    assert.equal(revoked.status, 204);
    assert.equal(revoked.text, '');
    assert.equal((await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': created.body.key } })).status, 401);
    assert.equal((await call(`${admin}/keys/${created.body.id}`, 'DELETE')).status, 404, 'already revoked');
  });

  it('refuses bad bodies, unknown tiers and unknown ids with an envelope', async () => {
    const cases: [string, string, unknown, number, string, string | undefined][] = [
      ['POST', '/keys', '{"tier": ', 400, 'INVALID_BODY', undefined],
      ['POST', '/keys', { tier: 'gold' }, 400, 'INVALID_BODY', 'tier'],
      ['POST', '/keys', { label: 'x' }, 400, 'INVALID_BODY', 'tier'],
      ['POST', '/keys', { tier: 'free', extra: 1 }, 400, 'INVALID_BODY', 'extra'],
      ['POST', '/keys', { tier: 'free', label: 'a\nb' }, 400, 'INVALID_BODY', 'label'],
      ['POST', '/keys', [1], 400, 'INVALID_BODY', undefined],
      ['POST', '/keys', { tier: 'free', label: 'x'.repeat(20_000) }, 413, 'INVALID_BODY', undefined],
      ['PATCH', '/keys/key_nosuchkeyxx', { tier: 'free' }, 404, 'NOT_FOUND', undefined],
      ['PATCH', '/keys/key_nosuchkeyxx', {}, 400, 'INVALID_BODY', undefined],
      ['POST', '/keys/key_nosuchkeyxx/regenerate', undefined, 404, 'NOT_FOUND', undefined],
      ['PUT', '/keys', undefined, 405, 'METHOD_NOT_ALLOWED', undefined],
      ['GET', '/nothing', undefined, 404, 'NOT_FOUND', undefined],
    ];
    for (const [method, path, body, status, code, field] of cases) {
      const answer = await call(`${admin}${path}`, method, body);
      assert.equal(answer.status, status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 40)}: ${answer.text}`);
      assert.equal(answer.body.error.code, code);
      if (field !== undefined) assert.equal(answer.body.error.details.field, field);
    }
  });
});

describe('the admin API: usage', () => {
  it('reports requests, overage requests and overage cost per key and day', async () => {
    const created = await call(`${admin}/keys`, 'POST', { tier: 'tiny' });
    for (let i = 0; i < 5; i++) {
      assert.equal((await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': created.body.key } })).status, 200);
    }
    const usage = await call(`${admin}/usage?from=2026-11-01&to=2026-11-30`, 'GET');
    assert.equal(usage.status, 200);
    const row = usage.body.data.find((r: { keyId: string }) => r.keyId === created.body.id);
    assert.deepEqual(row, { keyId: created.body.id, date: '2026-11-21', requests: 5, overageRequests: 3, overageCost: '$0.006' });
    const outside = await call(`${admin}/usage?from=2026-11-22&to=2026-11-30`, 'GET');
    assert.equal(outside.body.data.length, 0);
    const bad = await call(`${admin}/usage?from=2026-13-01`, 'GET');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.field, 'from');
  });
});

describe('the admin API in the OpenAPI document', () => {
  it('documents every answer this file received: status, headers and body', () => {
    const statuses = new Set(answers.map((answer) => `${answer.method} ${answer.status}`));
    assert.ok(
      answers.length > 20 && statuses.has('POST 201') && statuses.has('DELETE 204') && statuses.has('GET 401'),
      [...statuses].join(', '),
    );
    assert.deepEqual(answers.flatMap(openApiProblems), []);
  });
});
