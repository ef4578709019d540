/**
 * `lang` and Accept-Language on every data route (docs/api.md#languages), over the wire: a request
 * without `lang` gets the English bytes a catalog without translations serves, byte for byte, on every
 * route; a language changes the text and never an id, enum value, muscle, medium or count; the reply
 * says its language, varies on Accept-Language when that header chose it, and validates per language.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import type { Exercise, Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

const snapshot = bundledSnapshot();
const { translations: _translations, ...englishOnly } = snapshot;
let translated: TestServer;
let english: TestServer;

function serverOf(of: Snapshot): Promise<TestServer> {
  const catalog = buildCatalog(of, 'data/2026-11-28.json');
  return startTestServer({
    catalog: () => catalog,
    search: (() => {
      const index = buildSearchIndexNow(catalog);
      return () => index;
    })(),
  });
}

before(async () => {
  [translated, english] = await Promise.all([serverOf(snapshot), serverOf(englishOnly)]);
});
after(async () => {
  await translated.close();
  await english.close();
});

/** Every data route, with the query strings clients send. */
const ROUTES = [
  '/v1/exercises',
  '/v1/exercises?q=bench%20press&limit=50',
  '/v1/exercises?muscle=chest&equipment=barbell&level=beginner&facets=equipment,muscle,level',
  '/v1/exercises?q=squat&offset=20&limit=20',
  '/v1/exercises/Barbell_Squat',
  '/v1/muscles',
  '/v1/equipment',
  '/v1/categories',
  '/v1/stats',
  '/v1/suggest?q=squ',
  '/v1/suggest?q=romanian%20dead&limit=5',
  '/v1/export',
];

async function fetchBytes(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': server.keys.business!, ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const withLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

describe('without lang, every route serves the English bytes of a catalog without translations', () => {
  for (const path of ROUTES) {
    it(path, async () => {
      const before = await fetchBytes(english, path);
      assert.equal(before.status, 200);
      for (const [label, route, headers] of [
        ['no lang', path, {}],
        ['lang=en', withLang(path, 'en'), {}],
        ['Accept-Language: en-US', path, { 'Accept-Language': 'en-US,en;q=0.9' }],
        ['an unsupported Accept-Language', path, { 'Accept-Language': 'fr-FR, fr;q=0.9, *;q=0' }],
      ] as const) {
        const now = await fetchBytes(translated, route, headers);
        assert.equal(now.status, 200, label);
        assert.ok(now.bytes.equals(before.bytes), `${label}: the body differs`);
        assert.equal(now.headers.get('etag'), before.headers.get('etag'), label);
        assert.equal(now.headers.get('content-language'), 'en', label);
      }
    });
  }
});

/** The exercises of an NDJSON export, by id. */
function exported(bytes: Buffer): Map<string, Exercise> {
  const records = bytes
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Exercise);
  return new Map(records.map((record) => [record.id, record]));
}

const INVARIANT_FIELDS = [
  'id',
  'primaryMuscles',
  'secondaryMuscles',
  'force',
  'level',
  'mechanic',
  'category',
  'images',
  'videos',
] as const;

for (const lang of ['es', 'de']) {
  describe(`lang=${lang}`, () => {
    it('changes the text of every exercise and no id, enum value, muscle or medium', async () => {
      const base = exported((await fetchBytes(translated, '/v1/export')).bytes);
      const local = exported((await fetchBytes(translated, `/v1/export?lang=${lang}`)).bytes);
      assert.deepEqual([...local.keys()].sort(), [...base.keys()].sort());
      let renamed = 0;
      for (const [id, exercise] of local) {
        const source = base.get(id)!;
        for (const field of INVARIANT_FIELDS) assert.deepEqual(exercise[field], source[field], `${id}.${field}`);
        assert.equal(exercise.equipment === null, source.equipment === null, `${id}.equipment`);
        assert.notDeepEqual(exercise.instructions, source.instructions, `${id}.instructions`);
        assert.equal(exercise.instructions.length, source.instructions.length, `${id}.instructions`);
        assert.equal(exercise.variations.length, source.variations.length, `${id}.variations`);
        if (exercise.name !== source.name) renamed += 1;
      }
      // Some names are the same in every language ("Burpee", "Hip Thrust"): most are not.
      assert.ok(renamed > local.size * 0.8, `${renamed} of ${local.size} names differ`);
    });

    it('keeps counts, stats and category names; names equipment and muscle groups in the language', async () => {
      const stats = await get(withLang(`${translated.url}/v1/stats`, lang), translated.keys.business);
      const englishStats = await get(`${translated.url}/v1/stats`, translated.keys.business);
      assert.deepEqual(stats.body, englishStats.body);
      const categories = (await get(withLang(`${translated.url}/v1/categories`, lang), translated.keys.business)).body.data;
      const englishCategories = (await get(`${translated.url}/v1/categories`, translated.keys.business)).body.data;
      assert.deepEqual(
        categories.map((c: { category: string; count: number }) => [c.category, c.count]),
        englishCategories.map((c: { category: string; count: number }) => [c.category, c.count]),
      );
      assert.ok(
        categories.every((c: { description: string }, i: number) => c.description !== englishCategories[i].description),
        'every category is described in the language',
      );
      const muscles = (await get(withLang(`${translated.url}/v1/muscles`, lang), translated.keys.business)).body.data;
      assert.deepEqual(
        muscles.map((g: { muscles: string[] }) => g.muscles),
        snapshot.muscleGroups.map((g) => g.muscles),
      );
      assert.equal(muscles[0].displayGroup, snapshot.translations![lang]!.muscleGroups!.Chest);
      const equipment = (await get(withLang(`${translated.url}/v1/equipment`, lang), translated.keys.business)).body.data;
      assert.deepEqual(
        equipment,
        snapshot.equipment.map((name) => snapshot.translations![lang]!.equipment![name]),
      );
    });

    it('says its language, and its tag and cached pages are its own', async () => {
      const path = '/v1/exercises/Barbell_Squat';
      const local = await fetchBytes(translated, withLang(path, lang));
      const base = await fetchBytes(translated, path);
      assert.equal(local.headers.get('content-language'), lang);
      assert.notEqual(local.headers.get('etag'), base.headers.get('etag'));
      // lang in the URL chose the language, so Accept-Language does not vary it.
      assert.doesNotMatch(local.headers.get('vary')!, /Accept-Language/);
      const revalidated = await fetchBytes(translated, withLang(path, lang), { 'If-None-Match': local.headers.get('etag')! });
      assert.equal(revalidated.status, 304);
      assert.equal((await fetchBytes(translated, path, { 'If-None-Match': local.headers.get('etag')! })).status, 200);
    });
  });
}

describe('Accept-Language', () => {
  it('chooses the language when lang is absent, by quality, and Vary says so', async () => {
    for (const [header, lang] of [
      ['es-ES,es;q=0.9,en;q=0.8', 'es'],
      ['de', 'de'],
      ['fr-CH, fr;q=0.9, de;q=0.7, en;q=0.5', 'de'],
      ['en;q=0.5, es;q=0.8', 'es'],
      ['es;q=0, de;q=0.1', 'de'],
      ['*', 'en'],
      ['', 'en'],
    ] as const) {
      const reply = await fetchBytes(translated, '/v1/exercises/Barbell_Squat', { 'Accept-Language': header });
      assert.equal(reply.headers.get('content-language'), lang, header);
      assert.match(reply.headers.get('vary')!, /Accept-Language/, header);
      const name = (JSON.parse(reply.bytes.toString()) as { data: Exercise }).data.name;
      const expected = lang === 'en' ? 'Barbell Squat' : snapshot.translations![lang]!.exercises.Barbell_Squat!.name;
      assert.equal(name, expected, header);
    }
  });

  it('gives way to lang', async () => {
    const reply = await fetchBytes(translated, '/v1/exercises/Barbell_Squat?lang=de', { 'Accept-Language': 'es' });
    assert.equal(reply.headers.get('content-language'), 'de');
  });
});

describe('an unsupported or repeated lang', () => {
  it('is 400 INVALID_PARAMETER naming the languages there are, on every data route', async () => {
    for (const path of ROUTES) {
      const { status, body } = await get(withLang(`${translated.url}${path}`, 'fr'), translated.keys.business);
      assert.equal(status, 400, path);
      assert.equal(body.error.code, 'INVALID_PARAMETER');
      assert.deepEqual(body.error.details, { field: 'lang', received: 'fr', allowed: ['en', 'de', 'es'] });
    }
  });

  it('is 400 when sent twice, and a catalog without translations serves English only', async () => {
    assert.equal((await get(`${translated.url}/v1/stats?lang=es&lang=de`, translated.keys.business)).status, 400);
    const { status, body } = await get(`${english.url}/v1/stats?lang=es`, english.keys.business);
    assert.equal(status, 400);
    assert.deepEqual(body.error.details.allowed, ['en']);
  });

  it('takes a region and any case as the language (es-MX, DE)', async () => {
    assert.equal((await fetchBytes(translated, '/v1/stats?lang=es-MX')).headers.get('content-language'), 'es');
    assert.equal((await fetchBytes(translated, '/v1/stats?lang=DE')).headers.get('content-language'), 'de');
  });
});

describe('search and filters in a language', () => {
  const names = async (path: string): Promise<string[]> =>
    (await get(`${translated.url}${path}`, translated.keys.business)).body.data.map((e: { name: string }) => e.name);

  it('finds by the language, folded accents, umlauts and compounds, and English gym names', async () => {
    assert.match((await names('/v1/exercises?lang=es&q=press%20banca&limit=3'))[0]!, /^Press de banca/);
    assert.match((await names('/v1/exercises?lang=es&q=jalon%20al%20pecho&limit=3'))[0]!, /^Jalón al pecho/);
    assert.match((await names('/v1/exercises?lang=de&q=bankdruecken&limit=3'))[0]!, /Bankdrücken/);
    assert.match((await names('/v1/exercises?lang=de&q=langhantelkniebeuge&limit=3'))[0]!, /Kniebeuge/);
    const squats = await names('/v1/exercises?lang=de&q=kniebeuge%20langhantel&limit=3');
    assert.ok(
      squats.every((name) => /kniebeuge/i.test(name) && /langhantel/i.test(name)),
      squats.join(' | '),
    );
    assert.match((await names('/v1/exercises?lang=de&q=hip%20thrust&limit=3'))[0]!, /Hip Thrust/);
    assert.match((await names('/v1/exercises?lang=es&q=deadlift&limit=3'))[0]!, /Peso muerto/);
  });

  it('filters by localized and English names alike', async () => {
    const total = async (path: string) => (await get(`${translated.url}${path}`, translated.keys.business)).body.total as number;
    const dumbbell = await total('/v1/exercises?equipment=dumbbell&limit=1');
    for (const path of [
      '/v1/exercises?lang=es&equipment=mancuerna',
      '/v1/exercises?lang=es&equipment=Mancuernas',
      '/v1/exercises?lang=es&equipment=dumbbell',
      '/v1/exercises?lang=de&equipment=Kurzhantel',
      '/v1/exercises?lang=de&equipment=KH',
    ]) {
      assert.equal(await total(`${path}&limit=1`), dumbbell, path);
    }
    const chest = await total('/v1/exercises?muscle=chest&limit=1');
    for (const path of ['/v1/exercises?lang=es&muscle=pecho', '/v1/exercises?lang=de&muscle=Brust', '/v1/exercises?lang=de&muscle=chest']) {
      assert.equal(await total(`${path}&limit=1`), chest, path);
    }
    // The English shorthand means what it means in English.
    assert.equal(await total('/v1/exercises?lang=es&muscle=pecs&limit=1'), await total('/v1/exercises?muscle=pecs&limit=1'));
  });

  it('suggests names in the language', async () => {
    const suggested = (await get(`${translated.url}/v1/suggest?lang=es&q=sentad`, translated.keys.business)).body.data;
    assert.ok(suggested.length > 0 && suggested.every((s: { name: string }) => /^Sentadilla/.test(s.name)), JSON.stringify(suggested));
  });
});
