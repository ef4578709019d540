import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const list = (query: string) => get(`${server.url}/v1/exercises?${query}`, server.keys.business);
const ALL = 'category,level,force,mechanic,equipment,muscle,hasVideo';

describe('GET /v1/exercises with facets', () => {
  it('leaves the spec shape alone when facets is not sent', async () => {
    const { status, body } = await list('limit=2');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['data', 'total', 'limit', 'offset']);
  });

  it('adds counts of all seven facets over the whole match set, not the page', async () => {
    const { body } = await list(`equipment=barbell&limit=1&facets=${ALL}`);
    assert.deepEqual(Object.keys(body), ['data', 'total', 'limit', 'offset', 'facets']);
    assert.deepEqual(Object.keys(body.facets), ALL.split(','));
    assert.equal(body.data.length, 1);
    // Every barbell exercise is in exactly one level and one category, and has video or not.
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    assert.equal(sum(body.facets.level), body.total);
    assert.equal(sum(body.facets.category), body.total);
    assert.equal(sum(body.facets.hasVideo), body.total);
    assert.equal(body.facets.equipment.barbell, body.total);
    assert.equal(body.facets.equipment.dumbbell, 0);
  });

  it('counts a picker value exactly as many as filtering by it returns', async () => {
    const { body } = await list('q=press&facets=equipment,muscle');
    for (const [value, count] of Object.entries(body.facets.equipment as Record<string, number>).slice(0, 5)) {
      const filtered = await list(`q=press&equipment=${encodeURIComponent(value)}&limit=100`);
      assert.equal(filtered.body.data.length, count, value);
    }
    const chest = await list('q=press&muscle=Chest&limit=100');
    assert.equal(chest.body.data.length, body.facets.muscle.Chest);
  });

  it('takes facets comma-separated or repeated, each counted once, in a fixed order', async () => {
    const { body } = await list('limit=1&facets=level&facets=hasVideo,category,level');
    assert.deepEqual(Object.keys(body.facets), ['category', 'level', 'hasVideo']);
  });

  it('refuses an unknown facet with 400 INVALID_PARAMETER naming it and the allowed ones', async () => {
    const { status, body } = await list('facets=category,colour');
    assert.equal(status, 400);
    assert.equal(body.error.code, 'INVALID_PARAMETER');
    assert.deepEqual(body.error.details, { field: 'facets', received: 'colour', allowed: ALL.split(',') });
  });

  it('gives a page with facets its own ETag, and revalidates it with 304', async () => {
    const plain = await list('limit=2');
    const faceted = await list('limit=2&facets=level');
    const etag = faceted.headers.get('etag')!;
    assert.notEqual(etag, plain.headers.get('etag'));
    const again = await get(`${server.url}/v1/exercises?limit=2&facets=level`, server.keys.business, {
      headers: { 'If-None-Match': etag },
    });
    assert.equal(again.status, 304);
  });
});
