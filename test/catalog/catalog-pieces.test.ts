/**
 * A catalog as the pieces the reading process sends, and back (src/catalog/catalog-pieces.ts): the
 * same catalog, its unchanged records the live catalog's own, its changed records held as their bytes
 * until read (src/catalog/record-of-bytes.ts), and pieces that cannot make one refused with why.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog, type Catalog, catalogSteps } from '../../src/catalog/catalog.ts';
import { type CatalogPiece, catalogOfPiecesSteps, catalogPieces } from '../../src/catalog/catalog-pieces.ts';
import { RecordOfBytes } from '../../src/catalog/record-of-bytes.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { runNow } from '../../src/time-slices.ts';
import { plainCatalog } from '../helpers/plain-catalog.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';

/** The bundled snapshot (three languages, 2,232 records: several pieces each). */
const snapshot: Snapshot = bundledSnapshot();

/** The record a body sent whole holds. */
function bodyRecord(body: Buffer): { id: string } {
  return (JSON.parse(body.toString()) as { data: { id: string } }).data;
}

function assembled(pieces: readonly CatalogPiece[], live?: Catalog): Result<Catalog> {
  return runNow(catalogOfPiecesSteps('2026-01-02.json', pieces, live));
}

describe('catalog pieces', () => {
  it('make the same catalog, every language, sent whole', () => {
    const catalog = buildCatalog(snapshot, '2026-01-01.json');
    const pieces = catalogPieces(catalog, undefined);
    const records = pieces.filter((piece) => piece.kind === 'records');
    // Each changed record crosses as its body alone (the record is parsed from it on arrival), in pieces
    // of about 512 KB: 13 MB of bodies in 27 pieces, where records and bodies in 50s took 138.
    assert.ok(records.every((piece) => piece.records.every((record) => Buffer.isBuffer(record))));
    const sizes = records.map((piece) => piece.records.reduce<number>((sum, body) => sum + (body as Buffer).length, 0));
    assert.ok(
      sizes.every((size) => size < 600 * 1024),
      `pieces of at most about 512 KB: ${Math.max(...sizes)}`,
    );
    assert.ok(records.length >= 3 && records.length <= 40, `${records.length} pieces of records`);
    const back = assembled(pieces);
    assert.ok(back.ok);
    assert.deepEqual(plainCatalog(back.value), plainCatalog(catalog));
  });

  it('hold a record sent whole as its bytes, with its id and name, and read it whole only when asked', () => {
    const catalog = buildCatalog(snapshot, '2026-01-01.json');
    const back = assembled(catalogPieces(catalog, undefined));
    assert.ok(back.ok);
    const held = back.value.languages.get('es')!.exercises[11]!;
    const record = catalog.languages.get('es')!.exercises[11]!;
    assert.ok(held instanceof RecordOfBytes);
    assert.deepEqual([held.id, held.name], [record.id, record.name]);
    assert.deepEqual(Object.keys(held), ['id', 'name'], 'nothing but the id and the name made on arrival');
    assert.deepEqual(
      [held.keywords, held.instructions, held.videos, held.equipment],
      [record.keywords, record.instructions, record.videos, record.equipment],
    );
    assert.equal(JSON.stringify(held), JSON.stringify(record));
  });

  it("send no translation's English words: they are taken from the English records on arrival", () => {
    const catalog = buildCatalog(snapshot, '2026-01-01.json');
    const pieces = catalogPieces(catalog, undefined);
    const heads = pieces.filter((piece) => piece.kind === 'head');
    assert.deepEqual(
      heads.map((piece) => [piece.head.lang, piece.head.translated === undefined ? 'none' : Object.keys(piece.head.translated).join(' ')]),
      [
        ['de', 'groupNames equipmentNames'],
        ['es', 'groupNames equipmentNames'],
        ['en', 'none'],
      ],
    );
    const back = assembled(pieces);
    assert.ok(back.ok);
    const de = back.value.languages.get('de')!;
    assert.deepEqual({ ...de.translated, englishWords: de.translated!.englishWords }, catalog.languages.get('de')!.translated);
    const english = back.value.exercises[back.value.positionById.get(de.exercises[5]!.id)!]!;
    assert.deepEqual(de.translated!.englishWords[5], [english.name, ...english.keywords]);
  });

  it('send a record the earlier catalog holds as its position there, and take it from the live catalog', () => {
    const live = buildCatalog(snapshot, '2026-01-01.json');
    const edited: Snapshot = { ...snapshot, dataVersion: '2026-01-02', exercises: [...snapshot.exercises] };
    edited.exercises[7] = { ...edited.exercises[7]!, overview: 'Edited overview, long enough to be one.' };
    const next = runNow(catalogSteps(edited, '2026-01-02.json', undefined, live));
    const pieces = catalogPieces(next, live);
    const id = edited.exercises[7]!.id;
    const sentWhole = pieces.flatMap((piece) =>
      piece.kind === 'records'
        ? piece.records.flatMap((record) => (typeof record === 'number' ? [] : [`${piece.lang} ${bodyRecord(record).id}`]))
        : [],
    );
    // The edited record in English (its translations translate the overview: their records are unchanged).
    assert.deepEqual(sentWhole, [`en ${id}`]);
    // Positions cost little to send: each language's records fit one piece.
    assert.equal(pieces.filter((piece) => piece.kind === 'records').length, 1 + live.languages.size);
    const back = assembled(pieces, live);
    assert.ok(back.ok);
    assert.deepEqual(plainCatalog(back.value), plainCatalog(next));
    // No name changed, so no position: every language keeps the live Map of positions.
    assert.equal(back.value.positionById, live.positionById);
    for (const [lang, language] of back.value.languages) assert.equal(language.positionById, live.languages.get(lang)!.positionById, lang);
    for (const [position, exercise] of back.value.exercises.entries()) {
      const at = live.positionById.get(exercise.id)!;
      assert.equal(exercise === live.exercises[at], exercise.id !== id, exercise.id);
      assert.equal(back.value.exerciseBytes[position] === live.exerciseBytes[at], exercise.id !== id, exercise.id);
    }
    // A translation's English words of an unchanged record are the live ones, not a copy made again.
    const [de, liveDe] = [back.value.languages.get('de')!, live.languages.get('de')!];
    for (const [position, exercise] of de.exercises.entries()) {
      const at = liveDe.positionById.get(exercise.id)!;
      const isSame = de.translated!.englishWords[position] === liveDe.translated!.englishWords[at];
      assert.equal(isSame, exercise.id !== id, `the English words of ${exercise.id}`);
    }
  });

  it('make the positions again when a renamed record moves', () => {
    const live = buildCatalog(snapshot, '2026-01-01.json');
    const edited: Snapshot = { ...snapshot, dataVersion: '2026-01-02', exercises: [...snapshot.exercises] };
    edited.exercises[7] = { ...edited.exercises[7]!, name: 'Zzz Moved To The End' };
    const next = runNow(catalogSteps(edited, '2026-01-02.json', undefined, live));
    const back = assembled(catalogPieces(next, live), live);
    assert.ok(back.ok);
    assert.notEqual(back.value.positionById, live.positionById);
    assert.deepEqual(plainCatalog(back.value), plainCatalog(next));
    const id = edited.exercises[7]!.id;
    assert.equal(back.value.positionById.get(id), back.value.exercises.length - 1);
  });

  it("take a day's edits in steps of at most 256 records, positions and ids alike", () => {
    // A whole language in one step held the serving thread 2-7 ms in the reload suite (stop 46).
    const live = buildCatalog(snapshot, '2026-01-01.json');
    const edited: Snapshot = { ...snapshot, dataVersion: '2026-01-02', exercises: [...snapshot.exercises] };
    edited.exercises[7] = { ...edited.exercises[7]!, overview: 'Edited overview, long enough to be one.' };
    const next = runNow(catalogSteps(edited, '2026-01-02.json', undefined, live));
    const steps = catalogOfPiecesSteps('2026-01-02.json', catalogPieces(next, live), live);
    let yields = 0;
    while (steps.next().done !== true) yields += 1;
    // Three languages' records and positions and two translations' ids, 2,232 records each.
    const least = (live.languages.size * 2 + 1) * Math.floor(live.exercises.length / 256);
    assert.ok(yields >= least, `${yields} steps, fewer than ${least}`);
  });

  it('refuse pieces that make no catalog, naming the file', () => {
    const catalog = buildCatalog(snapshot, '2026-01-01.json');
    const whole = catalogPieces(catalog, undefined);
    const why = (pieces: CatalogPiece[], live?: Catalog) => {
      const result = assembled(pieces, live);
      return formatProblems(result.ok ? [] : result.problems);
    };
    const prefix = '2026-01-02.json: could not be read (the reading process sent';
    assert.deepEqual(why(catalogPieces(catalog, catalog)), [`${prefix} a reference to record 0 the live de catalog does not hold)`]);
    const last = whole.at(-1) as Extract<CatalogPiece, { kind: 'records' }>;
    assert.deepEqual(why(whole.slice(0, -1)), [`${prefix} ${2232 - last.records.length} records of 2232 for en)`]);
    assert.deepEqual(why(whole.filter((piece) => piece.kind !== 'head' || piece.isRoot)), [`${prefix} records of de out of place)`]);
    const stray = whole.map((piece) =>
      piece.kind === 'records' && piece.lang === 'de'
        ? {
            ...piece,
            records: piece.records.map((record) =>
              typeof record === 'number' ? record : Buffer.from(JSON.stringify({ data: { ...bodyRecord(record), id: 'not-in-english' } })),
            ),
          }
        : piece,
    ) as CatalogPiece[];
    assert.deepEqual(why(stray), [`${prefix} de record not-in-english, which the English catalog does not hold)`]);
    const broken = (body: string) =>
      whole.map((piece, i) =>
        piece.kind === 'records' && i === whole.length - 1 ? { ...piece, records: [Buffer.from(body), ...piece.records.slice(1)] } : piece,
      );
    for (const body of ['{"data":{"id":"x"', '{"data":[1,2]}', '{"data":null}'])
      assert.deepEqual(why(broken(body)), [`${prefix} a en record whose body is not a record's JSON)`], body);
    assert.deepEqual(
      why(
        whole.slice(
          0,
          whole.findIndex((piece) => piece.kind === 'head' && piece.isRoot),
        ),
      ),
      [`${prefix} no English catalog last)`],
    );
  });
});
