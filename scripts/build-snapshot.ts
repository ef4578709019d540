/**
 * Builds the bundled snapshot from the reviewed sources in data/source/, reproducibly: the same sources
 * and date give the same bytes.
 *
 * Usage:
 *   node --import tsx scripts/build-snapshot.ts [--date YYYY-MM-DD] [--out DIR] [--source DIR] [--media-base URL]
 *       Reads DIR/taxonomy.json, DIR/videos.json, DIR/served-ids.json, DIR/media/free-exercise-db-images.json
 *       and every DIR/exercises/*.json (DIR defaults to data/source/), applies the authoring and depth rules
 *       and the snapshot check, checks DIR/translations/<lang>/ against the English files (translation-check.ts),
 *       writes them into the snapshot's `translations`, prints each language's coverage, and writes
 *       OUT/<date>.json (OUT defaults to data/).
 *       --media-base URL (default $MEDIA_BASE_URL, else https://media.exercise-catalog.dev/) is the media host
 *       that clip paths in videos.json are resolved against: the service ships no media files itself.
 *   node --import tsx scripts/build-snapshot.ts --check FILE [FILE...]
 *       Builds the whole catalog without writing it and reports the problems of the named source files only.
 *   node --import tsx scripts/build-snapshot.ts --fedb-images EXERCISES_JSON
 *       Writes DIR/media/free-exercise-db-images.json (id -> image paths) from free-exercise-db's
 *       dist/exercises.json: facts only, the public-domain stills a client finds under
 *       https://raw.githubusercontent.com/yuhonas/free-exercise-db/main/exercises/<path>.
 *
 * A source file is `{ "category": "...", "exercises": [...] }`; its exercises carry every Exercise field
 * except `category` (taken from the file), `images` (free-exercise-db's stills for a free-exercise-db id,
 * else none) and `videos` (from videos.json: id -> clips, each with a `path` on the media host instead of a
 * `url`, as `npm run snapshot -- media ... --videos-json` writes it). An exercise that absorbed others lists
 * their ids in `formerIds`; they become the snapshot's `aliases`, and variations naming a merged exercise's
 * old name are pointed at the canonical one. served-ids.json holds every id a published snapshot served
 * (with its name then): the build refuses a catalog in which one of them no longer resolves.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { depthProblems } from '../src/catalog/snapshot-depth.ts';
import { checkSnapshot } from '../src/catalog/snapshot-check.ts';
import { snapshotText } from '../src/catalog/snapshot-files.ts';
import { ID_PATTERN, inFieldOrder, type Snapshot, type Translation } from '../src/catalog/snapshot-schema.ts';
import { isRealDate } from '../src/dates.ts';
import { readJsonFile } from '../src/files.ts';
import { formatProblems } from '../src/problems.ts';
import { coverageLines, translationCoverage } from '../src/catalog/translations.ts';
import { checkTranslations } from './translation-check.ts';

const USAGE = `usage: node --import tsx scripts/build-snapshot.ts [--date YYYY-MM-DD] [--out DIR] [--source DIR] [--media-base URL]
       node --import tsx scripts/build-snapshot.ts --check FILE [FILE...]
       node --import tsx scripts/build-snapshot.ts --fedb-images exercises.json   (rewrites data/source/media/free-exercise-db-images.json)
       node --import tsx scripts/build-snapshot.ts --help`;

interface SourceFile {
  file: string;
  category: string;
  exercises: Record<string, unknown>[];
}

const GENERATED_FIELDS = ['category', 'images', 'videos'];

/** Reads a JSON file the build cannot do without; a bad one ends the build with the file named. */
function readJson(file: string, fallback?: unknown): unknown {
  const read = readJsonFile(file);
  if (read.ok) return read.value;
  const [problem] = formatProblems(read.problems);
  if (fallback !== undefined && problem!.includes('ENOENT')) return fallback;
  console.error(problem);
  process.exit(1);
}

function readSource(file: string, problems: string[]): SourceFile | undefined {
  const read = readJsonFile(file);
  if (!read.ok) {
    problems.push(...formatProblems(read.problems));
    return undefined;
  }
  const body = read.value as { category?: unknown; exercises?: unknown };
  if (typeof body !== 'object' || body === null || typeof body.category !== 'string' || !Array.isArray(body.exercises)) {
    problems.push(`${basename(file)}: must be { "category": string, "exercises": [...] }`);
    return undefined;
  }
  return { file: basename(file), category: body.category, exercises: body.exercises as Record<string, unknown>[] };
}

/** Rules for authored sources that the snapshot no longer shows: generated fields, one name per movement, formerIds. */
function authoringProblems(sources: SourceFile[]): string[] {
  const problems: string[] = [];
  const names = new Map<string, string>();
  const formerOwners = new Map<string, string>();
  for (const source of sources) {
    for (const exercise of source.exercises) {
      const where = `exercises[${String(exercise.id)}]`;
      for (const field of GENERATED_FIELDS) {
        if (field in exercise) problems.push(`${where}.${field}: is added by the build; remove it from ${source.file}`);
      }
      if (typeof exercise.name === 'string') {
        // "Push-Up" and "Push Up" are one name: punctuation and case do not make a second movement.
        const key = exercise.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
        const other = names.get(key);
        if (other !== undefined) problems.push(`${where}.name: "${exercise.name}" is also the name of ${other}`);
        names.set(key, String(exercise.id));
      }
      const formerIds = exercise.formerIds ?? [];
      if (!Array.isArray(formerIds) || !formerIds.every((id): id is string => typeof id === 'string' && ID_PATTERN.test(id))) {
        problems.push(`${where}.formerIds: must be a list of ids`);
        continue;
      }
      for (const formerId of formerIds) {
        const owner = formerOwners.get(formerId);
        if (owner !== undefined) problems.push(`${where}.formerIds: ${formerId} is also claimed by ${owner}`);
        formerOwners.set(formerId, String(exercise.id));
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

const byKey = <T>(a: [string, T], b: [string, T]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

interface Inputs {
  sources: SourceFile[];
  date: string;
  taxonomy: Omit<Snapshot, 'dataVersion' | 'lastUpdated' | 'exercises'>;
  videos: Record<string, unknown[]>;
  images: Record<string, string[]>;
  servedIds: Record<string, string>;
  translations: Record<string, Translation>;
}

/** formerId -> id, from every exercise's formerIds. */
function aliasesOf(sources: readonly SourceFile[]): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const source of sources) {
    for (const exercise of source.exercises) {
      for (const formerId of (exercise.formerIds as string[] | undefined) ?? []) aliases[formerId] = String(exercise.id);
    }
  }
  return aliases;
}

/**
 * A variation may name an exercise by a name it no longer has: merged away (its id is now an alias), renamed
 * under its id, or spelled with other punctuation ("Bent-Over" for "Bent Over"). This points it at the live name.
 */
function liveNameOf(
  sources: readonly SourceFile[],
  aliases: Record<string, string>,
  servedIds: Record<string, string>,
): (name: string) => string {
  const liveNames = new Map(sources.flatMap((s) => s.exercises.map((e) => [String(e.name).toLowerCase(), String(e.name)] as const)));
  const nameById = new Map(sources.flatMap((s) => s.exercises.map((e) => [String(e.id), String(e.name)] as const)));
  const formerNames = new Map<string, string>();
  for (const [oldId, oldName] of Object.entries(servedIds)) {
    const current = nameById.get(oldId) ?? nameById.get(aliases[oldId] ?? '');
    if (current !== undefined && !liveNames.has(oldName.toLowerCase())) formerNames.set(oldName.toLowerCase(), current);
  }
  const spelling = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const liveBySpelling = new Map([...liveNames.values()].map((name) => [spelling(name), name]));
  return (name) => liveNames.get(name.toLowerCase()) ?? formerNames.get(name.toLowerCase()) ?? liveBySpelling.get(spelling(name)) ?? name;
}

function assemble({ sources, date, taxonomy, videos, images, servedIds, translations }: Inputs): Snapshot {
  const aliases = aliasesOf(sources);
  const liveName = liveNameOf(sources, aliases, servedIds);
  const remap = (name: string, variations: unknown): unknown => {
    if (!Array.isArray(variations)) return variations;
    const mapped = variations.map((v) => (typeof v === 'string' ? liveName(v) : v));
    return [...new Set(mapped)].filter((v) => typeof v !== 'string' || v.toLowerCase() !== name.toLowerCase());
  };

  const exercises = sources.flatMap((source) =>
    source.exercises.map((exercise) => {
      const id = String(exercise.id);
      // Field order follows the spec's Exercise table, so the written JSON reads the way the docs do.
      return inFieldOrder({
        ...(exercise as Record<keyof Snapshot['exercises'][number], unknown>),
        id,
        category: source.category,
        variations: remap(String(exercise.name), exercise.variations),
        images: images[id] ?? [],
        videos: videos[id] ?? [],
      });
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
    aliases: Object.fromEntries(Object.entries(aliases).sort(byKey)),
    ...(Object.keys(translations).length === 0 ? {} : { translations }),
  } as unknown as Snapshot;
}

type Options = ReturnType<typeof parseOptions>['values'];

function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
      out: { type: 'string', default: fileURLToPath(new URL('../data/', import.meta.url)) },
      source: { type: 'string', default: fileURLToPath(new URL('../data/source/', import.meta.url)) },
      'media-base': { type: 'string', default: process.env.MEDIA_BASE_URL ?? 'https://media.exercise-catalog.dev/' },
      'fedb-images': { type: 'string' },
    },
  });
}

/** --fedb-images: id -> image paths of free-exercise-db's dist/exercises.json (facts only), sorted by id, kept beside the sources. */
function writeFedbImages(sourceDir: string, file: string): number {
  const target = join(sourceDir, 'media', 'free-exercise-db-images.json');
  const records = readJson(file) as { id: string; images: string[] }[];
  const images = Object.fromEntries(records.map((r) => [r.id, r.images] as [string, string[]]).sort(byKey));
  writeFileSync(target, `${JSON.stringify(images, null, 1)}\n`);
  console.log(`wrote ${target}: images of ${Object.keys(images).length} exercises`);
  return 0;
}

/** The snapshot the sources make, and every problem with it: authoring, videos, the contract, depth and served ids. */
function build(values: Options, files: readonly string[]): { snapshot: Snapshot; sources: SourceFile[]; problems: string[] } {
  const sourceDir = values.source;
  const problems: string[] = [];
  const sources = files.map((file) => readSource(file, problems)).filter((s): s is SourceFile => s !== undefined);
  problems.push(...authoringProblems(sources));
  const translations = checkTranslations(join(sourceDir, 'translations'), sources);
  problems.push(...translations.problems);
  const videoSources = readJson(join(sourceDir, 'videos.json')) as Record<string, VideoSource[]>;
  const videos = resolveVideos(videoSources, values['media-base']);
  const images = readJson(join(sourceDir, 'media', 'free-exercise-db-images.json'), {}) as Record<string, string[]>;
  const servedIds = readJson(join(sourceDir, 'served-ids.json'), {}) as Record<string, string>;
  const ids = new Set(sources.flatMap((s) => s.exercises.map((e) => String(e.id))));
  for (const id of Object.keys(videos)) if (!ids.has(id)) problems.push(`videos.json: ${id}: names no exercise in the sources`);
  const taxonomy = readJson(join(sourceDir, 'taxonomy.json')) as Inputs['taxonomy'];
  const snapshot = assemble({ sources, date: values.date, taxonomy, videos, images, servedIds, translations: translations.translations });
  const result = checkSnapshot(snapshot, values.date);
  if (!result.ok) problems.push(...formatProblems(result.problems));
  else {
    problems.push(...formatProblems(depthProblems(result.value)));
    const aliases = result.value.aliases ?? {};
    for (const [id, name] of Object.entries(servedIds)) {
      if (!ids.has(id) && aliases[id] === undefined)
        problems.push(`served-ids.json: ${id} ("${name}") was served once and now resolves to nothing; keep it or list it in a formerIds`);
    }
  }
  return { snapshot, sources, problems };
}

function main(): number {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
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
  const sourceDir = values.source;
  if (values['fedb-images'] !== undefined) return writeFedbImages(sourceDir, values['fedb-images']);
  const allFiles = readdirSync(join(sourceDir, 'exercises'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(sourceDir, 'exercises', f));
  const checked = values.check ? positionals : allFiles;
  if (checked.length === 0) {
    console.error('build-snapshot: no source files given');
    return 1;
  }
  // --check: the named files stand in for the files of the same name, so a draft is judged against the whole catalog.
  const files = values.check ? [...allFiles.filter((f) => !checked.some((c) => basename(c) === basename(f))), ...checked] : allFiles;
  const { snapshot, sources, problems } = build(values, files);
  const coverage = translationCoverage(snapshot);
  const checkedIds = new Set(
    sources.filter((s) => checked.some((c) => basename(c) === s.file)).flatMap((s) => s.exercises.map((e) => String(e.id))),
  );
  const shown = values.check
    ? problems.filter((p) => !/exercises\[/.test(p) || [...p.matchAll(/exercises\[([^\]]+)\]/g)].some((m) => checkedIds.has(m[1]!)))
    : problems;
  if (shown.length > 0) {
    for (const problem of shown) console.error(problem);
    console.error(`\n${shown.length} problem(s).`);
    return 1;
  }
  if (values.check) {
    console.log(`ok: ${checkedIds.size} exercises in ${checked.length} file(s)`);
    for (const line of coverageLines(coverage)) console.log(line);
    return 0;
  }
  const out = join(values.out, `${values.date}.json`);
  mkdirSync(values.out, { recursive: true }); // an --out folder that does not exist yet is made, as build tools do
  writeFileSync(out, snapshotText(snapshot));
  console.log(`wrote ${out}: ${snapshot.exercises.length} exercises, ${Object.keys(snapshot.aliases ?? {}).length} aliases`);
  for (const line of coverageLines(coverage)) console.log(line);
  return 0;
}

process.exitCode = main();
