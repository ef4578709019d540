/**
 * Filter values people use (docs/api.md#filter-aliases): muscle and equipment aliases, any case, singular or plural,
 * shipped defaults and a snapshot's own; a value that names nothing matches nothing. Checked against a
 * plain filter over the exercises, on the bundled catalog and on the free-exercise-db import.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import { checkSnapshot } from '../../../src/catalog/snapshot-check.ts';
import type { Exercise, Snapshot } from '../../../src/catalog/snapshot-schema.ts';
import { formatProblems } from '../../../src/problems.ts';
import { findPage, TIMED_OUT } from '../../../src/search/page-query.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../../src/search/search-index.ts';
import { bundledSnapshot, freeExerciseDbSnapshot, withoutKeywords } from '../../helpers/search-catalogs.ts';

const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };

function total(index: SearchIndex, field: 'muscle' | 'equipment', value: string): number {
  const page = findPage(index, { q: undefined, filters: [{ field, values: [value] }], random: false, limit: 1, offset: 0 }, context);
  assert.ok(page !== TIMED_OUT && page.total !== null);
  return page.total;
}

const worksAny = (muscles: string[]) => (e: Exercise) => [...e.primaryMuscles, ...e.secondaryMuscles].some((m) => muscles.includes(m));
const QUADS = ['rectus femoris', 'vastus lateralis', 'vastus medialis', 'vastus intermedius'];
const HAMSTRINGS = ['biceps femoris', 'semitendinosus', 'semimembranosus'];
const DELTS = ['anterior deltoid', 'lateral deltoid', 'posterior deltoid'];
const ABS = ['rectus abdominis', 'transversus abdominis'];

// [field, values meaning the same, what they mean]
const TABLE: ['muscle' | 'equipment', string[], (e: Exercise) => boolean][] = [
  ['muscle', ['quads', 'Quads', 'QUAD', 'quadriceps'], worksAny(QUADS)],
  ['muscle', ['hams', 'hamstring', 'Hamstrings'], worksAny(HAMSTRINGS)],
  ['muscle', ['traps', 'trap'], worksAny(['trapezius'])],
  ['muscle', ['delts', 'deltoids'], worksAny(DELTS)],
  ['muscle', ['rear delts', 'Rear-Delt'], worksAny(['posterior deltoid'])],
  ['muscle', ['lats', 'LAT'], worksAny(['latissimus dorsi'])],
  ['muscle', ['pecs', 'pec'], worksAny(['pectoralis major', 'pectoralis minor'])],
  ['muscle', ['abs', 'ab', 'abdominals'], worksAny(ABS)],
  ['muscle', ['core'], worksAny([...ABS, 'external obliques', 'internal obliques'])],
  ['muscle', ['glutes', 'glute'], worksAny(['gluteus maximus', 'gluteus medius', 'gluteus minimus'])],
  ['equipment', ['bodyweight', 'body weight', 'Body Weight', 'no equipment'], (e) => e.equipment === null],
  ['equipment', ['ez bar', 'EZ-bar', 'ez curl bar', 'ez curl bars'], (e) => e.equipment === 'ez curl bar'],
  ['equipment', ['kettlebells', 'kb', 'Kettlebell'], (e) => e.equipment === 'kettlebell'],
  ['equipment', ['db', 'dumbbells'], (e) => e.equipment === 'dumbbell'],
  ['equipment', ['bb', 'barbells'], (e) => e.equipment === 'barbell'],
  ['equipment', ['trx', 'TRX'], (e) => e.equipment === 'suspension trainer'],
  ['muscle', ['wings', 'nonexistent'], () => false],
  ['equipment', ['unicycle', 'sticks'], () => false],
];

for (const [label, snapshot] of [
  ['bundled catalog', bundledSnapshot()],
  ['free-exercise-db import without keywords', withoutKeywords(freeExerciseDbSnapshot())],
] as const) {
  describe(`filter aliases on the ${label}`, () => {
    const index = buildSearchIndexNow(buildCatalog(snapshot, label));
    for (const [field, values, means] of TABLE) {
      it(`${field}=${values.join(' | ')} all match what they name, and only that`, () => {
        const expected = snapshot.exercises.filter(means).length;
        for (const value of values) assert.equal(total(index, field, value), expected, `${field}=${value}`);
      });
    }

    it('the common names match something on this catalog (the aliases are not idle)', () => {
      for (const [field, value] of [
        ['muscle', 'quads'],
        ['muscle', 'traps'],
        ['muscle', 'core'],
        ['equipment', 'bodyweight'],
        ['equipment', 'kettlebells'],
        ['equipment', 'ez bar'],
      ] as const) {
        assert.ok(total(index, field, value) > 0, `${field}=${value}`);
      }
    });
  });
}

describe('a snapshot extends the dictionary and the aliases (field `search`)', () => {
  const base = withoutKeywords(freeExerciseDbSnapshot());
  const extended: Snapshot = {
    ...base,
    search: {
      synonyms: [['gravitron', 'assisted pull up']],
      muscleAliases: { batwings: ['Lats'] },
      equipmentAliases: { sticks: ['barbell'], 'nothing at all': [null] },
    },
  };
  const checked = checkSnapshot(extended);
  assert.ok(checked.ok);
  const index = buildSearchIndexNow(buildCatalog(checked.value, 'extended'));
  const plain = buildSearchIndexNow(buildCatalog(base, 'plain'));

  it('adds filter aliases on top of the shipped ones', () => {
    assert.equal(total(index, 'muscle', 'batwings'), total(index, 'muscle', 'lats'));
    assert.equal(total(index, 'equipment', 'sticks'), base.exercises.filter((e) => e.equipment === 'barbell').length);
    assert.equal(total(index, 'equipment', 'nothing at all'), base.exercises.filter((e) => e.equipment === null).length);
    assert.equal(total(plain, 'muscle', 'batwings'), 0);
  });

  it('adds synonym groups to the shipped dictionary', () => {
    const search = (on: SearchIndex) => {
      const page = findPage(on, { q: 'gravitron', filters: [], random: false, limit: 3, offset: 0 }, context);
      assert.ok(page !== TIMED_OUT);
      return page.positions.map((p) => on.catalog.exercises[p]!.name);
    };
    assert.match(search(index)[0] ?? '', /assisted pull-?up/i);
    assert.deepEqual(search(plain), []);
  });

  it('refuses aliases that point at nothing, naming them', () => {
    const bad = checkSnapshot({ ...base, search: { muscleAliases: { wings: ['wing muscle'] }, equipmentAliases: { sticks: ['broom'] } } });
    assert.deepEqual(bad.ok ? [] : formatProblems(bad.problems), [
      'search.muscleAliases.wings: "wing muscle" is neither a muscle nor a display group',
      'search.equipmentAliases.sticks: "broom" is not in the equipment list',
    ]);
  });
});

describe("a snapshot's own names win over the shipped aliases", () => {
  const base = withoutKeywords(freeExerciseDbSnapshot());
  const legGroups = new Set(['Quadriceps', 'Hamstrings', 'Calves', 'Adductors']);
  const legMuscles = base.muscleGroups.filter((g) => legGroups.has(g.displayGroup)).flatMap((g) => g.muscles);
  const boxed = new Set(
    base.exercises
      .filter((e) => e.equipment === 'stability ball')
      .slice(0, 3)
      .map((e) => e.id),
  );
  const own: Snapshot = {
    ...base,
    // "Legs" is this catalog's own group (no glutes in it); "exercise ball" is its own equipment name.
    muscleGroups: [...base.muscleGroups.filter((g) => !legGroups.has(g.displayGroup)), { displayGroup: 'Legs', muscles: legMuscles }],
    equipment: [...base.equipment, 'exercise ball'],
    exercises: base.exercises.map((e) => (boxed.has(e.id) ? { ...e, equipment: 'exercise ball' } : e)),
  };
  const checked = checkSnapshot(own);
  assert.ok(checked.ok, checked.ok ? '' : formatProblems(checked.problems).join('\n'));
  const index = buildSearchIndexNow(buildCatalog(checked.value, 'own names'));

  it('muscle=Legs is the snapshot\'s "Legs" group, not the shipped alias (which adds the glutes)', () => {
    const expected = own.exercises.filter(worksAny(legMuscles)).length;
    assert.ok(
      own.exercises.filter(worksAny(['gluteus maximus'])).some((e) => !worksAny(legMuscles)(e)),
      'the alias would add some',
    );
    for (const value of ['Legs', 'legs', 'leg']) assert.equal(total(index, 'muscle', value), expected, value);
  });

  it("equipment=exercise ball is the snapshot's own name, not the shipped alias for stability balls", () => {
    assert.equal(boxed.size, 3);
    assert.equal(total(index, 'equipment', 'exercise ball'), 3);
    assert.equal(total(index, 'equipment', 'swiss ball'), own.exercises.filter((e) => e.equipment === 'stability ball').length);
  });

  it('shipped aliases the snapshot does not define still apply', () => {
    assert.equal(
      total(index, 'muscle', 'glutes'),
      own.exercises.filter(worksAny(['gluteus maximus', 'gluteus medius', 'gluteus minimus'])).length,
    );
    assert.equal(total(index, 'equipment', 'kb'), own.exercises.filter((e) => e.equipment === 'kettlebell').length);
  });
});
