/** scanMedia and aspectRatio: a snapshot's media checked against a folder, clip metadata read with ffprobe. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { aspectRatio, clipUrl, type Prober, type Probe, readClipSource, scanMedia } from '../../src/catalog/snapshot-media.ts';
import { formatProblems } from '../../src/problems.ts';
import { tempDir, tinySnapshot } from '../helpers/snapshots.ts';

describe('scanMedia', () => {
  it('reports what ffprobe cannot tell, from a stand-in prober', () => {
    const dir = tempDir();
    for (const id of ['Pull_Up', 'Barbell_Bench_Press', 'Ab_Wheel_Rollout']) mkdirSync(join(dir, id));
    for (const name of [
      'Pull_Up/demo-1.mp4',
      'Pull_Up/demo-2.webm',
      'Pull_Up/demo-3.mov',
      'Barbell_Bench_Press/demo-1.mp4',
      'Ab_Wheel_Rollout/demo-1.mp4',
    ]) {
      writeFileSync(join(dir, name), '');
    }
    const probes: Record<string, Probe | Error> = {
      'Pull_Up/demo-1.mp4': {
        format: { format_name: 'mov,mp4,m4a', duration: '2.4', tags: { encoder: 'Lavf59', creation_time: '2026-10-02T09:00:00.000000Z' } },
        streams: [{ codec_type: 'video', width: 496, height: 864 }],
      },
      'Pull_Up/demo-2.webm': {
        format: { format_name: 'matroska,webm', duration: 'N/A' },
        streams: [{ codec_type: 'video', width: 864, height: 496 }],
      },
      'Pull_Up/demo-3.mov': { format: { format_name: 'mov,mp4,m4a', duration: '1' }, streams: [{ codec_type: 'audio' }] },
      'Barbell_Bench_Press/demo-1.mp4': { format: { format_name: 'matroska,webm', duration: '1' }, streams: [] },
      'Ab_Wheel_Rollout/demo-1.mp4': Object.assign(new Error('spawn ffprobe ENOENT'), { code: 'ENOENT' }),
    };
    const probe: Prober = (file) => {
      const answer = probes[file.slice(dir.length + 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    };
    const snapshot = tinySnapshot();
    for (const e of snapshot.exercises) e.images = [];
    const scan = scanMedia(snapshot, dir, { mediaBase: 'https://media.example.com', probe });
    assert.deepEqual(formatProblems(scan.problems), [
      'Ab_Wheel_Rollout/demo-1.mp4: ffprobe is not installed (apt-get install ffmpeg)',
      'Barbell_Bench_Press/demo-1.mp4: is not a mp4 file (ffprobe reads "matroska,webm")',
      'Pull_Up/demo-2.webm: has no readable duration',
      'Pull_Up/demo-3.mov: holds no video stream',
    ]);
    assert.deepEqual(
      scan.videos.get('Pull_Up')!.map((clip) => clip.video),
      [
        {
          url: 'https://media.example.com/Pull_Up/demo-1.mp4',
          format: 'mp4',
          resolution: '496x864',
          aspectRatio: '9:16',
          durationSeconds: 2,
          generatedWith: 'Lavf59',
          generatedAt: '2026-10-02T09:00:00.000Z',
        },
      ],
    );
    assert.deepEqual(scanMedia(snapshot, join(dir, 'missing'), { mediaBase: 'https://media.example.com', probe }), {
      problems: [],
      imageCount: 0,
      videos: new Map(),
    });
    const unreadable: Prober = () => {
      throw new Error('Invalid data found when processing input');
    };
    assert.deepEqual(
      formatProblems(scanMedia(snapshot, dir, { mediaBase: 'https://m.example.com/', probe: unreadable }).problems)[0],
      'Ab_Wheel_Rollout/demo-1.mp4: ffprobe cannot read it',
    );
  });
});

describe('aspectRatio', () => {
  it('names aspect ratios as people do, within 3%, else as the reduced fraction', () => {
    assert.deepEqual(
      [
        [496, 864],
        [864, 496],
        [1080, 1920],
        [1920, 1080],
        [500, 500],
        [100, 37],
        [1200, 1000],
      ].map(([w, h]) => aspectRatio(w!, h!)),
      ['9:16', '16:9', '9:16', '16:9', '1:1', '100:37', '6:5'],
    );
  });
});

describe('readClipSource', () => {
  const probe: Prober = () => ({
    format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3.96', tags: { encoder: 'Lavf61' } },
    streams: [{ codec_type: 'video', width: 864, height: 496 }],
  });

  it("reads a clip as videos.json holds it, generatedWith the renderer when one is named (the media command's reading)", () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'clip.mp4'), '');
    const read = readClipSource(join(dir, 'clip.mp4'), 'Barbell_Squat/demo-1.mp4', { generatedWith: 'renderer 1.0.0', probe });
    assert.ok(!('message' in read));
    const { generatedAt, ...fields } = read;
    assert.deepEqual(fields, {
      path: 'Barbell_Squat/demo-1.mp4',
      format: 'mp4',
      resolution: '864x496',
      aspectRatio: '16:9',
      durationSeconds: 4,
      generatedWith: 'renderer 1.0.0',
    });
    assert.ok(!Number.isNaN(Date.parse(generatedAt)));
    const unnamed = readClipSource(join(dir, 'clip.mp4'), 'Barbell_Squat/demo-1.mp4', { probe });
    assert.equal('message' in unnamed ? unnamed.message : unnamed.generatedWith, 'Lavf61');
  });

  it('refuses a file not named as clips are (demo-<n>.mp4, .webm, .mov)', () => {
    const read = readClipSource('/nowhere/clip.mp4', 'Barbell_Squat/clip.mp4', { probe });
    assert.deepEqual(formatProblems([read as never]), ['Barbell_Squat/clip.mp4: is not named demo-<n>.mp4, .webm or .mov']);
  });
});

describe('clipUrl', () => {
  it('resolves a clip path against a media host with or without its trailing slash', () => {
    assert.equal(clipUrl('A/demo-1.mp4', 'https://cdn.example.com/media'), 'https://cdn.example.com/media/A/demo-1.mp4');
    assert.equal(clipUrl('A/demo-1.mp4', 'https://cdn.example.com/media/'), 'https://cdn.example.com/media/A/demo-1.mp4');
  });
});
