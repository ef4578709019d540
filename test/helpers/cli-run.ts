/** Runs a CLI's entry function in process, capturing what it prints, against folders of its own. */
import { join } from 'node:path';
import { tempDir } from './service.ts';

export function cli(run: (out: (t: string) => void, err: (t: string) => void) => number | Promise<number>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** An environment whose KEYS_FILE and STATE_DIR are in a fresh folder, with the built-in tier table. */
export function env() {
  const dir = tempDir('exlib-cli-');
  return { ...process.env, KEYS_FILE: join(dir, 'keys.json'), STATE_DIR: join(dir, 'state'), TIERS_FILE: undefined };
}

/** `cli` for an entry function that resolves with its exit code (the keys CLI, which may talk to Redis). */
export async function cliAsync(run: (out: (t: string) => void, err: (t: string) => void) => Promise<number>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
