/**
 * Grows a catalog to `factor` times its size the way real catalogs grow: each exercise again with
 * realistic grip, stance and tempo modifiers ("Wide-Grip Paused Barbell Bench Press"). The vocabulary
 * grows by a few dozen words while every posting list grows `factor` times, which is what makes search
 * slow at scale. Copies share the original's text arrays, as a loader that interns strings would.
 * Translations grow with the catalog: a copy's name in a language is the modifiers and the original's
 * name there (the modifiers stay English, as a data vendor's generated names would).
 */
import type { Exercise, ExerciseText, Snapshot, Translation } from '../src/catalog/snapshot-schema.ts';

const GRIPS = [
  '',
  'Wide-Grip',
  'Close-Grip',
  'Neutral-Grip',
  'Reverse-Grip',
  'Mixed-Grip',
  'Pronated',
  'Supinated',
  'Hook-Grip',
  'Thumbless',
];
const STANCES = [
  '',
  'Narrow-Stance',
  'Wide-Stance',
  'Staggered-Stance',
  'Split-Stance',
  'Single-Leg',
  'Half-Kneeling',
  'Tall-Kneeling',
  'Seated',
  'Standing',
];
const TEMPOS = ['', 'Paused', 'Tempo 3-1-1', 'Tempo 4-0-1', '1.5-Rep', 'Eccentric-Only', 'Isometric-Hold', 'Pulse', 'Banded', 'Deficit'];

/** The modifier phrase of copy `c` (1 to 999): grip and stance by its digits (so copies differ), a tempo on most. */
export function modifiersOf(c: number): string {
  return [TEMPOS[(c * 3 + Math.floor(c / 100)) % 10], GRIPS[c % 10], STANCES[Math.floor(c / 10) % 10]]
    .filter((part) => part !== '')
    .join(' ');
}

/** `snapshot` with every exercise repeated `factor` times (the original first, then modified copies). */
export function growCatalog(snapshot: Snapshot, factor: number): Snapshot {
  const exercises: Exercise[] = [...snapshot.exercises];
  const translations = Object.entries(snapshot.translations ?? {}).map(([lang, translation]) => ({
    lang,
    translation,
    grown: { ...translation.exercises } as Record<string, ExerciseText>,
  }));
  for (let c = 1; c < factor; c++) {
    const modifiers = modifiersOf(c);
    for (const exercise of snapshot.exercises) {
      const id = `${exercise.id}_V${c}`;
      exercises.push({ ...exercise, id, name: `${modifiers} ${exercise.name}`, images: [], videos: [] });
      for (const { translation, grown } of translations) {
        const text = translation.exercises[exercise.id];
        if (text !== undefined) grown[id] = { ...text, name: `${modifiers} ${text.name ?? exercise.name}` };
      }
    }
  }
  if (translations.length === 0) return { ...snapshot, exercises };
  const grownTranslations: Record<string, Translation> = {};
  for (const { lang, translation, grown } of translations) grownTranslations[lang] = { ...translation, exercises: grown };
  return { ...snapshot, exercises, translations: grownTranslations };
}
