/**
 * The background renderer as a process (MEDIA_RENDER=background, the default outside tests): a server
 * started over motion descriptions with no media rendered lists their stills and clips once its
 * low-priority child has rendered them, without a restart, and serves each of them.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type ChildService, get, issueKey, serviceFolders, spawnService } from '../helpers/service.ts';

let service: ChildService;
let key = '';

before(async () => {
  const folders = serviceFolders('exlib-render-');
  const motionDir = join(folders.root, 'motion');
  mkdirSync(motionDir);
  writeFileSync(
    join(motionDir, 'strength.json'),
    JSON.stringify({ category: 'strength', motions: { Barbell_Deadlift: { pattern: 'hinge', props: ['barbell'] } } }),
  );
  const env = {
    ...folders.env,
    MEDIA_RENDER: 'background',
    MOTION_DIR: motionDir,
    MEDIA_DIR: join(folders.root, 'media'),
    MEDIA_PHOTOS_DIR: join(folders.root, 'photos'),
    RELOAD_INTERVAL_MS: '100',
  };
  key = (await issueKey(env, 'pro')).key;
  service = await spawnService(env);
});
after(() => service?.proc.kill('SIGTERM'));

describe('background media renderer', () => {
  it('renders the missing media after the server listens, and the catalog lists and serves them without a restart', async () => {
    await service.waitForLog((entry) => entry.message === 'media rendered' && entry.rendered === 1, 120_000);
    // The rewritten index.json changes the media signature: the next reload check loads the catalog again.
    await service.waitForLog((entry) => entry.message === 'catalog loaded', 10_000, 2);
    const response = await get(`${service.url}/v1/exercises/Barbell_Deadlift`, key);
    const listed = response.body.data as { images: string[]; videos: { url: string }[] };
    assert.deepEqual(listed.images, ['Barbell_Deadlift/0.jpg', 'Barbell_Deadlift/1.jpg']);
    assert.equal(listed.videos.length, 1);
    for (const path of [...listed.images.map((image) => `/media/${image}`), new URL(listed.videos[0]!.url).pathname]) {
      assert.equal((await fetch(`${service.url}${path}`)).status, 200, path);
    }
  });
});
