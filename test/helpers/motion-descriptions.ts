/**
 * Motion descriptions built in tests as one category's file would hold them (the renderer's features
 * each test a few): the build's result, the description when it must pass, and what it was refused for
 * when it must not.
 */
import assert from 'node:assert/strict';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';

type Source = Record<string, unknown>;

/** Builders for descriptions of `category`, each under the id `id` unless given another. */
export function descriptionsIn(category: string) {
  const file = `data/source/motion/${category.replaceAll('_', '-')}.json`;
  const built = (source: Source, id = 'A'): ReturnType<typeof buildDescription> =>
    buildDescription(file, category, id, source, RENDERER_VERSION);
  const problemsOf = (source: Source, id: string) => {
    const result = built(source, id);
    assert.ok(!result.ok, 'expected the description to be refused');
    return result.problems;
  };
  return {
    built,
    /** The description, failing the test with its problems when it is refused. */
    description(source: Source, id = 'A'): Description {
      const result = built(source, id);
      assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
      return result.value;
    },
    /** Every message it was refused with, joined by "; ". */
    refused: (source: Source, id = 'A'): string =>
      problemsOf(source, id)
        .map((p) => p.message)
        .join('; '),
    /** The same, each message after the field it names. */
    refusedAt: (source: Source, id = 'A'): string =>
      problemsOf(source, id)
        .map((p) => `${p.path}: ${p.message}`)
        .join('; '),
  };
}
