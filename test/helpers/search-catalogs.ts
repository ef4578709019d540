/**
 * The two catalogs search is judged on, for tests and the bench: the bundled snapshot (authored
 * keywords, aliases, Sanskrit names) and an import of free-exercise-db, which nobody on the project
 * wrote and whose keywords are only its names' words, muscles and equipment, so that what search finds
 * there comes from the engine and not from authored aliases. `withoutKeywords` strips even those.
 *
 * test/fixtures/free-exercise-db.json is yuhonas/free-exercise-db's dist/exercises.json (public domain,
 * the Unlicense) with its facts only: the instructions are left out, since none of its sentences may be
 * carried into the project (docs/operations.md#data-sources) and search does not read them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importFreeExerciseDb, parseTaxonomy } from '../../src/catalog/free-exercise-db.ts';
import { listSnapshotFiles, readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import { formatProblems } from '../../src/problems.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The newest snapshot in data/. */
export function bundledSnapshot(): Snapshot {
  const file = join(ROOT, 'data', listSnapshotFiles(join(ROOT, 'data'))[0]!);
  const result = readSnapshotFile(file);
  if (!result.ok) throw new Error(`${file} is invalid: ${formatProblems(result.problems.slice(0, 5)).join('; ')}`);
  return result.value;
}

/** free-exercise-db imported with the bundled taxonomy, as `snapshot import-free-exercise-db` does. */
export function freeExerciseDbSnapshot(): Snapshot {
  const taxonomyFile = join(ROOT, 'data/source/taxonomy.json');
  const taxonomy = parseTaxonomy(JSON.parse(readFileSync(taxonomyFile, 'utf8')), taxonomyFile);
  if (!taxonomy.ok) throw new Error(formatProblems(taxonomy.problems).join('; '));
  const raw: unknown = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/free-exercise-db.json'), 'utf8'));
  const result = importFreeExerciseDb(raw, {
    dataVersion: '2026-01-01',
    lastUpdated: '2026-01-01T00:00:00.000Z',
    taxonomy: taxonomy.value,
  });
  if (!result.ok) throw new Error(`free-exercise-db import: ${formatProblems(result.problems.slice(0, 5)).join('; ')}`);
  return result.value.snapshot;
}

/** The same snapshot with every exercise's keywords removed. */
export function withoutKeywords(snapshot: Snapshot): Snapshot {
  return { ...snapshot, exercises: snapshot.exercises.map((exercise) => ({ ...exercise, keywords: [] })) };
}
