/**
 * The photos vendored in data/photos are what a fresh clone serves: every image the bundled snapshot
 * lists must be there, as the re-encoded JPEG import-photos writes, or the catalog would drop it
 * (media-listing.ts lists only files) and an app would show 867 exercises without pictures.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { listMedia } from '../../src/catalog/media-listing.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';
import { tempDir } from '../helpers/service.ts';

const PHOTOS = new URL('../../data/photos/', import.meta.url).pathname;

describe('vendored photos (data/photos)', () => {
  it('hold every image the bundled snapshot lists, so the listing keeps them all', () => {
    const snapshot = bundledSnapshot();
    const listed = listMedia(snapshot, { rendered: tempDir('exlib-no-render-'), photos: PHOTOS }, 'http://localhost/media', {});
    const lost = snapshot.exercises.flatMap((e, i) => e.images.filter((path) => !listed.exercises[i]!.images.includes(path)));
    assert.deepEqual(lost, []);
    // free-exercise-db's 873 exercises, less the six merged into others (their ids are aliases now).
    assert.equal(snapshot.exercises.filter((e) => e.images.length > 0).length, 867);
  });

  it('are JPEGs at most 480 px wide, and nothing else is in the folder', async () => {
    const images = new Set(bundledSnapshot().exercises.flatMap((e) => e.images));
    const files = readdirSync(PHOTOS, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(PHOTOS.length));
    assert.deepEqual(
      files.filter((file) => !images.has(file)),
      [],
    );
    for (const file of files) {
      const meta = await sharp(join(PHOTOS, file)).metadata();
      assert.equal(meta.format, 'jpeg', file);
      assert.ok(meta.width! <= 480, `${file} is ${meta.width} px wide`);
    }
  });
});
