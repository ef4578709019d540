/**
 * `npm run snapshot -- <verb>` driven through runSnapshotCli: check, diff, import-free-exercise-db and
 * media, with their output, exit codes and files written.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { runSnapshotCli } from '../../src/cli/snapshot.ts';
import {
  BAD_FILE,
  deepSnapshot,
  FULL_FEDB_FILE,
  SAMPLE_FILE,
  sourceRecord,
  tempDir,
  tinySnapshot,
  writeSnapshot,
} from '../helpers/snapshots.ts';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSnapshotCli(
    args,
    (text) => out.push(text),
    (text) => err.push(text),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('runSnapshotCli', () => {
  describe('check', () => {
    it('prints the summary of a valid snapshot and exits 0', async () => {
      const file = writeSnapshot(tempDir(), tinySnapshot());
      const { code, out, err } = await run(['check', '--schema-only', file]);
      assert.equal(code, 0);
      assert.equal(err, '');
      assert.ok(out.startsWith(`${file}: ok\ndataVersion 2026-01-01, lastUpdated 2026-01-01T06:00:00.000Z\n3 exercises,`), out);
      assert.ok(out.endsWith('\ntranslations: none (served in English only)\ndepth rules: not checked (--schema-only)'), out);
    });

    it('reports coverage per language, and what a partial language serves in English', async () => {
      const snapshot = tinySnapshot();
      snapshot.translations = {
        de: { exercises: { Pull_Up: { name: 'Klimmzug' } } },
        es: { exercises: { Pull_Up: { name: 'Dominada', keywords: ['dominada'] } }, muscleGroups: { Chest: 'Pecho' } },
      };
      const { code, out } = await run(['check', '--schema-only', writeSnapshot(tempDir(), snapshot)]);
      assert.equal(code, 0);
      const names = snapshot.categories.length + snapshot.muscleGroups.length + snapshot.equipment.length;
      assert.match(
        out,
        new RegExp(
          '\ntranslations:\n' +
            `  de: 0 of 3 exercises translated \\(partial: 1 in part, 20 fields, ${names} taxonomy names served in English\\)\n` +
            `  es: 0 of 3 exercises translated \\(partial: 1 in part, 19 fields, ${names - 1} taxonomy names served in English\\)\n`,
        ),
      );
    });

    it('reports the depth rules as warnings by default: a thin snapshot passes with them listed, a deep one meets them', async () => {
      const dir = tempDir();
      const deep = await run(['check', writeSnapshot(dir, deepSnapshot())]);
      assert.equal(deep.code, 0, deep.err);
      assert.ok(deep.out.endsWith('\ndepth rules: met by all 4 exercises'), deep.out);
      const file = writeSnapshot(dir, tinySnapshot());
      const thin = await run(['check', file]);
      assert.equal(thin.code, 0, thin.err);
      assert.equal(thin.err, '');
      const lines = thin.out.split('\n');
      const head = lines.findIndex((line) => line.startsWith('depth rules: '));
      assert.match(
        lines[head]!,
        /^depth rules: \d+ warning\(s\) in 3 of 3 exercises \(the bundled catalog's promise, not the format's; --strict makes them errors\)$/,
      );
      assert.equal(lines[head + 1], `  warning: ${file}: exercises[Barbell_Bench_Press].keywords: needs 5-10 keywords (has 3)`);
      assert.match(lines.at(-1)!, /^ {2}\.\.\. and \d+ more \(--strict lists them all\)$/);
    });

    it('--strict makes the depth rules errors: every problem named by id and field, exit 1', async () => {
      const file = writeSnapshot(tempDir(), tinySnapshot());
      const thin = await run(['check', '--strict', file]);
      assert.equal(thin.code, 1);
      assert.equal(thin.out, '');
      const lines = thin.err.split('\n');
      assert.equal(lines[0], `${file}: exercises[Barbell_Bench_Press].keywords: needs 5-10 keywords (has 3)`);
      assert.ok(
        lines.includes(`${file}: exercises[Barbell_Bench_Press].keywords: "strength" is a bare body part or generic word, not an alias`),
      );
      assert.ok(lines.includes(`${file}: exercises[Pull_Up].variations: needs 3-5 variations (has 0)`));
      assert.equal(lines.at(-1), `${lines.length - 2} problem(s) in ${file}`);
    });

    it('lists every problem, each naming the exercise id and field, and exits 1', async () => {
      const snapshot = tinySnapshot() as unknown as { exercises: Record<string, unknown>[] };
      // A record failing the schema is not cross-checked, so the cross-reference faults sit on another one.
      snapshot.exercises[0]!.equipment = 'rope';
      snapshot.exercises[0]!.images = ['Bench_Press/0.jpg'];
      snapshot.exercises[1]!.level = 'expert';
      delete snapshot.exercises[2]!.overview;
      const file = writeSnapshot(tempDir(), snapshot, '2026-01-01.json');
      const { code, out, err } = await run(['check', file]);
      assert.equal(code, 1);
      assert.equal(out, '');
      const lines = err.split('\n');
      assert.deepEqual(lines, [
        `${file}: exercises[Barbell_Bench_Press].equipment: "rope" is not in the equipment list`,
        `${file}: exercises[Barbell_Bench_Press].images[0]: "Bench_Press/0.jpg" must start with "Barbell_Bench_Press/"`,
        `${file}: exercises[Pull_Up].level: must be one of beginner, intermediate, advanced`,
        `${file}: exercises[Ab_Wheel_Rollout].overview: is missing`,
        '',
        `4 problem(s) in ${file}`,
      ]);
      for (const line of lines.slice(0, -2)) assert.match(line, /: exercises\[[A-Z][A-Za-z_]+\]\.[a-zA-Z]+(\[\d+\])?: /);
    });

    it('refuses a snapshot dated a day that does not exist (2026-02-30)', async () => {
      const file = writeSnapshot(tempDir(), tinySnapshot('2026-02-30'));
      const { code, out, err } = await run(['check', '--schema-only', file]);
      assert.equal(code, 1);
      assert.equal(out, '');
      assert.equal(err, `${file}: dataVersion: must be a real date as YYYY-MM-DD\n\n1 problem(s) in ${file}`);
    });

    it('exits 2 with the usage without exactly one file', async () => {
      for (const args of [['check'], ['check', '--strict'], ['check', '--strict', '--schema-only', 'a.json']]) {
        const { code, err } = await run(args);
        assert.equal(code, 2, args.join(' '));
        assert.match(err, /^usage: npm run snapshot -- <verb>/);
      }
    });
  });

  describe('diff', () => {
    it('prints the report, warning first about vanished ids, and exits 0', async () => {
      const dir = tempDir();
      const next = tinySnapshot('2026-02-01');
      next.exercises.pop();
      const { code, out, err } = await run(['diff', writeSnapshot(dir, tinySnapshot()), writeSnapshot(dir, next)]);
      assert.equal(code, 0);
      assert.equal(err, '');
      assert.ok(
        out.startsWith('WARNING: 1 id vanished; clients holding them will get 404 NOT_FOUND:\n  Ab_Wheel_Rollout  "Ab Wheel Rollout"\n'),
        out,
      );
      assert.match(out, /\ndataVersion 2026-01-01 -> 2026-02-01\nexercises 3 -> 2 \(-1\): 0 added, 1 removed, 0 renamed, 0 changed\n/);
    });

    it('exits 1 with the problems of an invalid or unreadable snapshot', async () => {
      const dir = tempDir();
      const good = writeSnapshot(dir, tinySnapshot());
      const broken = tinySnapshot('2026-02-01') as unknown as { exercises: Record<string, unknown>[] };
      broken.exercises[0]!.category = 'cardio';
      const bad = writeSnapshot(dir, broken);
      const missing = join(dir, '2026-03-01.json');
      const { code, out, err } = await run(['diff', good, bad]);
      assert.equal(code, 1);
      assert.equal(out, '');
      assert.ok(err.startsWith(`${bad}: exercises[Barbell_Bench_Press].category: must be one of strength,`), err);
      assert.ok(err.endsWith('1 problem(s); nothing compared'), err);
      const unreadable = await run(['diff', missing, good]);
      assert.equal(unreadable.code, 1);
      assert.ok(unreadable.err.startsWith(`${missing}: cannot be read (ENOENT`), unreadable.err);
    });

    it('exits 2 with the usage without exactly two files', async () => {
      assert.equal((await run(['diff', 'a.json'])).code, 2);
      assert.equal((await run(['diff', 'a.json', 'b.json', 'c.json'])).code, 2);
    });
  });

  describe('import-free-exercise-db', () => {
    it('writes DIR/<today>.json that check accepts, and prints a summary', async () => {
      const dir = tempDir();
      const before = new Date().toISOString().slice(0, 10);
      const { code, out, err } = await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir]);
      const after = new Date().toISOString().slice(0, 10);
      assert.equal(code, 0, err);
      assert.equal(err, '');
      const names = readdirSync(dir);
      assert.equal(names.length, 1);
      const dataVersion = names[0]!.slice(0, 10);
      assert.ok(dataVersion === before || dataVersion === after, names[0]);
      const file = join(dir, names[0]!);
      assert.equal(out, `wrote ${file}: 12 exercises from ${SAMPLE_FILE}, dataVersion ${dataVersion}, 0 note(s)`);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
      assert.equal(written.dataVersion, dataVersion);
      assert.match(written.lastUpdated, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const check = await run(['check', file]);
      assert.equal(check.code, 0, check.err);
    });

    it('the whole of free-exercise-db imports into a snapshot that check passes (exit 0, depth rules as warnings)', async () => {
      const dir = tempDir();
      const imported = await run(['import-free-exercise-db', FULL_FEDB_FILE, '--out', dir]);
      assert.equal(imported.code, 0, imported.err);
      const file = join(dir, readdirSync(dir)[0]!);
      const check = await run(['check', file]);
      assert.equal(check.code, 0, check.err);
      assert.match(check.out, /\n873 exercises,/);
      assert.match(check.out, /\ndepth rules: \d+ warning\(s\) in \d+ of 873 exercises/);
    });

    it('prints the notes before the summary', async () => {
      const dir = tempDir();
      const input = join(dir, 'exercises.json');
      writeFileSync(input, JSON.stringify([sourceRecord({ images: ['Elsewhere/0.jpg'] })]));
      const outDir = mkdtempSync(join(dir, 'out-'));
      const { code, out } = await run(['import-free-exercise-db', input, '--out', outDir]);
      assert.equal(code, 0);
      const lines = out.split('\n');
      assert.equal(lines[0], 'note: Atlas_Stones: image "Elsewhere/0.jpg" dropped (it must start with "Atlas_Stones/")');
      assert.match(lines[1]!, /^wrote .*: 1 exercises from .*exercises\.json, dataVersion \d{4}-\d{2}-\d{2}, 1 note\(s\)$/);
    });

    it('refuses to overwrite an existing snapshot and exits 1', async () => {
      const dir = tempDir();
      assert.equal((await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir])).code, 0);
      const [name] = readdirSync(dir);
      const file = join(dir, name!);
      const before = readFileSync(file, 'utf8');
      const { code, out, err } = await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir]);
      assert.equal(code, 1);
      assert.equal(out, '');
      assert.equal(err, `${file} already exists; refusing to overwrite it (move it away or pass --out DIR)`);
      assert.equal(readFileSync(file, 'utf8'), before);
    });

    it('names an unreadable input file and exits 1', async () => {
      const missing = join(tempDir(), 'nope.json');
      const { code, err } = await run(['import-free-exercise-db', missing]);
      assert.equal(code, 1);
      assert.ok(err.startsWith(`${missing}: cannot be read (ENOENT`), err);
    });

    it('names an input file that is not JSON and exits 1', async () => {
      const file = join(tempDir(), 'exercises.json');
      writeFileSync(file, '[{"name": "Squat",');
      const { code, err } = await run(['import-free-exercise-db', file]);
      assert.equal(code, 1);
      assert.equal(err, `${file}: is not valid JSON (at character 18)`);
    });

    it('lists the bad records, writes nothing and exits 1', async () => {
      const dir = tempDir();
      const { code, err } = await run(['import-free-exercise-db', BAD_FILE, '--out', dir]);
      assert.equal(code, 1);
      assert.deepEqual(readdirSync(dir), []);
      const lines = err.split('\n');
      assert.equal(
        lines[0],
        `${BAD_FILE}: record 1 (id "Muscle_Up").level: must be one of beginner, intermediate, expert (received "master")`,
      );
      assert.equal(lines.at(-1), `6 problem(s) in ${BAD_FILE}; nothing written`);
    });

    it('exits 1 when the output folder does not exist', async () => {
      const dir = join(tempDir(), 'missing');
      const { code, err } = await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir]);
      assert.equal(code, 1);
      assert.ok(err.startsWith(`cannot write ${dir}/`), err);
      assert.equal(existsSync(dir), false);
    });

    it('exits 2 with the usage on a missing file argument or an unknown option', async () => {
      for (const args of [[], ['a.json', 'b.json'], ['a.json', '--force'], ['a.json', '--out']]) {
        const { code, err } = await run(['import-free-exercise-db', ...args]);
        assert.equal(code, 2, args.join(' '));
        assert.match(err, /usage: npm run snapshot -- <verb>/);
      }
    });
  });

  it('exits 2 with the usage on an unknown verb', async () => {
    const { code, err } = await run(['publish']);
    assert.equal(code, 2);
    assert.match(err, /^usage: /);
  });
});

describe('runSnapshotCli media', () => {
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  /** A silent test-pattern clip of `seconds` at `size`, made with Debian's ffmpeg. */
  const makeClip = (file: string, size: string, seconds: number, withAudio = false) =>
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=10`,
      ...(withAudio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000'] : []),
      '-t',
      String(seconds),
      '-pix_fmt',
      'yuv420p',
      ...(withAudio ? ['-shortest'] : []),
      file,
    );

  /** A media folder holding every image of tinySnapshot, and a snapshot file beside it. */
  function mediaFixture(): { dir: string; media: string; file: string } {
    const dir = tempDir();
    const media = join(dir, 'media');
    const still = join(dir, 'still.jpg');
    ffmpeg('-f', 'lavfi', '-i', 'color=c=gray:s=16x16', '-frames:v', '1', still);
    for (const e of tinySnapshot().exercises) {
      mkdirSync(join(media, e.id), { recursive: true });
      for (const image of e.images) copyFileSync(still, join(media, image));
    }
    const file = writeSnapshot(mkdtempSync(join(dir, 'data-')), tinySnapshot());
    return { dir, media, file };
  }

  it('writes video metadata read from real clips (9:16 and 16:9) into the snapshot, in clip order', async () => {
    const { media, file } = mediaFixture();
    makeClip(join(media, 'Pull_Up', 'demo-2.mp4'), '256x144', 1);
    makeClip(join(media, 'Pull_Up', 'demo-1.mp4'), '144x256', 1);
    const { code, out, err } = await run([
      'media',
      file,
      media,
      '--media-base',
      'https://cdn.example.org/clips',
      '--generated-with',
      'studio capture',
    ]);
    assert.equal(code, 0, err);
    assert.equal(out, `6 image(s) found in ${media}; 2 clip(s) for 1 exercise(s); wrote ${file}`);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
    const videos = written.exercises.find((e) => e.id === 'Pull_Up')!.videos;
    assert.deepEqual(
      videos.map(({ generatedAt: _, ...clip }) => clip),
      [
        {
          url: 'https://cdn.example.org/clips/Pull_Up/demo-1.mp4',
          format: 'mp4',
          resolution: '144x256',
          aspectRatio: '9:16',
          durationSeconds: 1,
          generatedWith: 'studio capture',
        },
        {
          url: 'https://cdn.example.org/clips/Pull_Up/demo-2.mp4',
          format: 'mp4',
          resolution: '256x144',
          aspectRatio: '16:9',
          durationSeconds: 1,
          generatedWith: 'studio capture',
        },
      ],
    );
    for (const video of videos) assert.match(video.generatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.deepEqual(
      written.exercises.filter((e) => e.id !== 'Pull_Up').map((e) => e.videos),
      [[], []],
    );
    assert.equal((await run(['check', '--schema-only', file])).code, 0);
  });

  it('refuses a clip over 5 seconds, writing nothing', async () => {
    const { media, file } = mediaFixture();
    makeClip(join(media, 'Pull_Up', 'demo-1.mp4'), '144x256', 1);
    makeClip(join(media, 'Ab_Wheel_Rollout', 'demo-1.mp4'), '256x144', 6);
    const before = readFileSync(file, 'utf8');
    const { code, out, err } = await run(['media', file, media]);
    assert.equal(code, 1);
    assert.equal(out, '');
    assert.match(
      err,
      /^Ab_Wheel_Rollout\/demo-1\.mp4: lasts 6\.\d\d s; clips last at most 5 s \(refused\)\n\n1 problem\(s\); nothing written$/,
    );
    assert.equal(readFileSync(file, 'utf8'), before);
  });

  it('names every image missing from the folder, clips of no exercise and clips with sound', async () => {
    const { media, file } = mediaFixture();
    unlinkSync(join(media, 'Pull_Up', '1.jpg'));
    mkdirSync(join(media, 'Old_Exercise'));
    makeClip(join(media, 'Old_Exercise', 'demo-1.mp4'), '144x256', 1);
    makeClip(join(media, 'Barbell_Bench_Press', 'demo-1.mp4'), '144x256', 1, true);
    writeFileSync(join(media, 'Barbell_Bench_Press', 'notes.txt'), 'not a clip');
    const { code, err } = await run(['media', file, media]);
    assert.equal(code, 1);
    assert.deepEqual(err.split('\n'), [
      `exercises[Pull_Up].images[1]: "Pull_Up/1.jpg" is not a file in ${media}`,
      'Barbell_Bench_Press/demo-1.mp4: has an audio track; clips are silent',
      'Old_Exercise/: holds clips, but no exercise has the id "Old_Exercise"',
      '',
      '3 problem(s); nothing written',
    ]);
  });

  it("--videos-json writes the clips in the build's videos.json format and leaves the snapshot alone", async () => {
    const { dir, media, file } = mediaFixture();
    makeClip(join(media, 'Pull_Up', 'demo-1.mp4'), '144x256', 1);
    const before = readFileSync(file, 'utf8');
    const target = join(dir, 'videos.json');
    const { code, out } = await run(['media', file, media, '--videos-json', target]);
    assert.equal(code, 0);
    assert.equal(out, `6 image(s) found in ${media}; 1 clip(s) for 1 exercise(s); wrote ${target}`);
    assert.equal(readFileSync(file, 'utf8'), before);
    const sources = JSON.parse(readFileSync(target, 'utf8')) as Record<string, Record<string, unknown>[]>;
    assert.deepEqual(Object.keys(sources), ['Pull_Up']);
    assert.deepEqual(Object.keys(sources.Pull_Up![0]!), [
      'path',
      'format',
      'resolution',
      'aspectRatio',
      'durationSeconds',
      'generatedWith',
      'generatedAt',
    ]);
    assert.equal(sources.Pull_Up![0]!.path, 'Pull_Up/demo-1.mp4');
    assert.equal(typeof sources.Pull_Up![0]!.generatedWith, 'string');
  });

  it('exits 1 on an invalid snapshot or an unwritable target, 2 on bad arguments', async () => {
    const { dir, media, file } = mediaFixture();
    assert.equal((await run(['media', join(dir, '2026-01-01.json'), media])).code, 1);
    const unwritable = await run(['media', file, media, '--videos-json', join(dir, 'missing', 'videos.json')]);
    assert.equal(unwritable.code, 1);
    assert.match(unwritable.err, /videos\.json: cannot be written \(ENOENT/);
    for (const args of [[file], [file, media, 'extra'], [file, media, '--force'], [file, media, '--media-base', 'not a url']]) {
      assert.equal((await run(['media', ...args])).code, 2, args.join(' '));
    }
  });
});
