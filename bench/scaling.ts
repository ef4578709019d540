/** The scaling suite: one child process per scale (scaling-run.ts), each printing its figures as JSON. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ScaleFigures } from './scaling-run.ts';
import { ROOT } from './settings.ts';

export const SCALES = [1, 10, 100] as const;

/** Runs `bench/<script> <factor>` in a process of its own and parses the one JSON object it prints. */
export function runAtScale<T>(script: string, factor: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', script), String(factor)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${script} ${factor} exited with ${code}:\n${err.slice(-2000)}`));
      else resolve(JSON.parse(out) as T);
    });
  });
}

/** Runs every scale in turn (never two at once: they would share the two cores). */
export async function measureScaling(): Promise<ScaleFigures[]> {
  const figures: ScaleFigures[] = [];
  for (const factor of SCALES) {
    process.stderr.write(`bench: scaling ${factor}x\n`);
    figures.push(await runAtScale<ScaleFigures>('scaling-run.ts', factor));
  }
  return figures;
}
