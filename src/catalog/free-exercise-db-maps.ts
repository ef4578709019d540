/**
 * How free-exercise-db's vocabulary maps onto ours (free-exercise-db.ts converts with these): its coarse
 * muscles onto our anatomical muscles, its categories, levels and equipment onto our names.
 */
import type { Category, Level } from './snapshot-schema.ts';

export const COARSE_MUSCLES = [
  'abdominals',
  'abductors',
  'adductors',
  'biceps',
  'calves',
  'chest',
  'forearms',
  'glutes',
  'hamstrings',
  'lats',
  'lower back',
  'middle back',
  'neck',
  'quadriceps',
  'shoulders',
  'traps',
  'triceps',
] as const;
export type CoarseMuscle = (typeof COARSE_MUSCLES)[number];

export const SOURCE_CATEGORIES = [
  'strength',
  'stretching',
  'plyometrics',
  'strongman',
  'powerlifting',
  'cardio',
  'olympic weightlifting',
] as const;
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

/** Each coarse muscle as the anatomical muscles of our taxonomy it stands for. */
export const MUSCLE_MAP: Readonly<Record<CoarseMuscle, readonly string[]>> = {
  abdominals: ['rectus abdominis'],
  abductors: ['gluteus medius'],
  adductors: ['adductor longus'],
  biceps: ['biceps brachii'],
  calves: ['gastrocnemius'],
  chest: ['pectoralis major'],
  forearms: ['wrist flexors'],
  glutes: ['gluteus maximus'],
  hamstrings: ['biceps femoris'],
  lats: ['latissimus dorsi'],
  'lower back': ['erector spinae'],
  'middle back': ['rhomboids'],
  neck: ['sternocleidomastoid'],
  quadriceps: ['rectus femoris', 'vastus lateralis'],
  shoulders: ['anterior deltoid', 'lateral deltoid'],
  traps: ['trapezius'],
  triceps: ['triceps brachii'],
};

export const CATEGORY_MAP: Readonly<Record<SourceCategory, Category>> = {
  strength: 'strength',
  stretching: 'stretching',
  plyometrics: 'plyometrics',
  strongman: 'strongman',
  powerlifting: 'powerlifting',
  cardio: 'conditioning',
  'olympic weightlifting': 'olympic_weightlifting',
};

export const LEVEL_MAP: Readonly<Record<'beginner' | 'intermediate' | 'expert', Level>> = {
  beginner: 'beginner',
  intermediate: 'intermediate',
  expert: 'advanced',
};

/** Source equipment names we rename; `null` means "no equipment" in our catalog. Others pass through when in the taxonomy. */
export const EQUIPMENT_MAP: Readonly<Record<string, string | null>> = {
  'body only': null,
  other: null,
  kettlebells: 'kettlebell',
  bands: 'resistance band',
  'exercise ball': 'stability ball',
  'foam roll': 'foam roller',
  'e-z curl bar': 'ez curl bar',
};
