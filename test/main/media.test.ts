/**
 * The service as media host, as a process: media rendered into MEDIA_DIR by the real renderer are
 * listed (images relative, clip URLs absolute under MEDIA_URL, fields read from the clip), every
 * listed medium answers 200, ETag and Range work, nothing outside the media folder is served, and a
 * snapshot image with no file behind it is not listed.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { renderMissing } from '../../src/motion/media-cache.ts';
import { buildDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_NAME, RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { rawExchange } from '../helpers/raw-http.ts';
import { type ChildService, get, issueKey, serviceFolders, spawnService, tempDir } from '../helpers/service.ts';

let service: ChildService;
let key = '';
let mediaDir = '';

before(async () => {
  const folders = serviceFolders('exlib-media-');
  mediaDir = join(folders.root, 'media');
  const built = buildDescription('test.json', 'strength', 'Barbell_Deadlift', { pattern: 'hinge', props: ['barbell'] }, RENDERER_VERSION);
  assert.ok(built.ok);
  await renderMissing(mediaDir, [built.value]);
  // A vendored photo (in the photo folder) for an exercise without a description is listed; the
  // fixture's other image paths have no file.
  const photosDir = tempDir('exlib-media-photos-');
  mkdirSync(join(photosDir, 'Barbell_Curl'));
  writeFileSync(
    join(photosDir, 'Barbell_Curl', '0.jpg'),
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
  const env = { ...folders.env, MEDIA_DIR: mediaDir, MEDIA_PHOTOS_DIR: photosDir };
  key = (await issueKey(env, 'pro')).key;
  service = await spawnService(env);
});
after(() => service?.proc.kill('SIGTERM'));

interface Listed {
  id: string;
  images: string[];
  videos: {
    url: string;
    format: string;
    resolution: string;
    aspectRatio: string;
    durationSeconds: number;
    generatedWith: string;
    generatedAt: string;
  }[];
}

async function exported(): Promise<Listed[]> {
  const response = await fetch(`${service.url}/v1/export`, { headers: { 'X-API-Key': key } });
  assert.equal(response.status, 200);
  return (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Listed);
}

/** Whether a clip url is on this service's media host (the fixture also lists clips hosted elsewhere). */
const ours = (url: string) => new URL(url).pathname.startsWith('/media/');
/** The same path on the address the test server listens on (localhost may resolve to ::1 here). */
const onService = (url: string): string => `${service.url}${new URL(url).pathname}`;

describe('the media host', () => {
  it('lists rendered media: two relative images and a clip whose url is absolute and whose fields match the file', async () => {
    const deadlift = (await exported()).find((e) => e.id === 'Barbell_Deadlift')!;
    assert.deepEqual(deadlift.images, ['Barbell_Deadlift/0.jpg', 'Barbell_Deadlift/1.jpg']);
    assert.equal(deadlift.videos.length, 1);
    const video = deadlift.videos[0]!;
    // MEDIA_URL defaults to the service's own /media under PUBLIC_URL (http://localhost:<port>).
    assert.equal(video.url, `http://localhost:${new URL(service.url).port}/media/Barbell_Deadlift/demo-1.mp4`);
    assert.equal(video.generatedWith, RENDERER_NAME);
    const response = await fetch(onService(video.url));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'video/mp4');
    const file = join(tempDir('exlib-clip-'), 'clip.mp4');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }),
    );
    const streams = probe.streams as { codec_type: string; codec_name: string; width: number; height: number }[];
    assert.deepEqual(
      streams.map((s) => `${s.codec_type}:${s.codec_name}`),
      ['video:h264'],
    );
    assert.equal(video.resolution, `${streams[0]!.width}x${streams[0]!.height}`);
    assert.equal(video.aspectRatio, '9:16');
    assert.equal(video.format, 'mp4');
    const duration = Number(probe.format.duration);
    assert.ok(duration <= 5);
    assert.equal(video.durationSeconds, Math.max(1, Math.round(duration)));
  });

  it('answers 200 for every medium the catalog lists, and lists no image without a file', async () => {
    const exercises = await exported();
    // Clips hosted elsewhere (the fixture's) are the snapshot's to vouch for; ours are under MEDIA_URL.
    const urls = exercises.flatMap((e) => [
      ...e.images.map((path) => `${service.url}/media/${path}`),
      ...e.videos.filter((v) => ours(v.url)).map((v) => onService(v.url)),
    ]);
    assert.ok(urls.length >= 4);
    for (const url of urls) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      if (url.endsWith('.jpg')) assert.equal((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format, 'jpeg');
      else await response.arrayBuffer();
    }
    assert.deepEqual(exercises.find((e) => e.id === 'Barbell_Curl')!.images, ['Barbell_Curl/0.jpg']);
    assert.equal(exercises.filter((e) => e.images.length > 0).length, 2);
  });

  it('sends a strong ETag and a year of caching, and 304 when the ETag comes back', async () => {
    const url = `${service.url}/media/Barbell_Deadlift/0.jpg`;
    // As the OpenAPI document describes it (get() checks every response against it).
    await get(url);
    const first = await fetch(url);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('cache-control'), 'public, max-age=31536000');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  });

  it('answers byte ranges on clips with 206 and Content-Range', async () => {
    const url = `${service.url}/media/Barbell_Deadlift/demo-1.mp4`;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    assert.equal((await get(url, undefined, { headers: { Range: 'bytes=100-199' } })).status, 206);
    assert.equal((await get(`${service.url}/media/Barbell_Deadlift/9.jpg`)).status, 404);
    const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 100-199/${whole.length}`);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200)));
    const tail = await fetch(url, { headers: { Range: 'bytes=-10' } });
    assert.ok(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 10)));
    const head = await fetch(url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('accept-ranges'), 'bytes');
  });

  it('lists media rendered while it runs, without a restart', async () => {
    assert.deepEqual((await exported()).find((e) => e.id === 'Barbell_Back_Squat')!.images, []);
    const squatDescription = buildDescription(
      'test.json',
      'strength',
      'Barbell_Back_Squat',
      { pattern: 'squat', props: ['barbell'] },
      RENDERER_VERSION,
    );
    const deadlift = buildDescription(
      'test.json',
      'strength',
      'Barbell_Deadlift',
      { pattern: 'hinge', props: ['barbell'] },
      RENDERER_VERSION,
    );
    assert.ok(squatDescription.ok && deadlift.ok);
    await renderMissing(mediaDir, [deadlift.value, squatDescription.value]);
    await service.waitForLog((e) => e.message === 'catalog loaded', 15_000, 2);
    const squat = (await exported()).find((e) => e.id === 'Barbell_Back_Squat')!;
    assert.deepEqual(squat.images, ['Barbell_Back_Squat/0.jpg', 'Barbell_Back_Squat/1.jpg']);
    assert.equal((await fetch(onService(squat.videos.find((v) => ours(v.url))!.url))).status, 200);
  });

  for (const path of [
    '/media/../package.json',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/Barbell_Deadlift/..%2f..%2fpackage.json',
    '/media/index.json',
    '/media/Nope/0.jpg',
  ]) {
    it(`refuses ${path} with the 404 envelope`, async () => {
      const { text } = await rawExchange(service.url, [`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
      assert.match(text, /^HTTP\/1\.1 404 /);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };
      assert.equal(body.error.code, 'NOT_FOUND');
      assert.doesNotMatch(text, /"name":\s*"exercise-catalog-api"/);
    });
  }
});
