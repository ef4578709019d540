/**
 * `npm run media -- <check|render|sheet|coverage>`: the motion descriptions in data/source/motion
 * checked, rendered into MEDIA_DIR (stills, clip, index.json), shown on a contact sheet, and counted
 * by category and pattern against the catalog (docs/operations.md#media-cli).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readSnapshotFile } from '../catalog/snapshot-files.ts';
import { listSnapshotFiles } from '../catalog/snapshot-files.ts';
import { contactSheet } from '../motion/contact-sheet.ts';
import { importPhotos, renderMissing } from '../motion/media-cache.ts';
import { checkAgainstCatalog, checkMotion } from '../motion/motion-check.ts';
import { slides } from '../motion/slides.ts';
import type { Snapshot } from '../catalog/snapshot-schema.ts';
import { type AnyDescription, isTurned, readAllDescriptions } from '../motion/motion-files.ts';
import { checkTurned } from '../motion/three-check.ts';
import { RENDERER_VERSION } from '../motion/render-media.ts';
import { formatProblems, type Problem } from '../problems.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run --silent media -- <command> [options]
  check                         validates every description (angles, contacts, balance, props); exit 1 with every problem
  render [ID...]                renders the stills and clip of every description that passes the check (or the ids named)
                                into MEDIA_DIR (default ./var/media), skipping media already rendered from the same description
  sheet OUT.jpg [ID...]         a contact sheet: one row of frames through the loop per exercise (every description when
                                no id is named); --category NAME keeps one category, --random N --seed S draws N of them,
                                --frames N shows N frames a row (default 8; up to 32, to see a fast move frame by frame);
                                named ids come in the order named, and one with no description is an error
  coverage                      exercises described, by category and by pattern, against the newest snapshot in DATA_DIR
  slides [ID...]                parts that slide at least 6 cm along what they rest on (a planted foot or hand moving, a palm up a wall), per
                                description, and how many; a review aid, not a check (exit 0)
  import-photos DIR             copies the photos the newest snapshot lists from free-exercise-db (DIR is its exercises/ folder) into the photo folder
                                (MEDIA_PHOTOS_DIR, default ./data/photos; --dir DIR), re-encoded at most 480 px wide
  options: --motion-dir DIR (default data/source/motion), --dir DIR (the media folder), --help`;

const spreadKey = (id: string) => createHash('sha256').update(id).digest('hex');

interface Options {
  motionDir: string;
  mediaDir: string;
}

function load(options: Options): AnyDescription[] {
  const read = readAllDescriptions(options.motionDir, RENDERER_VERSION);
  if (!read.ok) {
    process.stderr.write(`${formatProblems(read.problems).join('\n')}\n`);
    process.exit(1);
  }
  return read.value;
}

function checked(descriptions: readonly AnyDescription[]): { passing: AnyDescription[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const passing: AnyDescription[] = [];
  for (const description of descriptions) {
    // A three-quarter description has its own checks (three-check.ts).
    const found = isTurned(description) ? checkTurned(description.file, description.id, description.motion) : checkMotion(description);
    problems.push(...found);
    if (found.length === 0) passing.push(description);
  }
  return { passing, problems };
}

function newestSnapshot(dataDir: string): Snapshot | undefined {
  const newest = listSnapshotFiles(dataDir)[0];
  const read = newest === undefined ? undefined : readSnapshotFile(`${dataDir}/${newest}`);
  return read?.ok === true ? read.value : undefined;
}

function coverage(descriptions: readonly AnyDescription[], dataDir: string): string {
  const read = newestSnapshot(dataDir);
  const snapshot = read === undefined ? undefined : { ok: true as const, value: read };
  const byCategory = new Map<string, { total: number; described: number }>();
  if (snapshot?.ok === true)
    for (const e of snapshot.value.exercises) {
      const row = byCategory.get(e.category) ?? { total: 0, described: 0 };
      row.total += 1;
      byCategory.set(e.category, row);
    }
  const categoryOf = new Map(snapshot?.ok === true ? snapshot.value.exercises.map((e) => [e.id, e.category] as const) : []);
  for (const d of descriptions) {
    const row = byCategory.get(categoryOf.get(d.id) ?? d.category) ?? { total: 0, described: 0 };
    row.described += 1;
    byCategory.set(categoryOf.get(d.id) ?? d.category, row);
  }
  const byPattern = new Map<string, number>();
  // A three-quarter description names no pattern: it is counted under its view.
  const patternOf = (d: AnyDescription) => String(isTurned(d) ? d.motion.pattern : d.source.pattern);
  for (const d of descriptions) byPattern.set(patternOf(d), (byPattern.get(patternOf(d)) ?? 0) + 1);
  const lines = ['category                 described / total   coverage'];
  let described = 0;
  let total = 0;
  for (const [category, row] of [...byCategory].sort()) {
    described += row.described;
    total += row.total;
    lines.push(
      `${category.padEnd(24)} ${String(row.described).padStart(9)} / ${String(row.total).padEnd(7)} ${row.total === 0 ? '-' : `${((100 * row.described) / row.total).toFixed(1)}%`}`,
    );
  }
  lines.push(
    `${'all'.padEnd(24)} ${String(described).padStart(9)} / ${String(total).padEnd(7)} ${total === 0 ? '-' : `${((100 * described) / total).toFixed(1)}%`}`,
    '',
    'pattern                  descriptions',
  );
  for (const [name, count] of [...byPattern].sort()) lines.push(`${name.padEnd(24)} ${count}`);
  return lines.join('\n');
}

/** `count` of `items` drawn without repeats by a seeded generator (mulberry32), so a review can be repeated. */
function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, Math.max(0, count));
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'motion-dir': { type: 'string' },
      dir: { type: 'string' },
      category: { type: 'string' },
      random: { type: 'string' },
      seed: { type: 'string' },
      frames: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (
    !['check', 'render', 'sheet', 'coverage', 'slides', 'import-photos'].includes(positionals[0] ?? '') ||
    ((positionals[0] === 'sheet' || positionals[0] === 'import-photos') && positionals[1] === undefined)
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const options: Options = {
    motionDir: values['motion-dir'] ?? 'data/source/motion',
    mediaDir: values.dir ?? process.env.MEDIA_DIR ?? './var/media',
  };
  const [command, ...rest] = positionals;
  const descriptions = load(options);
  switch (command) {
    case 'check': {
      const { problems } = checked(descriptions);
      const snapshot = newestSnapshot(process.env.DATA_DIR ?? './data');
      if (snapshot !== undefined) problems.push(...checkAgainstCatalog(descriptions, snapshot.exercises));
      process.stdout.write(`${descriptions.length} descriptions, ${problems.length} problems\n`);
      if (problems.length > 0) process.stdout.write(`${formatProblems(problems).join('\n')}\n`);
      return problems.length > 0 ? 1 : 0;
    }
    case 'render': {
      const chosen = checked(descriptions.filter((d) => rest.length === 0 || rest.includes(d.id)));
      const { problems } = chosen;
      // In an order spread over the catalog (by a hash of the id), so a renderer stopped early, or one
      // still at work in the background, has left media in every category and every page of results.
      const passing = [...chosen.passing].sort((a, b) => (spreadKey(a.id) < spreadKey(b.id) ? -1 : 1));
      if (problems.length > 0) process.stderr.write(`not rendered (the check refuses them):\n${formatProblems(problems).join('\n')}\n`);
      try {
        await renderMissing(options.mediaDir, passing, (id, ms) => process.stdout.write(`${id}: ${ms.toFixed(0)} ms\n`));
      } catch (error) {
        // ffmpeg missing or failing, a media folder that cannot be written: one line, not a stack trace.
        process.stderr.write(`error: ${(error as Error).message}\n`);
        return 1;
      }
      process.stdout.write(`${passing.length} rendered or up to date in ${options.mediaDir}\n`);
      return 0;
    }
    case 'sheet': {
      const [out, ...ids] = rest as [string, ...string[]];
      let chosen = descriptions.filter(
        (d) => (ids.length === 0 || ids.includes(d.id)) && (values.category === undefined || d.category === values.category),
      );
      if (values.random !== undefined) chosen = sample(chosen, Number(values.random), Number(values.seed ?? 1));
      // Rows in the order the ids were named: a reviewer who names a batch reads it row by row in that order.
      else if (ids.length > 0) chosen.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      const unknown = ids.filter((id) => !descriptions.some((d) => d.id === id));
      if (unknown.length > 0) {
        process.stderr.write(`error: no motion description for ${unknown.join(', ')}\n`);
        return 2;
      }
      const frames = values.frames === undefined ? 8 : Number(values.frames);
      if (!Number.isInteger(frames) || frames < 2 || frames > 32) {
        process.stderr.write(`error: --frames takes a whole number from 2 to 32, not ${values.frames}\n`);
        return 2;
      }
      writeFileSync(
        out,
        await contactSheet(
          chosen.map((d) => ({ id: d.id, motion: d.motion })),
          frames,
        ),
      );
      process.stdout.write(`${out}: ${chosen.map((d) => d.id).join(', ')}\n`);
      return 0;
    }
    case 'import-photos': {
      const photosDir = values.dir ?? process.env.MEDIA_PHOTOS_DIR ?? './data/photos';
      const dataDir = process.env.DATA_DIR ?? './data';
      const snapshot = newestSnapshot(dataDir);
      if (snapshot === undefined) {
        process.stderr.write(`error: no valid snapshot in ${dataDir} names the photos to vendor\n`);
        return 1;
      }
      const { copied, missing } = await importPhotos(
        rest[0]!,
        photosDir,
        snapshot.exercises.flatMap((exercise) => exercise.images),
      );
      process.stdout.write(`${copied} photos copied into ${photosDir}; ${missing.length} not found in ${rest[0]}\n`);
      return missing.length > 0 ? 1 : 0;
    }
    case 'coverage':
      process.stdout.write(`${coverage(descriptions, process.env.DATA_DIR ?? './data')}\n`);
      return 0;
    case 'slides': {
      const chosen = descriptions.filter((d) => rest.length === 0 || rest.includes(d.id));
      let sliding = 0;
      for (const d of chosen) {
        // Planted parts of a three-quarter figure are held by its check (three-check.ts), not listed here.
        if (isTurned(d)) continue;
        const found = slides(d.motion);
        if (found.length === 0) continue;
        sliding += 1;
        const parts = found.map(
          (f) => `${f.point}${f.onWall ? ' on the wall' : ''} ${Math.round(f.metres * 100)} cm (${f.from.toFixed(2)}-${f.to.toFixed(2)} s)`,
        );
        process.stdout.write(`${d.id}: ${parts.join(', ')}\n`);
      }
      process.stdout.write(`${sliding} of ${chosen.length} descriptions have a part that slides 6 cm or more\n`);
      return 0;
    }
    default:
      return 2;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
