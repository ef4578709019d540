/**
 * Three-quarter descriptions built in tests as a category's file would hold them (motion-descriptions.ts does the
 * same for the planar ones): the build's result, the motion when it must build, and the check's messages joined.
 */
import assert from 'node:assert/strict';
import { buildAnyDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { checkTurned } from '../../src/motion/three-check.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';

type Source = Record<string, unknown>;

/** Builders for three-quarter descriptions of exercise `id` in `category`, as `file` would hold them. */
export function turnedDescriptions(file: string, category: string, id: string) {
  const build = (source: Source) => buildAnyDescription(file, category, id, source, RENDERER_VERSION);
  const motionOf = (source: Source): TurnedMotion => {
    const result = build(source);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
    return result.value.motion as TurnedMotion;
  };
  /** What `check` says of it, each message joined by '; ' (empty when it passes). */
  const problemsOf = (source: Source): string =>
    checkTurned(file, id, motionOf(source))
      .map((p) => p.message)
      .join('; ');
  /** The same, each message after the key it names (`motions.<id>.keys.0 ("…"): …`), for tests that say which key. */
  const problemsAt = (source: Source): string =>
    checkTurned(file, id, motionOf(source))
      .map((p) => `${p.path}: ${p.message}`)
      .join('; ');
  return { build, motionOf, problemsOf, problemsAt };
}
