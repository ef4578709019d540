/**
 * Motion descriptions built in tests as one category's file would hold them (the renderer's features
 * each test a few): the build's result, the description when it must pass, and what it was refused for
 * when it must not.
 */
import assert from 'node:assert/strict';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import type { Body } from '../../src/motion/skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';

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
  /** The description, failing the test with its problems when it is refused. */
  const description = (source: Source, id = 'A'): Description => {
    const result = built(source, id);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
    return result.value;
  };
  return {
    built,
    description,
    /** Every message `check` gives the built description, joined by "; " (empty when it passes). */
    checked: (source: Source, id = 'A'): string =>
      checkMotion(description(source, id))
        .map((p) => p.message)
        .join('; '),
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

/** The figure in every frame of the clip, as the renderer poses it. */
export const frameBodies = (d: Description): Body[] =>
  Array.from({ length: frameCount(d.motion) }, (_, i) => bodyAt(d.motion, i / FRAMES_PER_SECOND));
