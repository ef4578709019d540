import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { listMedia, listMediaSteps, mediaSignature } from '../../src/catalog/media-listing.ts';
import { writeMediaIndex } from '../../src/motion/media-cache.ts';
import { runInSlices } from '../../src/time-slices.ts';
import { fixtureSnapshot, tempDir } from '../helpers/service.ts';

const clip = {
  format: 'mp4',
  resolution: '496x864',
  aspectRatio: '9:16',
  durationSeconds: 3,
  generatedWith: 'r 1',
  generatedAt: '2026-11-28T00:00:00.000Z',
};

describe('listMedia', () => {
  it('lists indexed media only while their files exist, with clip urls absolute under the media url', () => {
    const dir = tempDir('exlib-listing-');
    mkdirSync(join(dir, 'Barbell_Curl'));
    for (const name of ['0.jpg', '1.jpg', 'demo-1.mp4']) writeFileSync(join(dir, 'Barbell_Curl', name), 'x');
    const index = {
      Barbell_Curl: {
        hash: 'h',
        images: ['Barbell_Curl/0.jpg', 'Barbell_Curl/1.jpg'],
        videos: [{ path: 'Barbell_Curl/demo-1.mp4', ...clip }],
      },
      // Indexed, but its files are gone: nothing of it is listed.
      Barbell_Deadlift: {
        hash: 'h',
        images: ['Barbell_Deadlift/0.jpg', 'Barbell_Deadlift/1.jpg'],
        videos: [{ path: 'Barbell_Deadlift/demo-1.mp4', ...clip }],
      },
    };
    const listed = listMedia(
      fixtureSnapshot(),
      { rendered: dir, photos: tempDir('exlib-photos-') },
      'https://cdn.example.com/media',
      index,
    );
    const byId = new Map(listed.exercises.map((e) => [e.id, e]));
    assert.deepEqual(byId.get('Barbell_Curl')!.images, ['Barbell_Curl/0.jpg', 'Barbell_Curl/1.jpg']);
    assert.deepEqual(byId.get('Barbell_Curl')!.videos, [{ url: 'https://cdn.example.com/media/Barbell_Curl/demo-1.mp4', ...clip }]);
    assert.deepEqual(byId.get('Barbell_Deadlift')!.images, []);
    // The fixture lists images for many exercises; none has a file here, so none is listed.
    assert.equal(listed.exercises.filter((e) => e.images.length > 0).length, 1);
    // Clips the snapshot hosts elsewhere are kept.
    assert.equal(byId.get('Barbell_Back_Squat')!.videos.length, 2);
  });

  it("lists a photographed exercise's photos with our clip beside them, and our stills only where no photo exists", () => {
    const rendered = tempDir('exlib-listing-');
    const photos = tempDir('exlib-photos-');
    const fixture = fixtureSnapshot();
    const withImages = fixture.exercises.filter((e) => e.images.length > 0).slice(0, 2);
    // An exercise with no photo: a third one, its snapshot images taken away.
    const unphotographed = { ...fixture.exercises.find((e) => !withImages.includes(e))!, images: [] };
    const snapshot = { ...fixture, exercises: fixture.exercises.map((e) => (e.id === unphotographed.id ? unphotographed : e)) };
    assert.equal(withImages.length, 2, 'the fixture has exercises with images');
    for (const exercise of withImages) {
      for (const path of exercise.images) {
        mkdirSync(join(photos, path, '..'), { recursive: true });
        writeFileSync(join(photos, path), 'photo');
      }
    }
    const [photographed, renderedToo] = withImages as [(typeof withImages)[0], (typeof withImages)[0]];
    const entry = (id: string) => {
      mkdirSync(join(rendered, id));
      for (const name of ['0.jpg', '1.jpg', 'demo-1.mp4']) writeFileSync(join(rendered, id, name), 'ours');
      return { hash: 'h', images: [`${id}/0.jpg`, `${id}/1.jpg`], videos: [{ path: `${id}/demo-1.mp4`, ...clip }] };
    };
    const index = { [renderedToo.id]: entry(renderedToo.id), [unphotographed.id]: entry(unphotographed.id) };
    const listed = new Map(
      listMedia(snapshot, { rendered, photos }, 'https://cdn.example.com/media', index).exercises.map((e) => [e.id, e]),
    );
    assert.deepEqual(listed.get(photographed.id)!.images, photographed.images);
    assert.deepEqual(listed.get(renderedToo.id)!.images, renderedToo.images);
    assert.equal(listed.get(renderedToo.id)!.videos.length, 1);
    assert.deepEqual(listed.get(unphotographed.id)!.images, [`${unphotographed.id}/0.jpg`, `${unphotographed.id}/1.jpg`]);
    assert.equal(listed.get(unphotographed.id)!.videos.length, 1);
  });

  it('lists the same in slices as at once, pausing between exercises (the loader lists media without holding the event loop)', async () => {
    const dir = { rendered: tempDir('exlib-listing-'), photos: tempDir('exlib-photos-') };
    const snapshot = fixtureSnapshot();
    const many = { ...snapshot, exercises: Array.from({ length: 3 }, () => snapshot.exercises).flat() };
    const steps = listMediaSteps(many, dir, 'https://cdn.example.com/media', {});
    assert.equal(steps.next().done, false);
    assert.deepEqual(
      await runInSlices(listMediaSteps(many, dir, 'https://cdn.example.com/media', {}), 0),
      listMedia(many, dir, 'https://cdn.example.com/media', {}),
    );
  });

  it('changes its signature when the index is rewritten', () => {
    const dir = tempDir('exlib-listing-');
    const before = mediaSignature(dir);
    writeMediaIndex(dir, {});
    assert.notEqual(mediaSignature(dir), before);
  });
});
