/** The media host without a socket: names it serves, ETag and 304, ranges, and everything it refuses. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { HttpError } from '../../src/http/http-error.ts';
import { createMediaHost, parseRange } from '../../src/http/media-host.ts';
import type { ApiRequest, Reply } from '../../src/http/reply.ts';
import { tempDir } from '../helpers/service.ts';

const request = (path: string, extra: Partial<ApiRequest> = {}): ApiRequest => ({
  method: 'get',
  path,
  query: '',
  apiKey: undefined,
  hasSeveralKeys: false,
  ...extra,
});
const header = (reply: Reply, name: string) => reply.headers.find(([n]) => n === name)?.[1];

function folder(): string {
  const dir = tempDir('exlib-media-host-');
  mkdirSync(join(dir, 'Barbell_Squat'));
  writeFileSync(join(dir, 'Barbell_Squat', '0.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(join(dir, 'Barbell_Squat', 'demo-1.mp4'), Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
  writeFileSync(join(dir, 'index.json'), '{}');
  writeFileSync(join(dir, 'Barbell_Squat', 'notes.txt'), 'private');
  return dir;
}

/** The rendered folder `dir` over an empty photo folder. */
const only = (dir: string) => ({ rendered: dir, photos: tempDir('exlib-media-photos-') });

describe('createMediaHost', () => {
  it("serves a vendored photo ahead of a rendered still of the same name, and a rendered still where no photo exists (the listing's order)", () => {
    const photos = tempDir('exlib-media-photos-');
    for (const id of ['Barbell_Squat', 'Barbell_Curl']) {
      mkdirSync(join(photos, id));
      writeFileSync(join(photos, id, '0.jpg'), `photo of ${id}`);
    }
    const rendered = folder();
    mkdirSync(join(rendered, 'Barbell_Deadlift'));
    writeFileSync(join(rendered, 'Barbell_Deadlift', '0.jpg'), 'ours');
    const host = createMediaHost({ rendered, photos });
    const body = (path: string) => {
      const reply = host.serve(request(path));
      assert.ok(!(reply instanceof HttpError), path);
      return String(reply.body);
    };
    assert.equal(body('/media/Barbell_Curl/0.jpg'), 'photo of Barbell_Curl');
    assert.equal(body('/media/Barbell_Squat/0.jpg'), 'photo of Barbell_Squat');
    assert.equal(body('/media/Barbell_Deadlift/0.jpg'), 'ours');
    assert.ok(host.serve(request('/media/Barbell_Curl/1.jpg')) instanceof HttpError);
  });

  it('serves a still with its type, a strong ETag and a year of caching; the ETag back is a 304', () => {
    const host = createMediaHost(only(folder()));
    const reply = host.serve(request('/media/Barbell_Squat/0.jpg'));
    assert.ok(!(reply instanceof HttpError));
    assert.equal(reply.status, 200);
    assert.equal(header(reply, 'Content-Type'), 'image/jpeg');
    assert.equal(header(reply, 'Cache-Control'), 'public, max-age=31536000');
    assert.equal(header(reply, 'Accept-Ranges'), undefined);
    const etag = header(reply, 'ETag')!;
    const again = host.serve(request('/media/Barbell_Squat/0.jpg', { ifNoneMatch: etag }));
    assert.ok(!(again instanceof HttpError));
    assert.equal(again.status, 304);
  });

  it('answers a range of a clip with 206 and Content-Range, and a range it cannot satisfy with the whole file', () => {
    const host = createMediaHost(only(folder()));
    const part = host.serve(request('/media/Barbell_Squat/demo-1.mp4', { range: 'bytes=10-19' }));
    assert.ok(!(part instanceof HttpError));
    assert.equal(part.status, 206);
    assert.equal(header(part, 'Content-Range'), 'bytes 10-19/1000');
    assert.deepEqual([...(part.body as Buffer)], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const whole = host.serve(request('/media/Barbell_Squat/demo-1.mp4', { range: 'bytes=5000-' }));
    assert.ok(!(whole instanceof HttpError));
    assert.equal(whole.status, 200);
    assert.equal((whole.body as Buffer).length, 1000);
  });

  it('serves clips in every container snapshot media reads (demo-<n>.webm, .mov) with their types and ranges', () => {
    const dir = folder();
    writeFileSync(join(dir, 'Barbell_Squat', 'demo-2.webm'), Buffer.alloc(100, 1));
    writeFileSync(join(dir, 'Barbell_Squat', 'demo-3.mov'), Buffer.alloc(100, 2));
    const host = createMediaHost(only(dir));
    for (const [name, type] of [
      ['demo-2.webm', 'video/webm'],
      ['demo-3.mov', 'video/quicktime'],
    ] as const) {
      const part = host.serve(request(`/media/Barbell_Squat/${name}`, { range: 'bytes=0-9' }));
      assert.ok(!(part instanceof HttpError));
      assert.deepEqual([part.status, header(part, 'Content-Type'), header(part, 'Content-Range')], [206, type, 'bytes 0-9/100']);
    }
  });

  for (const path of [
    '/media/../package.json',
    '/media/%2e%2e/package.json',
    '/media/Barbell_Squat/..%2f..%2fpackage.json',
    '/media/Barbell_Squat%2f0.jpg/../../index.json',
    '/media/index.json',
    '/media/Barbell_Squat/notes.txt',
    '/media/Barbell_Squat/2.jpg',
    '/media/Barbell_Squat/demo-0.mp4',
    '/media/Barbell_Squat/demo-1.avi',
    '/media/barbell_squat/0.jpg',
    '/media/%E0%A4%A',
  ]) {
    it(`refuses ${path} with 404 NOT_FOUND`, () => {
      const refused = createMediaHost(only(folder())).serve(request(path));
      assert.ok(refused instanceof HttpError);
      assert.equal(refused.status, 404);
      assert.equal(refused.code, 'NOT_FOUND');
    });
  }
});

describe('parseRange', () => {
  const cases: [string | undefined, [number, number] | undefined][] = [
    ['bytes=0-99', [0, 99]],
    ['bytes=10-', [10, 99]],
    ['bytes=-10', [90, 99]],
    ['bytes=90-500', [90, 99]],
    ['bytes=200-300', undefined],
    ['bytes=20-10', undefined],
    ['bytes=0-1,5-6', undefined],
    ['items=1-2', undefined],
    ['bytes=-', undefined],
    [undefined, undefined],
  ];
  for (const [header, expected] of cases)
    it(`reads ${header} of 100 bytes as ${JSON.stringify(expected)}`, () => assert.deepEqual(parseRange(header, 100), expected));
});
