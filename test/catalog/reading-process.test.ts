/**
 * Reading snapshots in the kept reading process (src/catalog/reading-process.ts): the catalog put
 * together here is always the one built from the file; after a first read only the records that
 * changed cross, the rest are the live catalog's own, unless the live catalog is not the one the
 * process sent last; a piece equal to one of the live read's is that one, and the index adopted from
 * them answers as one built here; a process that stops refuses its read, not the next one; the
 * process reads its first file twice more as a reload would (a rehearsal); and the process's channel is
 * held by the relay thread, not by this one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { type LiveRead, type ProcessRead, readInProcess } from '../../src/catalog/reading-process.ts';
import { DEFAULT_MAX_SNAPSHOT_BYTES, readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { adoptIndex, INDEX_BUILD_MODULE } from '../../src/search/index-parts.ts';
import { findPage } from '../../src/search/page-query.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../src/search/search-index.ts';
import { tempDir, tinySnapshot, writeSnapshot } from '../helpers/snapshots.ts';
import { plainCatalog } from '../helpers/plain-catalog.ts';

/** tinySnapshot with Spanish names for every exercise. */
function withSpanish(dataVersion: string): Snapshot {
  const snapshot = tinySnapshot(dataVersion);
  snapshot.translations = {
    es: { exercises: Object.fromEntries(snapshot.exercises.map((e) => [e.id, { name: `${e.name} (es)` }])) },
  };
  return snapshot;
}

function value<T>(result: Result<T>): T {
  assert.ok(result.ok, result.ok ? '' : formatProblems(result.problems).join('\n'));
  return result.value;
}

/** The catalog built on this thread from `file`, as the loader built it before the reading process. */
function builtHere(file: string): Catalog {
  return buildCatalog(value(readSnapshotFile(file)), basename(file));
}

async function readIn(dir: string, snapshot: unknown, live?: LiveRead, build?: URL): Promise<{ file: string; read: ProcessRead }> {
  const file = writeSnapshot(dir, snapshot);
  return { file, read: value(await readInProcess(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES, { build }, live)) };
}

/** A snapshot after `withSpanish(version)` with the first record's overview and one Spanish name changed. */
function edited(version: string): { snapshot: Snapshot; changedId: string; changedText: string } {
  const snapshot = withSpanish(version);
  const changedId = snapshot.exercises[0]!.id;
  snapshot.exercises[0] = { ...snapshot.exercises[0]!, overview: `${snapshot.exercises[0]!.overview} Revised.` };
  // A record moved in the file: the catalog's order is its own, and the record is found by id.
  snapshot.exercises.push(snapshot.exercises.splice(1, 1)[0]!);
  const changedText = snapshot.exercises.at(-2)!.id;
  snapshot.translations!.es!.exercises[changedText] = { name: 'Otro nombre' };
  return { snapshot, changedId, changedText };
}

function assertShared(next: Catalog, live: Catalog, changed: readonly string[], label: string): void {
  for (const [position, exercise] of next.exercises.entries()) {
    const at = live.positionById.get(exercise.id)!;
    const isChanged = changed.includes(exercise.id);
    assert.equal(exercise === live.exercises[at], !isChanged, `${label} ${exercise.id}: the live record unless changed`);
    assert.equal(
      next.exerciseBodies[position] === live.exerciseBodies[at],
      !isChanged,
      `${label} ${exercise.id}: the live bytes unless changed`,
    );
  }
}

/** The positions of the first page `q` finds in `lang` (all exercises without `q`). */
function pageOf(index: SearchIndex, q: string | undefined, lang: string): number[] {
  const inLang = lang === 'en' ? index : index.languages.get(lang)!;
  const page = findPage(inLang, { q, filters: [], random: false, limit: 20, offset: 0, withMatchSet: false }, SEARCH_CONTEXT);
  assert.ok(typeof page === 'object');
  return [...page.positions];
}

const SEARCH_CONTEXT = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: () => 0.5 };

describe('the reading process', () => {
  it('sends only changed records after a first read: the rest are the live ones, and the catalog is the file', async () => {
    const dir = tempDir();
    const first = await readIn(dir, withSpanish('2026-01-01'));
    assert.deepEqual(
      plainCatalog(first.read.catalog),
      plainCatalog(builtHere(first.file)),
      'read whole, the catalog is the one built from the file',
    );
    const { snapshot, changedId, changedText } = edited('2026-01-02');
    const second = await readIn(dir, snapshot, first.read);
    assert.deepEqual(
      plainCatalog(second.read.catalog),
      plainCatalog(builtHere(second.file)),
      'put together from changes, the catalog is the file',
    );
    assertShared(second.read.catalog, first.read.catalog, [changedId], 'en');
    // A translation's record holds the English fields it does not translate: the English edit changes it too.
    assertShared(second.read.catalog.languages.get('es')!, first.read.catalog.languages.get('es')!, [changedId, changedText], 'es');
  });

  it('sends every record whole when the live catalog is not the one it sent last, and after a refused read changes nothing', async () => {
    const dir = tempDir();
    const first = await readIn(dir, withSpanish('2026-01-01'));
    const broken = join(dir, '2026-01-02.json');
    writeFileSync(broken, '{"dataVersion": "2026-01-02", "exercises": [');
    const refused = await readInProcess(broken, dir, DEFAULT_MAX_SNAPSHOT_BYTES, {}, first.read);
    assert.equal(refused.ok, false);
    assert.match(formatProblems(refused.ok ? [] : refused.problems)[0]!, /2026-01-02\.json/);
    // Not served (the loader kept the first): the third read is compared with the first.
    const second = await readIn(dir, withSpanish('2026-01-03'), first.read);
    assertShared(second.read.catalog, first.read.catalog, [], 'after a refused read');
    // The process sent the second last; a loader serving the first gets every record whole.
    const third = await readIn(dir, edited('2026-01-04').snapshot, first.read);
    assert.deepEqual(plainCatalog(third.read.catalog), plainCatalog(builtHere(third.file)));
    for (const exercise of third.read.catalog.exercises) {
      assert.notEqual(
        exercise,
        first.read.catalog.exercises[first.read.catalog.positionById.get(exercise.id)!],
        `${exercise.id} sent whole`,
      );
    }
    const fourth = await readIn(dir, edited('2026-01-05').snapshot, third.read);
    assertShared(fourth.read.catalog, third.read.catalog, [], 'after a whole read');
  });

  it('sends a piece equal to one of the live read as its place there: the main thread takes the one it holds', async () => {
    const dir = tempDir();
    const first = await readIn(dir, withSpanish('2026-01-01'), undefined, INDEX_BUILD_MODULE);
    const second = await readIn(dir, edited('2026-01-02').snapshot, first.read, INDEX_BUILD_MODULE);
    let shared = 0;
    for (const [at, piece] of second.read.pieces.entries()) {
      const equal = first.read.pieces.filter((earlier) => isDeepStrictEqual(earlier, piece));
      // Equal pieces are the live ones (unchanged index parts); the rest crossed (the heads say 2026-01-02).
      assert.equal(equal.includes(piece), equal.length > 0, `piece ${at}: the live one when equal to one`);
      if (equal.length > 0) shared += 1;
    }
    assert.ok(shared > second.read.pieces.length / 2, `${shared} of ${second.read.pieces.length} pieces taken from the live read`);
    assert.ok(shared < second.read.pieces.length);
    // Runs of unchanged pieces, and small changed ones, cross as one answer: far fewer answers than pieces.
    assert.ok(second.read.answers < second.read.pieces.length / 4, `${second.read.answers} answers of ${second.read.pieces.length} pieces`);
    assert.ok(first.read.answers < first.read.pieces.length / 4, `${first.read.answers} answers of ${first.read.pieces.length} pieces`);
    assert.deepEqual(plainCatalog(second.read.catalog), plainCatalog(builtHere(second.file)));
    // What the main thread adopts from them answers as an index built here from the file.
    const built = second.read.built;
    assert.ok('pieces' in built);
    const adopted = await adoptIndex(second.read.catalog, built.pieces);
    assert.ok('index' in adopted, JSON.stringify(adopted));
    const here = buildSearchIndexNow(builtHere(second.file));
    for (const q of ['press', 'curl', 'squat', undefined])
      for (const lang of ['en', 'es']) assert.deepEqual(pageOf(adopted.index, q, lang), pageOf(here, q, lang), `${lang} ${q}`);
  });

  it('refuses a read whose piece refers to one the main thread does not hold, and reads the next whole', async () => {
    const dir = tempDir();
    const first = await readIn(dir, withSpanish('2026-01-01'), undefined, INDEX_BUILD_MODULE);
    const file = writeSnapshot(dir, withSpanish('2026-01-02'));
    const without = { ...first.read, pieces: [] };
    const refused = await readInProcess(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES, { build: INDEX_BUILD_MODULE }, without);
    assert.match(
      formatProblems(refused.ok ? [] : refused.problems)[0]!,
      /2026-01-02\.json: could not be read \(the reading process sent piece \d+ of a read this process does not hold\)/,
    );
    const next = await readIn(dir, withSpanish('2026-01-03'), first.read, INDEX_BUILD_MODULE);
    assert.deepEqual(plainCatalog(next.read.catalog), plainCatalog(builtHere(next.file)));
    assert.ok(
      next.read.pieces.every((piece) => !first.read.pieces.includes(piece)),
      'a new process sends every piece',
    );
  });

  it("takes the process's answers through the relay thread: this thread holds no child process and no channel to one", async () => {
    const dir = tempDir();
    const file = writeSnapshot(dir, withSpanish('2026-01-20'));
    const held = new Set<string>();
    // What this thread's event loop holds, looked at every few milliseconds while the read is under way.
    const looking = setInterval(() => {
      for (const resource of process.getActiveResourcesInfo()) held.add(resource);
    }, 2);
    const before = new Set(process.getActiveResourcesInfo());
    try {
      value(await readInProcess(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES, { build: INDEX_BUILD_MODULE }));
    } finally {
      clearInterval(looking);
    }
    assert.ok(held.has('MessagePort'), `the relay's port while reading (held: ${[...held].join(', ')})`);
    assert.ok(!held.has('ProcessWrap'), `no child process on this thread (held: ${[...held].join(', ')})`);
    const pipes = (resources: Iterable<string>) => [...resources].filter((resource) => resource === 'PipeWrap').length;
    assert.equal(pipes(held), pipes(before), "no pipe beyond the ones this process already held: the channel is the relay's");
  });

  it('reads its first file twice more as a reload reads one, after handing it over, and only the first', async () => {
    const dir = tempDir();
    const versions = new URL('../fixtures/build-modules/versions.ts', import.meta.url);
    const first = await readIn(dir, tinySnapshot('2026-01-21'), undefined, versions);
    assert.deepEqual(first.read.built, { pieces: [['2026-01-21']] });
    // The rehearsal runs as soon as the last piece is handed over, before the process takes its next request.
    const second = await readIn(dir, tinySnapshot('2026-01-22'), first.read, versions);
    assert.deepEqual(second.read.built, { pieces: [['2026-01-21', '2026-01-21', '2026-01-21', '2026-01-22']] });
    const third = await readIn(dir, tinySnapshot('2026-01-23'), second.read, versions);
    assert.deepEqual(third.read.built, { pieces: [['2026-01-21', '2026-01-21', '2026-01-21', '2026-01-22', '2026-01-23']] });
    assert.deepEqual(plainCatalog(third.read.catalog), plainCatalog(builtHere(third.file)));
    // Each read is paced by the cost of the read before it; the first reload by the rehearsal's (the
    // first file again, none of its bytes changed), not the cold first read's (every byte new).
    const fileBytes = statSync(first.file).size;
    assert.equal(first.read.pacedBy, undefined);
    assert.deepEqual(second.read.pacedBy && { ...second.read.pacedBy, cpuMs: 0 }, { cpuMs: 0, fileBytes, changedBytes: 0 });
    assert.ok(second.read.pacedBy!.cpuMs > 0, 'the rehearsal took some CPU');
    assert.deepEqual(third.read.pacedBy, { cpuMs: second.read.cpuMs, fileBytes: statSync(second.file).size, changedBytes: 0 });
  });

  it('refuses a read during which the process stopped, and reads the next in a new one', async () => {
    const dir = tempDir();
    const exits = new URL('../fixtures/build-modules/exits.ts', import.meta.url);
    const file = writeSnapshot(dir, tinySnapshot('2026-01-18'));
    const stopped = await readInProcess(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES, { build: exits });
    assert.deepEqual(formatProblems(stopped.ok ? [] : stopped.problems), [
      `${file}: could not be read (the reading process stopped with 7)`,
    ]);
    const next = await readIn(dir, tinySnapshot('2026-01-19'), undefined, exits);
    assert.deepEqual(plainCatalog(next.read.catalog), plainCatalog(builtHere(next.file)));
    assert.deepEqual(next.read.built, { pieces: [] });
  });
});
