/** The naive reference of what a filter means, and random filter combinations, for property tests over the fixture. */
import type { Exercise } from '../../src/catalog/snapshot-schema.ts';
import type { Filter, FilterField } from '../../src/search/filters/facet-index.ts';
import { pick } from './random.ts';
import { fixtureSnapshot } from './service.ts';

const snapshot = fixtureSnapshot();

/** The naive reference: what a filter means, written as plainly as possible. */
export function naiveMatches(exercise: Exercise, filter: Filter): boolean {
  const values = filter.values.map((v) => v.toLowerCase());
  switch (filter.field) {
    case 'muscle': {
      const muscles = [...exercise.primaryMuscles, ...exercise.secondaryMuscles].map((m) => m.toLowerCase());
      return values.some((value) => {
        const group = snapshot.muscleGroups.find((g) => g.displayGroup.toLowerCase() === value);
        const wanted = group ? group.muscles.map((m) => m.toLowerCase()) : [value];
        return muscles.some((m) => wanted.includes(m));
      });
    }
    case 'hasVideo':
      return values.includes(String(exercise.videos.length > 0));
    default: {
      const own = exercise[filter.field as Exclude<FilterField, 'muscle' | 'hasVideo'>];
      return own !== null && values.includes(own.toLowerCase());
    }
  }
}

export function randomFilters(random: () => number): Filter[] {
  const candidates: Record<FilterField, string[]> = {
    category: [...new Set(snapshot.exercises.map((e) => e.category))],
    level: ['beginner', 'intermediate', 'advanced'],
    force: ['push', 'pull', 'static'],
    mechanic: ['compound', 'isolation'],
    equipment: [...snapshot.equipment.slice(0, 12), 'BARBELL', 'unicycle'],
    muscle: [...snapshot.muscleGroups.map((g) => g.displayGroup), 'pectoralis major', 'Gluteus Maximus', 'chest', 'nonexistent'],
    hasVideo: ['true', 'false'],
  };
  const fields = Object.keys(candidates) as FilterField[];
  const count = Math.floor(random() * 4);
  const filters: Filter[] = [];
  for (let i = 0; i < count; i++) {
    const field = pick(random, fields);
    if (filters.some((f) => f.field === field)) continue;
    const values = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, candidates[field]));
    filters.push({ field, values: field === 'hasVideo' ? values.slice(0, 1) : values });
  }
  return filters;
}
