import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createMediaHost, parseRange } from '../../src/http/media-host.ts';
import { HttpError } from '../../src/http/http-error.ts';
import { renderMissing } from '../../src/motion/media-cache.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, readDescriptions } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION, renderClip, renderStills } from '../../src/motion/render-media.ts';

const request = (path: string, extra: Record<string, string> = {}) => ({
  method: 'get',
  path,
  query: '',
  apiKey: undefined,
  hasSeveralKeys: false,
  ...extra,
});

function squat() {
  const built = buildDescription(
    'strength.json',
    'strength',
    'Barbell_Squat',
    { pattern: 'squat', props: ['barbell'], depth: 1 },
    RENDERER_VERSION,
  );
  assert.ok(built.ok);
  return built.value;
}

describe('motion descriptions', () => {
  it('refuses an unknown pattern and a parameter out of range, naming the file and field', () => {
    const unknown = buildDescription('data/source/motion/x.json', 'strength', 'A', { pattern: 'cartwheel' }, '1');
    assert.equal(unknown.ok, false);
    assert.equal(!unknown.ok && unknown.problems[0]!.source, 'data/source/motion/x.json');
    assert.equal(!unknown.ok && unknown.problems[0]!.path, 'motions.A.pattern');
    const deep = buildDescription('x.json', 'strength', 'A', { pattern: 'squat', depth: 3 }, '1');
    assert.equal(!deep.ok && deep.problems[0]!.path, 'motions.A.depth');
  });

  it('finds a balance the figure cannot hold', () => {
    const description = squat();
    const leaning = {
      ...description,
      motion: {
        ...description.motion,
        keys: description.motion.keys.map((k) => ({ ...k, angles: { ...k.angles, trunk: k.angles.trunk + 40 } })),
      },
    };
    assert.ok(checkMotion(leaning).some((p) => /centre of mass/.test(p.message)));
    assert.deepEqual(checkMotion(description), []);
  });

  it('reads every description in data/source/motion', () => {
    const read = readDescriptions('data/source/motion', RENDERER_VERSION);
    assert.ok(read.ok);
    assert.ok(read.value.length >= 20);
  });
});

describe('renderer', () => {
  it('gives the same bytes for the same description (stills and clip), a JPEG and an H.264 clip without audio', async () => {
    const { motion } = squat();
    const [a0, a1] = await renderStills(motion);
    const [b0, b1] = await renderStills(motion);
    assert.ok(a0.equals(b0) && a1.equals(b1));
    assert.deepEqual([...a0.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    const dir = mkdtempSync(join(tmpdir(), 'clip-'));
    await renderClip(motion, join(dir, 'a.mp4'));
    await renderClip(motion, join(dir, 'b.mp4'));
    assert.ok(readFileSync(join(dir, 'a.mp4')).equals(readFileSync(join(dir, 'b.mp4'))));
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', join(dir, 'a.mp4')], {
        encoding: 'utf8',
      }),
    );
    assert.deepEqual(
      probe.streams.map((s: { codec_name: string }) => s.codec_name),
      ['h264'],
    );
    assert.equal(`${probe.streams[0].width}x${probe.streams[0].height}`, '496x864');
    assert.ok(Number(probe.format.duration) <= 5);
  });
});

describe('media host', () => {
  it('serves rendered media with ETag, 304, ranges on clips, and refuses traversal with the 404 envelope', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-'));
    const index = await renderMissing(dir, [squat()]);
    assert.equal(index.Barbell_Squat!.videos[0]!.resolution, '496x864');
    writeFileSync(join(dir, 'secret.txt'), 'no');
    const host = createMediaHost(dir);
    const still = host.serve(request('/media/Barbell_Squat/0.jpg'));
    assert.ok(!(still instanceof HttpError));
    assert.equal(still.status, 200);
    const etag = still.headers.find(([name]) => name === 'ETag')![1];
    assert.match(still.headers.find(([name]) => name === 'Cache-Control')![1], /max-age=31536000/);
    const again = host.serve(request('/media/Barbell_Squat/0.jpg', { ifNoneMatch: etag }));
    assert.equal(!(again instanceof HttpError) && again.status, 304);
    const part = host.serve(request('/media/Barbell_Squat/demo-1.mp4', { range: 'bytes=0-99' }));
    assert.ok(!(part instanceof HttpError));
    assert.equal(part.status, 206);
    assert.equal((part.body as Buffer).length, 100);
    assert.match(part.headers.find(([name]) => name === 'Content-Range')![1], /^bytes 0-99\/\d+$/);
    for (const path of [
      '/media/../package.json',
      '/media/%2e%2e/secret.txt',
      '/media/Barbell_Squat/..%2F..%2Fsecret.txt',
      '/media/secret.txt',
      '/media/Nope/0.jpg',
    ]) {
      const refused = host.serve(request(path));
      assert.ok(refused instanceof HttpError, path);
      assert.equal(refused.status, 404);
    }
  });

  it('parses byte ranges and ignores ones it cannot satisfy', () => {
    assert.deepEqual(parseRange('bytes=10-', 100), [10, 99]);
    assert.deepEqual(parseRange('bytes=-10', 100), [90, 99]);
    assert.equal(parseRange('bytes=200-300', 100), undefined);
    assert.equal(parseRange('items=1-2', 100), undefined);
  });
});
