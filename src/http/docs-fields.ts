/**
 * What each served Exercise and Video field means, for the docs page's field reference. Types come
 * from the OpenAPI document (the schemas); only the meaning is written here, and a test checks that
 * every field of ExerciseSchema and VideoSchema has one.
 */
import type { ExerciseField } from '../catalog/snapshot-schema.ts';

export const EXERCISE_FIELD_MEANINGS: Record<ExerciseField, string> = {
  id: 'Stable identifier. Take it from results and store it; never derive it from the name. A merged or renamed id keeps resolving.',
  name: 'Display name, in the language asked for (lang or Accept-Language).',
  keywords: 'Other names people search for: aliases and abbreviations.',
  primaryMuscles: 'Anatomical muscles the movement mainly trains (at least one). Filter with muscle=.',
  secondaryMuscles: 'Muscles that assist. The muscle filter matches primary or secondary muscles.',
  equipment: 'Canonical equipment name from GET /v1/equipment, or null for none (bodyweight).',
  force: 'push, pull or static; null where the movement has no single direction.',
  level: 'beginner, intermediate or advanced.',
  mechanic: 'compound (several joints) or isolation (one joint); null where neither fits.',
  category: 'One of the twelve categories of GET /v1/categories (strength, yoga, mobility, …).',
  instructions: 'Ordered steps, one sentence or two each.',
  exerciseTips: 'Cues that make the movement better.',
  commonMistakes: 'What goes wrong most often, and why it matters.',
  safetyInfo: 'Who should take care, and how; "" when nothing specific applies.',
  overview: 'One paragraph: what the exercise is and what it is for.',
  variations: 'Names of related exercises (easier, harder or different equipment).',
  images: 'Relative image paths <id>/<n>.jpg, served under /media/ (or MEDIA_URL); [] when there are none.',
  videos: 'Demonstration clips, the first being the canonical one; [] when there are none. Each is a Video (below).',
};

export const VIDEO_FIELD_MEANINGS: Record<string, string> = {
  url: 'Absolute, public URL of the clip; no key needed.',
  format: 'Container, such as mp4.',
  resolution: '<width>x<height> in pixels, read from the file.',
  aspectRatio: '9:16 (vertical) or 16:9 (landscape).',
  durationSeconds: 'Length in whole seconds.',
  generatedWith: 'How the clip was made (renderer and version) for a generated clip.',
  generatedAt: 'When a generated clip was made (ISO 8601, UTC).',
};
