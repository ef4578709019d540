/**
 * How a running server stops: SIGTERM and SIGINT drain requests and write usage (exit 1 when usage could
 * not be written), SIGHUP checks for a new snapshot, and a server started by `npm start` stops when npm is gone.
 */
import type { Logger } from '../log.ts';

/** What stopping closes, in order: the listeners first (in-flight requests are answered), then the rest. */
export interface Running {
  logger: Logger;
  closeListeners(): Promise<unknown>;
  /** Stops timers and writes what is pending; resolves false when usage could not be written. */
  closeState(): Promise<boolean>;
  reloadCatalog(): void;
}

/** How often a server started by `npm start` checks that npm is still there (docs/operations.md#signals-through-npm). */
const PARENT_CHECK_MS = 500;

export function handleSignals(running: Running): void {
  const { logger } = running;
  process.on('SIGHUP', () => {
    logger.info('SIGHUP: checking for a new snapshot');
    running.reloadCatalog();
  });
  let isStopping = false;
  const stop = (reason: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info('stopping: draining requests and writing usage', { reason });
    void running.closeListeners().then(async () => {
      const isWritten = await running.closeState();
      process.exit(isWritten ? 0 : 1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // npm forwards SIGINT and SIGTERM to `npm start`'s child but dies of SIGHUP (and of SIGKILL) without
  // a word: a server started by npm stops when npm is gone, rather than serve on as an orphan.
  if (process.env.npm_lifecycle_event !== undefined) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop('npm, the parent process, is gone');
    }, PARENT_CHECK_MS).unref();
  }
}
