/** Shared by the CLIs: whether a module is the script node was started with, in any path. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Compares real paths, not URL strings: `file://${argv[1]}` breaks on a space (%20 in the URL) and on
 * a symlinked checkout (node resolves the main module's symlinks, argv[1] keeps them).
 */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
