/**
 * scripts/build-snapshot.ts, run as a maintainer runs it: aliases from formerIds, variations of merged
 * records, images from free-exercise-db's list only, videos from videos.json, served ids that must keep
 * resolving, and a build that is reproducible byte for byte. Then the bundled catalog itself.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildCatalog, findExercisePosition } from '../../src/catalog/catalog.ts';
import { depthProblems } from '../../src/catalog/snapshot-depth.ts';
import { listSnapshotFiles, readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import { formatProblems } from '../../src/problems.ts';
import { CATEGORIES, type Snapshot } from '../../src/catalog/snapshot-schema.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const SCRIPT = join(ROOT, 'scripts/build-snapshot.ts');

function build(args: string[]): { code: number; out: string; err: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: result.status ?? -1, out: result.stdout, err: result.stderr };
}

/** A source record at depth; `variations` must name other records of the sources. */
function record(id: string, name: string, variations: string[], fields: Record<string, unknown> = {}): Record<string, unknown> {
  const word = name.toLowerCase();
  return {
    id,
    name,
    keywords: [`${word} a`, `${word} b`, `${word} c`, `${word} d`, `${word} e`],
    primaryMuscles: ['gluteus maximus'],
    secondaryMuscles: [],
    equipment: 'barbell',
    force: 'push',
    level: 'intermediate',
    mechanic: 'compound',
    overview:
      `The ${word} is a record of this test's little catalog, given an overview long enough to pass the rule ` +
      'that asks for twenty-five words or more in each one.',
    instructions: ['Set up.', 'Brace.', 'Move.', 'Return.'],
    exerciseTips: [`A first ${word} tip.`, 'A second tip.', 'A third tip.'],
    commonMistakes: ['One mistake.', 'Another mistake.'],
    safetyInfo: `Stop the ${word} when a joint hurts, and lower the load before the next set.`,
    variations,
    ...fields,
  };
}

/** A sources folder: the real taxonomy, two area files, a merge, a served-ids list, one clip, fedb images. */
function sourcesDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'exlib-build-'));
  mkdirSync(join(dir, 'exercises'));
  mkdirSync(join(dir, 'media'));
  copyFileSync(join(ROOT, 'data/source/taxonomy.json'), join(dir, 'taxonomy.json'));
  const strength = ['Barbell Squat', 'Barbell Deadlift', 'Hip Thrust', 'Romanian Deadlift'];
  writeFileSync(
    join(dir, 'exercises', 'a-strength.json'),
    JSON.stringify({
      category: 'strength',
      exercises: [
        record('Barbell_Squat', 'Barbell Squat', ['Barbell Deadlift', 'Hip Thrust', 'Back Squat', 'Romanian Deadlift'], {
          formerIds: ['Barbell_Back_Squat'],
        }),
        record('Barbell_Deadlift', 'Barbell Deadlift', ['Barbell Squat', 'Hip Thrust', 'Romanian Deadlift']),
        record('Hip_Thrust', 'Hip Thrust', ['Back Squat', 'Barbell Squat', 'Barbell Deadlift', 'Romanian Deadlift']),
        record('Romanian_Deadlift', 'Romanian Deadlift', strength.slice(0, 3)),
      ],
    }),
  );
  writeFileSync(
    join(dir, 'exercises', 'b-powerlifting.json'),
    JSON.stringify({
      category: 'powerlifting',
      exercises: [record('Box_Squat', 'Box Squat', ['Back Squat', 'Hip Thrust', 'Barbell Deadlift'])],
    }),
  );
  writeFileSync(join(dir, 'served-ids.json'), JSON.stringify({ Barbell_Back_Squat: 'Back Squat', Hip_Thrust: 'Hip Thrust' }));
  writeFileSync(
    join(dir, 'videos.json'),
    JSON.stringify({
      Hip_Thrust: [
        {
          path: 'Hip_Thrust/demo-1.mp4',
          format: 'mp4',
          resolution: '496x864',
          aspectRatio: '9:16',
          durationSeconds: 4,
          generatedWith: 'studio capture',
          generatedAt: '2026-10-02T09:00:00.000Z',
        },
      ],
    }),
  );
  writeFileSync(
    join(dir, 'media', 'free-exercise-db-images.json'),
    JSON.stringify({ Barbell_Squat: ['Barbell_Squat/0.jpg', 'Barbell_Squat/1.jpg'], Unrelated: ['Unrelated/0.jpg'] }),
  );
  return dir;
}

describe('build-snapshot', () => {
  it('builds aliases, remapped variations, fedb images and resolved videos, reproducibly byte for byte', () => {
    const source = sourcesDir();
    // The second --out does not exist yet: it is made.
    const outs = [mkdtempSync(join(tmpdir(), 'exlib-out-')), join(mkdtempSync(join(tmpdir(), 'exlib-out-')), 'new', 'folder')];
    for (const out of outs) {
      const {
        code,
        out: printed,
        err,
      } = build(['--source', source, '--out', out, '--date', '2026-12-01', '--media-base', 'https://cdn.example.org/m']);
      assert.equal(code, 0, err);
      assert.equal(printed.trim(), `wrote ${join(out, '2026-12-01.json')}: 5 exercises, 1 aliases`);
    }
    const [first, second] = outs.map((out) => readFileSync(join(out, '2026-12-01.json')));
    assert.ok(first!.equals(second!), 'two builds of the same sources differ');
    const snapshot = JSON.parse(first!.toString('utf8')) as Snapshot;
    assert.equal(snapshot.lastUpdated, '2026-12-01T06:00:00.000Z');
    assert.deepEqual(snapshot.aliases, { Barbell_Back_Squat: 'Barbell_Squat' });
    assert.deepEqual(
      snapshot.exercises.map((e) => e.id),
      ['Barbell_Deadlift', 'Barbell_Squat', 'Box_Squat', 'Hip_Thrust', 'Romanian_Deadlift'],
    );
    const byId = new Map(snapshot.exercises.map((e) => [e.id, e]));
    assert.deepEqual(byId.get('Barbell_Squat')!.variations, ['Barbell Deadlift', 'Hip Thrust', 'Romanian Deadlift']);
    assert.deepEqual(byId.get('Hip_Thrust')!.variations, ['Barbell Squat', 'Barbell Deadlift', 'Romanian Deadlift']);
    assert.deepEqual(byId.get('Box_Squat')!.variations, ['Barbell Squat', 'Hip Thrust', 'Barbell Deadlift']);
    assert.deepEqual(byId.get('Barbell_Squat')!.images, ['Barbell_Squat/0.jpg', 'Barbell_Squat/1.jpg']);
    assert.deepEqual(byId.get('Hip_Thrust')!.images, []);
    assert.equal(byId.get('Hip_Thrust')!.videos[0]!.url, 'https://cdn.example.org/m/Hip_Thrust/demo-1.mp4');
    assert.equal('formerIds' in byId.get('Barbell_Squat')!, false);
    assert.equal(byId.get('Box_Squat')!.category, 'powerlifting');
  });

  it('refuses a catalog where a served id resolves to nothing, a formerId claimed twice or a generated field', () => {
    const source = sourcesDir();
    writeFileSync(join(source, 'served-ids.json'), JSON.stringify({ Barbell_Back_Squat: 'Back Squat', Goblet_Squat: 'Goblet Squat' }));
    const file = join(source, 'exercises', 'b-powerlifting.json');
    const body = JSON.parse(readFileSync(file, 'utf8')) as { exercises: Record<string, unknown>[] };
    body.exercises[0]!.formerIds = ['Barbell_Back_Squat'];
    body.exercises[0]!.images = [];
    writeFileSync(file, JSON.stringify(body));
    const { code, err } = build(['--source', source, '--out', mkdtempSync(join(tmpdir(), 'exlib-out-')), '--date', '2026-12-01']);
    assert.equal(code, 1);
    assert.deepEqual(err.trim().split('\n'), [
      'exercises[Box_Squat].images: is added by the build; remove it from b-powerlifting.json',
      'exercises[Box_Squat].formerIds: Barbell_Back_Squat is also claimed by Barbell_Squat',
      // The alias claimed last wins, so "Back Squat" now names Box Squat itself and leaves it two variations.
      'exercises[Box_Squat].variations: needs 3-5 variations (has 2)',
      'served-ids.json: Goblet_Squat ("Goblet Squat") was served once and now resolves to nothing; keep it or list it in a formerIds',
      '',
      '4 problem(s).',
    ]);
  });

  it('checks translations against the English: refuses a lost step, an empty field or an unknown id, naming file and field; reports coverage', () => {
    const source = sourcesDir();
    const english = JSON.parse(readFileSync(join(source, 'exercises', 'a-strength.json'), 'utf8')) as { exercises: Record<string, any>[] };
    const translate = (e: Record<string, any>) => ({
      name: `el ${e.name}`,
      keywords: e.keywords.map((k: string) => `es ${k}`),
      overview: `Traducido: ${e.overview}`,
      instructions: e.instructions.map((step: string) => `Paso: ${step}`),
      exerciseTips: e.exerciseTips.map((tip: string) => `Consejo: ${tip}`),
      commonMistakes: e.commonMistakes.map((m: string) => `Error: ${m}`),
      safetyInfo: `Seguridad: ${e.safetyInfo}`,
    });
    const entries = Object.fromEntries(english.exercises.map((e) => [e.id, translate(e)]));
    const [first, second] = english.exercises;
    const folder = join(source, 'translations', 'es');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'a-strength.json');
    const broken = {
      ...entries,
      [first!.id]: { ...entries[first!.id], instructions: entries[first!.id].instructions.slice(1) },
      [second!.id]: { ...entries[second!.id], overview: '  ' },
      Not_A_Record: entries[first!.id],
    };
    writeFileSync(file, JSON.stringify({ lang: 'es', exercises: broken }));
    const refused = build(['--source', source, '--out', mkdtempSync(join(tmpdir(), 'exlib-out-')), '--date', '2026-12-01']);
    assert.equal(refused.code, 1);
    assert.deepEqual(
      refused.err.trim().split('\n').slice(0, 3).sort(),
      [
        `${file}: exercises.${second!.id}.overview: must not be empty`,
        `${file}: exercises.Not_A_Record: is not an exercise of a-strength.json`,
        `${file}: exercises.${first!.id}.instructions: has ${first!.instructions.length - 1} items where the English has ${first!.instructions.length}`,
      ].sort(),
    );

    writeFileSync(file, JSON.stringify({ lang: 'es', exercises: entries }));
    const total = readdirSync(join(source, 'exercises')).reduce(
      (sum, name) => sum + (JSON.parse(readFileSync(join(source, 'exercises', name), 'utf8')) as { exercises: unknown[] }).exercises.length,
      0,
    );
    const built = build(['--source', source, '--out', mkdtempSync(join(tmpdir(), 'exlib-out-')), '--date', '2026-12-01']);
    assert.equal(built.code, 0, built.err);
    const taxonomy = JSON.parse(readFileSync(join(source, 'taxonomy.json'), 'utf8')) as Record<string, unknown[]>;
    const names = taxonomy.categories!.length + taxonomy.muscleGroups!.length + taxonomy.equipment!.length;
    const untranslated = total - english.exercises.length;
    assert.equal(
      built.out.trim().split('\n')[1],
      `es: ${english.exercises.length} of ${total} exercises translated (partial: ${untranslated * 7} fields, ${names} taxonomy names served in English)`,
    );
    // The snapshot carries the translation, entry for entry.
    const written = JSON.parse(readFileSync(built.out.match(/wrote (\S+):/)![1]!, 'utf8')) as {
      translations: Record<string, { exercises: object }>;
    };
    assert.deepEqual(written.translations.es!.exercises, entries);
  });

  it('--check judges the named files against the whole catalog and shows only their problems', () => {
    const source = sourcesDir();
    const draft = join(mkdtempSync(join(tmpdir(), 'exlib-draft-')), 'b-powerlifting.json');
    writeFileSync(
      draft,
      JSON.stringify({
        category: 'powerlifting',
        exercises: [record('Box_Squat', 'Box Squat', ['Hip Thrust', 'Pin Squat', 'Barbell Squat'], { keywords: ['box'] })],
      }),
    );
    const other = join(source, 'exercises', 'a-strength.json');
    const body = JSON.parse(readFileSync(other, 'utf8')) as { exercises: Record<string, unknown>[] };
    body.exercises[1]!.exerciseTips = [];
    writeFileSync(other, JSON.stringify(body));
    const failed = build(['--source', source, '--check', draft]);
    assert.equal(failed.code, 1);
    assert.deepEqual(failed.err.trim().split('\n'), [
      'exercises[Box_Squat].keywords: needs 5-10 keywords (has 1)',
      'exercises[Box_Squat].variations: "Pin Squat" names no exercise in the catalog',
      '',
      '2 problem(s).',
    ]);
    writeFileSync(
      draft,
      JSON.stringify({
        category: 'powerlifting',
        exercises: [record('Box_Squat', 'Box Squat', ['Hip Thrust', 'Barbell Squat', 'Barbell Deadlift'])],
      }),
    );
    const passed = build(['--source', source, '--check', draft]);
    assert.equal(passed.code, 0, passed.err);
    assert.equal(passed.out.trim(), 'ok: 1 exercises in 1 file(s)');
    assert.equal(build(['--source', source, '--check']).code, 1);
  });

  it('--fedb-images writes the id -> image paths list of a free-exercise-db file, sorted by id', () => {
    const source = sourcesDir();
    const fedb = join(source, 'exercises.json');
    writeFileSync(
      fedb,
      JSON.stringify([
        { id: 'Zercher_Squat', images: ['Zercher_Squat/0.jpg'] },
        { id: '3_4_Sit-Up', images: ['3_4_Sit-Up/0.jpg', '3_4_Sit-Up/1.jpg'] },
      ]),
    );
    const { code } = build(['--source', source, '--fedb-images', fedb]);
    assert.equal(code, 0);
    assert.equal(
      readFileSync(join(source, 'media', 'free-exercise-db-images.json'), 'utf8'),
      '{\n "3_4_Sit-Up": [\n  "3_4_Sit-Up/0.jpg",\n  "3_4_Sit-Up/1.jpg"\n ],\n "Zercher_Squat": [\n  "Zercher_Squat/0.jpg"\n ]\n}\n',
    );
  });
});

/** The newest snapshot in data/ (its file name, contents and Catalog); a broken one fails loudly. */
function bundled(): { name: string; snapshot: Snapshot; catalog: ReturnType<typeof buildCatalog> } {
  const name = listSnapshotFiles(join(ROOT, 'data'))[0]!;
  const result = readSnapshotFile(join(ROOT, 'data', name));
  if (!result.ok) throw new Error(formatProblems(result.problems.slice(0, 5)).join('\n'));
  return { name, snapshot: result.value, catalog: buildCatalog(result.value, name) };
}

describe('the bundled catalog', () => {
  const { name, snapshot, catalog } = bundled();

  it('is what the sources build, byte for byte', () => {
    const out = mkdtempSync(join(tmpdir(), 'exlib-bundled-'));
    const { code, err, out: printed } = build(['--out', out, '--date', snapshot.dataVersion]);
    assert.equal(code, 0, err);
    // Spanish and German cover every exercise (not served yet: issue 22), and the build checked them.
    for (const lang of ['de', 'es']) assert.match(printed, new RegExp(`^${lang}: (\\d+) of \\1 exercises translated$`, 'm'), lang);
    assert.ok(
      readFileSync(join(out, name)).equals(readFileSync(join(ROOT, 'data', name))),
      `data/${name} is not what data/source builds; rebuild it`,
    );
  });

  it('meets every depth rule, with 2,200+ exercises and 60+ in every category', () => {
    assert.deepEqual(depthProblems(snapshot), []);
    assert.ok(snapshot.exercises.length >= 2200, String(snapshot.exercises.length));
    for (const category of CATEGORIES)
      assert.ok(catalog.categoryCounts[category] >= 60, `${category}: ${catalog.categoryCounts[category]}`);
  });

  it('holds every free-exercise-db exercise under its own id and name with its images, or as an alias of the record it merged into', () => {
    const fedb = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/free-exercise-db.json'), 'utf8')) as {
      id: string;
      name: string;
      images: string[];
    }[];
    assert.equal(fedb.length, 873);
    // Renamed where the source's name is not what people call the movement (docs/operations.md#data-sources).
    const renamed: Record<string, string> = { Air_Bike: 'Bicycle Crunch' };
    let canonical = 0;
    for (const source of fedb) {
      const position = findExercisePosition(catalog, source.id);
      assert.ok(position !== undefined, source.id);
      if (catalog.positionById.get(source.id) === undefined) continue;
      canonical++;
      assert.equal(catalog.exercises[position]!.name, renamed[source.id] ?? source.name);
      assert.deepEqual(catalog.exercises[position]!.images, source.images);
    }
    const withImages = snapshot.exercises.filter((e) => e.images.length > 0).length;
    assert.equal(withImages, canonical, 'only free-exercise-db exercises list images');
  });

  it('resolves every id a published snapshot served (2026-11-21: 902), as a record or an alias', () => {
    const served = JSON.parse(readFileSync(join(ROOT, 'data/source/served-ids.json'), 'utf8')) as Record<string, string>;
    assert.ok(Object.keys(served).length >= 902);
    for (const id of Object.keys(served)) assert.ok(findExercisePosition(catalog, id) !== undefined, id);
  });
});

/** Sentences of a text field that stand verbatim (case and outer space folded) in more than one record. */
function repeats(snapshot: Snapshot, field: 'instructions' | 'exerciseTips' | 'commonMistakes') {
  const records = new Map<string, Set<string>>();
  let sentences = 0;
  for (const exercise of snapshot.exercises) {
    for (const sentence of exercise[field]) {
      sentences++;
      const key = sentence.trim().toLowerCase();
      const holders = records.get(key) ?? new Set<string>();
      holders.add(exercise.id);
      records.set(key, holders);
    }
  }
  const repeated = [...records.values()].filter((holders) => holders.size > 1);
  return {
    share: repeated.reduce((sum, holders) => sum + holders.size, 0) / sentences,
    widest: Math.max(0, ...repeated.map((holders) => holders.size)),
  };
}

describe('the bundled catalog, as a coach signs it', () => {
  const { snapshot, catalog } = bundled();
  const byId = (id: string) => catalog.exercises[findExercisePosition(catalog, id)!]!;

  it('writes each sentence for its movement: under 2% exact repeats per field, none in more than 5 records', () => {
    for (const field of ['instructions', 'exerciseTips', 'commonMistakes'] as const) {
      const { share, widest } = repeats(snapshot, field);
      assert.ok(share < 0.02, `${field}: ${(share * 100).toFixed(1)}% of sentences repeat another record's`);
      assert.ok(widest <= 5, `${field}: a sentence stands in ${widest} records`);
    }
  });

  it('names the equipment of every strongman implement: null means no equipment at all', () => {
    for (const exercise of snapshot.exercises.filter((e) => e.category === 'strongman'))
      assert.notEqual(exercise.equipment, null, `${exercise.id} lifts, pulls or carries something`);
    for (const [id, equipment] of [
      ['Truck_Pull', 'vehicle'],
      ['Conans_Wheel', "conan's wheel"],
      ['Dinnie_Stones_Lift', 'dinnie stones'],
      ['Atlas_Stone_Trainer', 'stone trainer'],
    ] as const)
      assert.equal(byId(id).equipment, equipment, id);
    for (const equipment of new Set(snapshot.exercises.map((e) => e.equipment)))
      assert.ok(equipment === null || snapshot.equipment.includes(equipment), `${equipment} is listed by /v1/equipment`);
  });

  it('keeps one record per movement: merged duplicates answer with their canonical record', () => {
    for (const [old, canonical] of [
      ['Decline_Smith_Press', 'Smith_Machine_Decline_Press'],
      ['Two-Arm_Kettlebell_Jerk', 'Double_Kettlebell_Jerk'],
      ['Squats_-_With_Bands', 'Squat_with_Bands'],
    ] as const) {
      assert.equal(catalog.positionById.get(old), undefined, `${old} is no record of its own`);
      assert.equal(byId(old).id, canonical);
    }
    const names = snapshot.exercises.map((e) => e.name.toLowerCase());
    assert.equal(new Set(names).size, names.length);
  });

  it("resolves the hosted API's own ids that clients hold (A-Skip, 90_90_Hip_External_Rotation_RAILs)", () => {
    assert.equal(byId('A-Skip').id, 'A_Skip');
    assert.equal(byId('90_90_Hip_External_Rotation_RAILs').name, '90/90 Hip External Rotation RAILs');
  });

  it('names variations in the source files as the snapshot serves them, so a reviewer of the sources sees what clients see', () => {
    const served = new Map(snapshot.exercises.map((e) => [e.id, e.variations]));
    for (const file of readdirSync(join(ROOT, 'data/source/exercises'))) {
      const source = JSON.parse(readFileSync(join(ROOT, 'data/source/exercises', file), 'utf8')) as {
        exercises: { id: string; variations: string[] }[];
      };
      for (const exercise of source.exercises) assert.deepEqual(exercise.variations, served.get(exercise.id), `${file}: ${exercise.id}`);
    }
  });

  it('has an audit entry for every free-exercise-db record (data/source/audit/)', () => {
    const audited = new Set<string>();
    for (const file of readdirSync(join(ROOT, 'data/source/audit'))) {
      const entries = JSON.parse(readFileSync(join(ROOT, 'data/source/audit', file), 'utf8')) as {
        id: string;
        source: string;
        verdict: string;
      }[];
      for (const entry of entries) {
        assert.ok(['right', 'minor', 'wrong'].includes(entry.verdict), `${file}: ${entry.id}: ${entry.verdict}`);
        if (entry.source === 'free-exercise-db') audited.add(entry.id);
      }
    }
    const fedb = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/free-exercise-db.json'), 'utf8')) as { id: string }[];
    assert.deepEqual(
      fedb.map((e) => e.id).filter((id) => !audited.has(id)),
      [],
    );
  });
});
