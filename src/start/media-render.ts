/**
 * The background renderer (MEDIA_RENDER=background, the default): once the server listens, one child
 * process runs `npm run media -- render` over the motion descriptions at the lowest CPU priority, so a
 * fresh clone's catalog gains its stills and clips while it serves (the listing picks them up each time
 * the child rewrites index.json: catalog/media-listing.ts), and serving keeps the CPU it needs. Media
 * already rendered from the same description is skipped, so later starts find the cache up to date and
 * the child exits at once. A renderer that cannot run (ffmpeg missing, a folder it cannot write) is one
 * warning line; the service serves on with the media it has.
 */
import { spawn } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import type { Logger } from '../log.ts';

const CLI = new URL('../cli/media.ts', import.meta.url).pathname;

export interface BackgroundRender {
  /** Stops the child (at shutdown); what it rendered so far stays in the cache. */
  stop(): void;
}

export function startBackgroundRender(options: { mediaDir: string; motionDir: string; dataDir: string; logger: Logger }): BackgroundRender {
  const { logger } = options;
  const child = spawn(
    process.execPath,
    [...process.execArgv, CLI, 'render', '--dir', options.mediaDir, '--motion-dir', options.motionDir],
    {
      env: { ...process.env, DATA_DIR: options.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOW);
    } catch {
      // Not allowed here (some containers): it renders at normal priority, which only costs speed.
    }
  }
  let rendered = 0;
  let lastError = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    // One line per exercise rendered (`<id>: <ms> ms`), then a summary line.
    rendered += chunk
      .toString()
      .split('\n')
      .filter((line) => / ms$/.test(line)).length;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    const lines = chunk.toString().trim().split('\n');
    lastError = lines[lines.length - 1] ?? lastError;
  });
  logger.info('rendering media in the background', { dir: options.mediaDir, pid: child.pid });
  let isStopped = false;
  child.on('error', (error) =>
    logger.warn('media renderer could not start; serving the media already rendered', { reason: error.message }),
  );
  child.on('exit', (code, signal) => {
    if (isStopped) return;
    if (code === 0) logger.info('media rendered', { rendered });
    else logger.warn('media renderer stopped; serving the media already rendered', { code, signal, rendered, reason: lastError });
  });
  return {
    stop() {
      isStopped = true;
      child.kill('SIGTERM');
    },
  };
}
