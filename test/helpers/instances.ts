/**
 * Over-the-wire helpers for tests of several service processes: the admin API by bearer token, keys
 * that must answer alike on every instance, and a burst of sign-ups and key creations spread over them.
 */
import assert from 'node:assert/strict';
import { FormBrowser, keyIn } from './form-browser.ts';
import { type ChildService, eventually } from './service.ts';

export interface AdminAnswer {
  status: number;
  body: { id: string; key: string; error?: { code: string } };
}

export async function adminCall(service: ChildService, token: string, path: string, method: string, body?: unknown): Promise<AdminAnswer> {
  const response = await fetch(`${service.url}/admin/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as AdminAnswer['body'] };
}

/** Resolves once every key answers `status` on every instance; fails after 2 s. */
export async function everywhere(instances: readonly ChildService[], keys: readonly string[], status: number): Promise<void> {
  await eventually(
    async () => {
      for (const service of instances) {
        for (const key of keys) {
          const answer = await fetch(`${service.url}/v1/categories`, { headers: { 'X-API-Key': key } });
          await answer.arrayBuffer();
          if (answer.status !== status) return undefined;
        }
      }
      return true;
    },
    2000,
    50,
  );
}

/**
 * 50 portal sign-ups (`<prefix><i>@example.com`) and 10 admin key creations at once, alternating
 * between the instances; asserts each landed and returns the keys shown.
 */
export async function signUpsAndCreationsAtOnce(instances: readonly ChildService[], token: string, password: string, prefix: string) {
  const signUps = Array.from({ length: 50 }, async (_, i) => {
    const answer = await new FormBrowser(instances[i % instances.length]!.url, password).signUp(`${prefix}${i}@example.com`);
    assert.equal(answer.status, 201, answer.text.slice(0, 300));
    return keyIn(answer.text)!;
  });
  const creations = Array.from({ length: 10 }, (_, i) =>
    adminCall(instances[i % instances.length]!, token, '/keys', 'POST', { tier: 'starter', label: `n${i}` }),
  );
  const [portalKeys, created] = await Promise.all([Promise.all(signUps), Promise.all(creations)]);
  assert.equal(new Set(portalKeys).size, 50);
  assert.ok(created.every((answer) => answer.status === 201));
  return { portalKeys, created };
}

/** Regenerates every created key at once, each on another instance than made it; then the old keys fail and the new ones work everywhere. */
export async function regenerateAtOnce(instances: readonly ChildService[], token: string, created: readonly AdminAnswer[]): Promise<void> {
  const regenerated = await Promise.all(
    created.map((answer, i) => adminCall(instances[(i + 1) % instances.length]!, token, `/keys/${answer.body.id}/regenerate`, 'POST')),
  );
  assert.ok(regenerated.every((answer) => answer.status === 200));
  await everywhere(
    instances,
    created.map((answer) => answer.body.key),
    401,
  );
  await everywhere(
    instances,
    regenerated.map((answer) => answer.body.key),
    200,
  );
}
