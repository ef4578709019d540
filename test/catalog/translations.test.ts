/**
 * A snapshot's translations (src/catalog/translations.ts): the check holds them to the English, the
 * coverage says what a partial language serves in English, and a language's view of the snapshot keeps
 * everything but the text. The bundled catalog is complete in Spanish and German, in those languages.
 */
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { checkSnapshot } from '../../src/catalog/snapshot-check.ts';
import { type Snapshot, TRANSLATED_FIELDS } from '../../src/catalog/snapshot-schema.ts';
import { coverageLines, localizeSnapshot, translationCoverage } from '../../src/catalog/translations.ts';
import { formatProblems } from '../../src/problems.ts';
import { DEFAULT_MAX_SNAPSHOT_BYTES, readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import { readInProcess } from '../../src/catalog/reading-process.ts';
import { plainCatalog } from '../helpers/plain-catalog.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';
import { tempDir, tinySnapshot, writeSnapshot } from '../helpers/snapshots.ts';

/** tinySnapshot with a Spanish translation of its bench press (whole) and pull-up (name only). */
function translated(): Snapshot {
  const snapshot = tinySnapshot();
  snapshot.translations = {
    es: {
      exercises: {
        Barbell_Bench_Press: {
          name: 'Press de banca con barra',
          keywords: ['press de banca', 'press banca'],
          overview: 'Un press horizontal para el pecho.',
          instructions: ['Túmbate en el banco.', 'Baja la barra al pecho.', 'Empújala de nuevo hacia arriba.'],
          exerciseTips: ['Mantén las escápulas juntas.'],
          commonMistakes: ['Rebotar la barra en el pecho.'],
          safetyInfo: 'Usa un ayudante o barras de seguridad.',
        },
        Pull_Up: { name: 'Dominada' },
      },
      muscleGroups: { Chest: 'Pecho' },
      equipment: { barbell: 'barra', 'pull-up bar': 'barra de dominadas' },
      categories: { strength: 'Fuerza con pesas.' },
    },
  };
  return snapshot;
}

function problemsOf(raw: unknown): string[] {
  const result = checkSnapshot(raw);
  return result.ok ? [] : formatProblems(result.problems);
}

describe('the snapshot check of translations', () => {
  it('accepts a partial translation', () => {
    assert.deepEqual(problemsOf(translated()), []);
  });

  it('refuses an unknown id, an alias, a lost step, an empty field, an unknown field, naming each path', () => {
    const snapshot = translated();
    snapshot.aliases = { Old_Pull_Up: 'Pull_Up' };
    const es = snapshot.translations!.es!;
    es.exercises.Barbell_Bench_Press!.instructions = ['Túmbate.', 'Empuja.'];
    es.exercises.Pull_Up = { name: ' ', overview: 'Una dominada.' };
    (es.exercises as Record<string, unknown>).Ab_Wheel_Rollout = { nombre: 'Rueda' };
    es.exercises.No_Such_Exercise = { name: 'Nada' };
    es.exercises.Old_Pull_Up = { name: 'Dominada' };
    assert.deepEqual(problemsOf(snapshot).sort(), [
      'translations.es.exercises.Ab_Wheel_Rollout.nombre: is not a known field',
      'translations.es.exercises.Barbell_Bench_Press.instructions: has 2 items; the English has 3',
      'translations.es.exercises.No_Such_Exercise: is the id of no exercise',
      'translations.es.exercises.Old_Pull_Up: is an alias; translate Pull_Up instead',
      'translations.es.exercises.Pull_Up.name: must not be empty',
    ]);
  });

  it("refuses taxonomy names that name nothing, are shared, or are another thing's English name", () => {
    const snapshot = translated();
    const es = snapshot.translations!.es!;
    es.equipment = { barbell: 'barra', dumbbell: 'Barra', kettlebell: 'cable', sled: 'trineo', 'no such thing': 'nada' };
    es.muscleGroups = { Chest: 'Pecho', Mouth: 'Boca' };
    assert.deepEqual(problemsOf(snapshot).sort(), [
      'translations.es.equipment.dumbbell: "Barra" is also the name of "barbell"',
      'translations.es.equipment.kettlebell: "cable" is the English name of "cable"',
      'translations.es.equipment.no such thing: "no such thing" is not a name of the snapshot',
      'translations.es.muscleGroups.Mouth: "Mouth" is not a name of the snapshot',
    ]);
  });

  it('refuses a snapshot file with a bad translation, naming the file and the field', () => {
    const snapshot = translated();
    snapshot.translations!.es!.exercises.Barbell_Bench_Press!.exerciseTips = ['Uno.', 'Dos.'];
    const file = writeSnapshot(tempDir(), snapshot);
    const read = readSnapshotFile(file);
    assert.equal(read.ok, false);
    assert.deepEqual(formatProblems(read.ok ? [] : read.problems), [
      `${file}: translations.es.exercises.Barbell_Bench_Press.exerciseTips: has 2 items; the English has 1`,
    ]);
  });

  it('comes through the reading process whole, in pieces, like the exercises', async () => {
    const snapshot = translated();
    const dir = tempDir();
    const file = writeSnapshot(dir, snapshot);
    const read = await readInProcess(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES);
    assert.ok(read.ok, read.ok ? '' : formatProblems(read.problems).join('\n'));
    const here = buildCatalog((readSnapshotFile(file) as { value: Snapshot }).value, basename(file));
    assert.deepEqual([...read.value.catalog.languages.keys()], ['es']);
    assert.deepEqual(
      (plainCatalog(read.value.catalog) as { languages: unknown }).languages,
      (plainCatalog(here) as { languages: unknown }).languages,
    );
    const englishDir = tempDir();
    const english = await readInProcess(writeSnapshot(englishDir, tinySnapshot()), englishDir, DEFAULT_MAX_SNAPSHOT_BYTES);
    assert.equal(english.ok && english.value.catalog.languages.size, 0, 'a snapshot without translations gains none');
  });

  it('refuses English as a translation and a language code that is not one', () => {
    const snapshot = translated();
    snapshot.translations = { en: snapshot.translations!.es!, spanish: snapshot.translations!.es! };
    assert.deepEqual(problemsOf(snapshot).sort(), [
      'translations.en: must not be en: English is the snapshot itself',
      'translations.spanish: must be a two-letter ISO 639-1 language code in lower case',
    ]);
  });
});

describe('translation coverage', () => {
  it('counts complete and partial exercises and what is served in English', () => {
    const snapshot = translated();
    const [coverage] = translationCoverage(checkSnapshot(snapshot).ok ? snapshot : snapshot);
    const names = snapshot.categories.length + snapshot.muscleGroups.length + snapshot.equipment.length;
    assert.deepEqual(coverage, {
      lang: 'es',
      exercises: 3,
      complete: 1,
      partial: 1,
      missingFields: TRANSLATED_FIELDS.length - 1 + TRANSLATED_FIELDS.length,
      missingNames: names - 4,
    });
    assert.deepEqual(coverageLines([coverage!]), [
      `es: 1 of 3 exercises translated (partial: 1 in part, 13 fields, ${names - 4} taxonomy names served in English)`,
    ]);
  });

  it('the bundled catalog is complete in Spanish and German', () => {
    assert.deepEqual(coverageLines(translationCoverage(bundledSnapshot())), [
      'de: 2232 of 2232 exercises translated',
      'es: 2232 of 2232 exercises translated',
    ]);
  });
});

describe("a language's view of the snapshot", () => {
  const snapshot = translated();
  const { snapshot: es, englishWords } = localizeSnapshot(snapshot, 'es');
  const byId = (s: Snapshot, id: string) => s.exercises.find((e) => e.id === id)!;

  it('takes each field from the translation and falls back to the English field by field', () => {
    assert.equal(byId(es, 'Barbell_Bench_Press').name, 'Press de banca con barra');
    assert.equal(byId(es, 'Pull_Up').name, 'Dominada');
    assert.deepEqual(byId(es, 'Pull_Up').instructions, byId(snapshot, 'Pull_Up').instructions);
    assert.deepEqual(byId(es, 'Ab_Wheel_Rollout').name, 'Ab Wheel Rollout');
  });

  it('names variations, equipment, muscle groups and categories in the language, English where untranslated', () => {
    assert.deepEqual(byId(es, 'Barbell_Bench_Press').variations, ['Dominada']);
    assert.equal(byId(es, 'Barbell_Bench_Press').equipment, 'barra');
    assert.equal(byId(es, 'Ab_Wheel_Rollout').equipment, 'ab wheel');
    assert.equal(es.muscleGroups[0]!.displayGroup, 'Pecho');
    assert.deepEqual(es.muscleGroups[0]!.muscles, snapshot.muscleGroups[0]!.muscles);
    assert.equal(es.categories.find((c) => c.category === 'strength')!.description, 'Fuerza con pesas.');
    assert.equal(
      es.categories.find((c) => c.category === 'yoga')!.description,
      snapshot.categories.find((c) => c.category === 'yoga')!.description,
    );
  });

  it('keeps the English name and keywords for search', () => {
    assert.deepEqual(englishWords.get('Pull_Up'), ['Pull Up', ...byId(snapshot, 'Pull_Up').keywords]);
  });

  it('builds a catalog per language beside the English one, whose bytes do not change', () => {
    const english = buildCatalog(tinySnapshot(), 'x.json');
    const withSpanish = buildCatalog(snapshot, 'x.json');
    assert.deepEqual([...withSpanish.languages.keys()], ['es']);
    assert.deepEqual(withSpanish.exerciseBodies, english.exerciseBodies);
    assert.deepEqual(withSpanish.bodies, english.bodies);
    assert.equal(withSpanish.languages.get('es')!.lang, 'es');
  });
});

/** The commonest function words of each language: the one whose words a text uses most is its language. */
const STOPWORDS: Record<string, ReadonlySet<string>> = {
  en: new Set('the and of to your with a in on for is it you at as from this that keep'.split(' ')),
  es: new Set('el la los las de del y con tu en que para por se una un al lo sin más'.split(' ')),
  de: new Set('der die das und mit du den dem ein eine zu auf im nicht ist sich dein deine an'.split(' ')),
};

function languageOfText(text: string): string {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  let best = '';
  let bestCount = -1;
  for (const [lang, stopwords] of Object.entries(STOPWORDS)) {
    const count = words.filter((word) => stopwords.has(word)).length;
    if (count > bestCount) [best, bestCount] = [lang, count];
  }
  return best;
}

describe('the bundled translations', () => {
  const snapshot = bundledSnapshot();

  for (const lang of ['es', 'de']) {
    it(`${lang}: every exercise has every field, and its instructions and overview read as ${lang} (at least 98%)`, () => {
      const translation = snapshot.translations![lang]!;
      let detected = 0;
      for (const exercise of snapshot.exercises) {
        const entry = translation.exercises[exercise.id]!;
        for (const field of TRANSLATED_FIELDS) assert.ok(entry[field] !== undefined, `${lang} ${exercise.id}.${field}`);
        if (languageOfText(`${entry.instructions!.join(' ')} ${entry.overview}`) === lang) detected += 1;
      }
      assert.ok(detected / snapshot.exercises.length >= 0.98, `${detected} of ${snapshot.exercises.length} read as ${lang}`);
      // The English reads as English by the same test, so it tells languages apart.
      assert.equal(languageOfText(`${snapshot.exercises[0]!.instructions.join(' ')} ${snapshot.exercises[0]!.overview}`), 'en');
    });
  }
});
