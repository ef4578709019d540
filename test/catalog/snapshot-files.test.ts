/**
 * The loader at the search boundary: it serves the Catalog the reading process built, with what that
 * process built from it (`offThread`, the search index in the service) or else what `prepare` made of
 * it here, runs one reload at a time, and survives a failing build with the live catalog still served.
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

  describe('with a build off the main thread', () => {
    const BUILD_MODULE = new URL('../fixtures/build-modules/ids.ts', import.meta.url);
    type Parts = { dataVersion: string; ids: string[] }[];

    function offThreadLoader(dir: string, logger: ReturnType<typeof createLogger>, adoptProblem?: string, module = BUILD_MODULE) {
      const adopted: Parts[] = [];
      const prepared: string[] = [];
      const loader = new CatalogLoader<string>({
        dir,
        maxBytes: DEFAULT_MAX_SNAPSHOT_BYTES,
        logger,
        prepare: async (catalog: Catalog) => {
          prepared.push(catalog.dataVersion);
          return `prepared ${catalog.dataVersion}`;
        },
        offThread: {
          module,
          adopt: async (catalog: Catalog, parts: unknown[], previous: string | undefined) => {
            if (adoptProblem !== undefined) return { problem: adoptProblem };
            adopted.push(parts as Parts);
            const [part] = parts as Parts;
            // The process's catalog of the snapshot, which this one was put together from: the same exercises in the same order.
            assert.deepEqual(
              part!.ids,
              catalog.exercises.map((exercise) => exercise.id),
            );
            return { adopted: `adopted ${part!.dataVersion} after ${previous}` };
          },
        },
      });
      return { loader, adopted, prepared };
    }

    it('serves what the reading process built from its catalog of the snapshot, and builds nothing here', async () => {
      const dir = tempDir();
      copyFileSync(FIXTURE_FILE, join(dir, '2026-01-15.json'));
      const { loader, adopted, prepared } = offThreadLoader(dir, logged().logger);
      await loader.reload();
      const next = { ...(JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as object), dataVersion: '2026-01-16' };
      writeFileSync(join(dir, '2026-01-16.json'), JSON.stringify(next));
      await loader.reload();
      assert.equal(loader.current, 'adopted 2026-01-16 after adopted 2026-01-15 after undefined');
      assert.deepEqual(
        adopted.map((parts) => parts[0]!.dataVersion),
        ['2026-01-15', '2026-01-16'],
      );
      assert.deepEqual(prepared, []);
    });

    it('builds here when the reading process built nothing, and logs why', async () => {
      const dir = tempDir();
      const failing = { ...(JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as object), dataVersion: '2026-01-17' };
      writeFileSync(join(dir, '2026-01-17.json'), JSON.stringify(failing));
      const { lines, logger } = logged();
      const { loader, prepared } = offThreadLoader(dir, logger);
      await loader.reload();
      assert.equal(loader.current, 'prepared 2026-01-17');
      assert.deepEqual(prepared, ['2026-01-17']);
      const warning = lines.find((line) => line.message === 'the reading process built no index; building it here');
      assert.match(String(warning?.why), /no parts for 2026-01-17/);
    });

    it('builds here when the build module cannot be loaded, and still reads', async () => {
      const dir = tempDir();
      copyFileSync(FIXTURE_FILE, join(dir, '2026-01-15.json'));
      const { lines, logger } = logged();
      const broken = new URL('../fixtures/build-modules/broken.ts', import.meta.url);
      const { loader, prepared } = offThreadLoader(dir, logger, undefined, broken);
      await loader.reload();
      assert.equal(loader.current, 'prepared 2026-01-15');
      assert.deepEqual(prepared, ['2026-01-15']);
      const warning = lines.find((line) => line.message === 'the reading process built no index; building it here');
      assert.match(String(warning?.why), /the build module could not be loaded \(Error: this build module is broken\)/);
    });

    it('builds here when the parts do not fit the catalog', async () => {
      const dir = tempDir();
      copyFileSync(FIXTURE_FILE, join(dir, '2026-01-15.json'));
      const { lines, logger } = logged();
      const { loader, prepared } = offThreadLoader(dir, logger, 'built over other exercises');
      await loader.reload();
      assert.equal(loader.current, 'prepared 2026-01-15');
      assert.deepEqual(prepared, ['2026-01-15']);
      assert.ok(lines.some((line) => line.why === 'built over other exercises'));
    });
  });
});
