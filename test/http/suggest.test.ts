import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const names = async (q: string, limit?: number): Promise<string[]> => {
  const { status, body } = await get(
    `${server.url}/v1/suggest?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`,
    server.keys.business,
  );
  assert.equal(status, 200, q);
  return (body.data as { name: string }[]).map((item) => item.name);
};

/** Every keystroke of typing `text`, from the first letter. */
const keystrokes = (text: string) => Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));

describe('GET /v1/suggest', () => {
  it('answers { data: [{ id, name }] }, at most limit (default 10), metered like any data route', async () => {
    const { status, headers, body } = await get(`${server.url}/v1/suggest?q=b`, server.keys.starter);
    assert.equal(status, 200);
    assert.equal(body.data.length, 10);
    for (const item of body.data) assert.deepEqual(Object.keys(item), ['id', 'name']);
    assert.equal(headers.get('x-ratelimit-limit'), '1000');
    assert.equal((await names('b', 3)).length, 3);
  });

  it('completes every keystroke of "bench press" with bench press names, the whole phrase first at the end', async () => {
    for (const typed of keystrokes('bench press').slice(2)) {
      const found = await names(typed, 5);
      assert.ok(found.length > 0, `"${typed}" suggests something`);
      if (typed.length >= 5)
        assert.ok(
          found.every((name) => /bench/i.test(name)),
          `"${typed}": ${found.join(', ')}`,
        );
    }
    const done = await names('bench press', 3);
    assert.ok(
      done.every((name) => /Bench Press/.test(name)),
      done.join(', '),
    );
    assert.equal(done[0], 'Barbell Bench Press');
  });

  it('finds names by the start of any word, with typos in longer words, joined words and abbreviations', async () => {
    // The bench press heads the largest family of presses here, so its forms come first (docs/api.md#relevance-order).
    assert.deepEqual(await names('press', 3), ['Barbell Bench Press', 'Dumbbell Bench Press', 'Smith Machine Bench Press']);
    assert.deepEqual(await names('downward d'), ['Downward-Facing Dog']);
    assert.deepEqual((await names('benchpress', 3)).filter((name) => /Bench Press/.test(name)).length, 3);
    assert.ok((await names('benchh pres', 3)).every((name) => /Bench Press/.test(name)));
    assert.ok((await names('sqaut', 5)).every((name) => /Squat/.test(name)));
    assert.deepEqual(await names('kettleb'), ['Kettlebell Swing', 'Goblet Squat']); // the goblet squat's alias: "kettlebell goblet squat"
    assert.deepEqual(await names('overhead pr'), ['Barbell Overhead Press']);
  });

  it('refuses a missing q, and a limit outside 1..20, with 400 INVALID_PARAMETER', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=b&limit=0', 'limit'],
      ['q=b&limit=21', 'limit'],
      ['q=b&q=c', 'q'],
    ] as const) {
      const { status, body } = await get(`${server.url}/v1/suggest?${query}`, server.keys.business);
      assert.equal(status, 400, query);
      assert.equal(body.error.code, 'INVALID_PARAMETER');
      assert.equal(body.error.details.field, field, query);
    }
  });

  it('gives an ETag that revalidates with 304', async () => {
    const first = await get(`${server.url}/v1/suggest?q=squat`, server.keys.business);
    const again = await get(`${server.url}/v1/suggest?q=squat`, server.keys.business, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    assert.equal(again.status, 304);
  });
});
