/**
 * The loader at the search boundary: it builds the Catalog in slices, hands it to `prepare` (the
 * search index build in the service), serves what `prepare` made, runs one reload at a time, and
 * survives a failing build with the live catalog still served.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { CatalogLoader, DEFAULT_MAX_SNAPSHOT_BYTES } from '../../src/catalog/snapshot-files.ts';
import { createLogger } from '../../src/log.ts';
import { FIXTURE_FILE, tempDir } from '../helpers/service.ts';

function logged(): { lines: Record<string, unknown>[]; logger: ReturnType<typeof createLogger> } {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)) };
}

describe('CatalogLoader', () => {
  it('serves what prepare made of the newest valid snapshot, building it once however often reload is called meanwhile', async () => {
    const dir = tempDir();
    copyFileSync(FIXTURE_FILE, join(dir, '2026-01-15.json'));
    const built: string[] = [];
    const { logger } = logged();
    const loader = new CatalogLoader({
      dir,
      maxBytes: DEFAULT_MAX_SNAPSHOT_BYTES,
      logger,
      prepare: async (catalog: Catalog) => {
        built.push(catalog.dataVersion);
        return { catalog, label: `prepared ${catalog.dataVersion}` };
      },
    });
    assert.equal(loader.current, undefined);
    await Promise.all([loader.reload(), loader.reload(), loader.reload()]);
    await loader.reload();
    const served = loader.current as { catalog: Catalog; label: string } | undefined;
    assert.equal(served?.label, 'prepared 2026-01-15');
    assert.ok((served?.catalog.exercises.length ?? 0) > 0);
    assert.deepEqual(built, ['2026-01-15']);
  });

  it('keeps serving the live catalog when a build fails, and logs it', async () => {
    const dir = tempDir();
    copyFileSync(FIXTURE_FILE, join(dir, '2026-01-15.json'));
    const { lines, logger } = logged();
    let isBroken = false;
    const loader = new CatalogLoader({
      dir,
      maxBytes: DEFAULT_MAX_SNAPSHOT_BYTES,
      logger,
      prepare: async (catalog: Catalog) => {
        if (isBroken) throw new Error('index build bug');
        return catalog;
      },
    });
    await loader.reload();
    const live = loader.current;
    assert.ok(live !== undefined);
    isBroken = true;
    const next = { ...(JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as object), dataVersion: '2026-01-16' };
    writeFileSync(join(dir, '2026-01-16.json'), JSON.stringify(next));
    await loader.reload();
    assert.equal(loader.current, live);
    assert.equal(lines.filter((line) => line.message === 'catalog build failed; the live catalog keeps serving').length, 1);
  });

  it('hands prepare what the live catalog is served from, so that a reload can borrow from it', async () => {
    const dir = tempDir();
    copyFileSync(FIXTURE_FILE, join(dir, '2026-01-15.json'));
    const { logger } = logged();
    const handed: (string | undefined)[] = [];
    const loader = new CatalogLoader<string>({
      dir,
      maxBytes: DEFAULT_MAX_SNAPSHOT_BYTES,
      logger,
      prepare: async (catalog: Catalog, previous: string | undefined) => {
        handed.push(previous);
        return `served ${catalog.dataVersion}`;
      },
    });
    await loader.reload();
    const next = { ...(JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as object), dataVersion: '2026-01-16' };
    writeFileSync(join(dir, '2026-01-16.json'), JSON.stringify(next));
    await loader.reload();
    assert.deepEqual(handed, [undefined, 'served 2026-01-15']);
    assert.equal(loader.current, 'served 2026-01-16');
  });
});
