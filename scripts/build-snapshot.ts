/**
 * Builds the bundled snapshot from the reviewed sources in data/source/.
 *
 * Usage:
 *   node --import tsx scripts/build-snapshot.ts [--date YYYY-MM-DD] [--out DIR]
 *       Reads data/source/taxonomy.json, data/source/videos.json and every data/source/exercises/*.json,
 *       applies the authoring rules and the snapshot check, and writes DIR/<date>.json (DIR defaults to data/).
 *       --media-base URL (default $MEDIA_BASE_URL, else https://media.exercise-catalog.dev/) is the media host
 *       that video paths in videos.json are resolved against: the service ships no media files itself.
 *   node --import tsx scripts/build-snapshot.ts --check FILE [FILE...]
 *       Checks only the named source files against the taxonomy and the authoring rules; exit 1 on any problem.
 *
 * A source file is `{ "category": "...", "exercises": [...] }`; its exercises carry every Exercise field
 * except `category` (taken from the file), `images` (two stills per exercise, `<id>/0.jpg` and `<id>/1.jpg`)
 * and `videos` (from videos.json: id -> clips, each with a `path` on the media host instead of a `url`).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isRealDate } from '../src/dates.ts';
import { checkSnapshot, type Snapshot } from '../src/catalog/snapshot-schema.ts';
import { danglingVariations } from '../src/catalog/snapshot-summary.ts';
import { readJsonFile } from '../src/files.ts';

const SOURCE_DIR = fileURLToPath(new URL('../data/source/', import.meta.url));
const USAGE = `usage: node --import tsx scripts/build-snapshot.ts [--date YYYY-MM-DD] [--out DIR] [--media-base URL]
       node --import tsx scripts/build-snapshot.ts --check FILE [FILE...]
       node --import tsx scripts/build-snapshot.ts --help`;

interface SourceFile {
  file: string;
  category: string;
  exercises: Record<string, unknown>[];
}

/** The minimum an authored exercise must hold, beyond what the snapshot schema itself demands. */
const AUTHORING_MINIMUMS: Record<string, number> = {
  keywords: 3,
  primaryMuscles: 1,
  instructions: 4,
  exerciseTips: 2,
  commonMistakes: 2,
};
const GENERATED_FIELDS = ['category', 'images', 'videos'];

/** Reads a JSON file the build cannot do without; a bad one ends the build with the file named. */
function readJson(file: string): unknown {
  const read = readJsonFile(file);
  if (!read.ok) {
    console.error(read.problem);
    process.exit(1);
  }
  return read.value;
}

function readSource(file: string, problems: string[]): SourceFile | undefined {
  const read = readJsonFile(file);
  if (!read.ok) {
    problems.push(read.problem);
    return undefined;
  }
  const body = read.value as { category?: unknown; exercises?: unknown };
  if (typeof body !== 'object' || body === null || typeof body.category !== 'string' || !Array.isArray(body.exercises)) {
    problems.push(`${basename(file)}: must be { "category": string, "exercises": [...] }`);
    return undefined;
  }
  return { file: basename(file), category: body.category, exercises: body.exercises as Record<string, unknown>[] };
}

/** Rules for authored sources: minimum list lengths, unique names, no generated fields. */
function authoringProblems(sources: SourceFile[]): string[] {
  const problems: string[] = [];
  const names = new Map<string, string>();
  for (const source of sources) {
    for (const exercise of source.exercises) {
      const where = `${source.file}: exercises[${String(exercise.id)}]`;
      for (const [field, minimum] of Object.entries(AUTHORING_MINIMUMS)) {
        const value = exercise[field];
        if (!Array.isArray(value) || value.length < minimum) problems.push(`${where}.${field}: needs at least ${minimum} entries`);
      }
      for (const field of ['overview', 'safetyInfo']) {
        if (typeof exercise[field] !== 'string' || (exercise[field] as string).trim() === '') problems.push(`${where}.${field}: must not be empty`);
      }
      for (const field of GENERATED_FIELDS) {
        if (field in exercise) problems.push(`${where}.${field}: is added by the build; remove it from the source`);
      }
      if (typeof exercise.name === 'string') {
        const key = exercise.name.toLowerCase();
        const other = names.get(key);
        if (other !== undefined) problems.push(`${where}.name: "${exercise.name}" is also the name of ${other}`);
        names.set(key, String(exercise.id));
      }
    }
  }
  return problems;
}

type VideoSource = Record<string, unknown> & { path: string };

/** Resolves each clip's `path` against the media host, giving the absolute `url` the spec requires. */
function resolveVideos(videos: Record<string, VideoSource[]>, mediaBase: string): Record<string, unknown[]> {
  const base = mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`;
  return Object.fromEntries(
    Object.entries(videos).map(([id, clips]) => [id, clips.map(({ path, ...clip }) => ({ url: new URL(path, base).href, ...clip }))]),
  );
}

function assemble(sources: SourceFile[], date: string, videos: Record<string, unknown[]>): unknown {
  const taxonomy = readJson(join(SOURCE_DIR, 'taxonomy.json')) as Omit<Snapshot, 'dataVersion' | 'lastUpdated' | 'exercises'>;
  const exercises = sources.flatMap((source) =>
    source.exercises.map((exercise) => {
      const id = String(exercise.id);
      // Field order follows the spec's Exercise table, so the served JSON reads the way the docs do.
      return {
        id,
        name: exercise.name,
        keywords: exercise.keywords,
        primaryMuscles: exercise.primaryMuscles,
        secondaryMuscles: exercise.secondaryMuscles,
        equipment: exercise.equipment,
        force: exercise.force,
        level: exercise.level,
        mechanic: exercise.mechanic,
        category: source.category,
        instructions: exercise.instructions,
        exerciseTips: exercise.exerciseTips,
        commonMistakes: exercise.commonMistakes,
        safetyInfo: exercise.safetyInfo,
        overview: exercise.overview,
        variations: exercise.variations,
        images: [`${id}/0.jpg`, `${id}/1.jpg`],
        videos: videos[id] ?? [],
      };
    }),
  );
  exercises.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    dataVersion: date,
    lastUpdated: `${date}T06:00:00.000Z`,
    categories: taxonomy.categories,
    muscleGroups: taxonomy.muscleGroups,
    equipment: taxonomy.equipment,
    exercises,
  };
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        check: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
        out: { type: 'string', default: fileURLToPath(new URL('../data/', import.meta.url)) },
        'media-base': { type: 'string', default: process.env.MEDIA_BASE_URL ?? 'https://media.exercise-catalog.dev/' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!isRealDate(values.date)) {
    console.error(`--date must be a real day as YYYY-MM-DD (received "${values.date.slice(0, 40)}")\n${USAGE}`);
    return 2;
  }
  const problems: string[] = [];
  const files = values.check
    ? positionals
    : readdirSync(join(SOURCE_DIR, 'exercises')).filter((f) => f.endsWith('.json')).sort().map((f) => join(SOURCE_DIR, 'exercises', f));
  if (files.length === 0) {
    console.error('build-snapshot: no source files given');
    return 1;
  }
  const sources = files.map((file) => readSource(file, problems)).filter((s): s is SourceFile => s !== undefined);
  problems.push(...authoringProblems(sources));

  const videoSources = values.check ? {} : (readJson(join(SOURCE_DIR, 'videos.json')) as Record<string, VideoSource[]>);
  const videos = resolveVideos(videoSources, values['media-base']);
  for (const id of Object.keys(videos)) {
    if (!sources.some((s) => s.exercises.some((e) => e.id === id))) problems.push(`videos.json: ${id}: names no exercise in the sources`);
  }
  const snapshot = assemble(sources, values.date, videos);
  const result = checkSnapshot(snapshot, values.date);
  if (!result.ok) problems.push(...result.problems);
  // The bundled catalog promises variations that resolve; `snapshot check` only reports them.
  else for (const { id, variation } of danglingVariations(result.snapshot)) problems.push(`exercises[${id}].variations: "${variation}" names no exercise in the catalog`);

  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`\n${problems.length} problem(s).`);
    return 1;
  }
  const count = sources.reduce((n, s) => n + s.exercises.length, 0);
  if (values.check) {
    console.log(`ok: ${count} exercises in ${sources.length} file(s)`);
    return 0;
  }
  const out = join(values.out, `${values.date}.json`);
  writeFileSync(out, `${JSON.stringify(snapshot, null, 1)}\n`);
  console.log(`wrote ${out}: ${count} exercises`);
  return 0;
}

process.exitCode = main();
