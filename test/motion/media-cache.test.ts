/** The media cache: vendored photos (rendering into it is covered by test/main/media.test.ts). */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { importPhotos } from '../../src/motion/media-cache.ts';
import { tempDir } from '../helpers/service.ts';

describe('importPhotos', () => {
  it('vendors every listed photo re-encoded at most 480 px wide, the same bytes on a second run, and reports the missing', async () => {
    const source = tempDir('exlib-photos-');
    const media = tempDir('exlib-photo-media-');
    mkdirSync(join(source, 'Barbell_Curl'));
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#777' } })
      .jpeg()
      .toFile(join(source, 'Barbell_Curl', '0.jpg'));
    mkdirSync(join(source, 'Barbell_Deadlift'));
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } })
      .jpeg()
      .toFile(join(source, 'Barbell_Deadlift', '0.jpg'));
    const list = ['Barbell_Curl/0.jpg', 'Barbell_Curl/1.jpg', 'Barbell_Deadlift/0.jpg'];
    const result = await importPhotos(source, media, list);
    assert.deepEqual(result, { copied: 2, missing: ['Barbell_Curl/1.jpg'] });
    const meta = await sharp(join(media, 'Barbell_Curl', '0.jpg')).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 480, 320]);
    // A small photo is not enlarged.
    assert.equal((await sharp(join(media, 'Barbell_Deadlift', '0.jpg')).metadata()).width, 300);
    const first = readFileSync(join(media, 'Barbell_Curl', '0.jpg'));
    await importPhotos(source, media, list);
    assert.deepEqual(readFileSync(join(media, 'Barbell_Curl', '0.jpg')), first);
  });
});
