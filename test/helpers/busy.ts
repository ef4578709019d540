/**
 * A busy machine for tests of behaviour under load: processes that keep CPU cores spinning until the
 * test stops them (the issue-19 measurements were taken with two such processes running).
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface Busy {
  stop(): Promise<void>;
}

const spinning = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of spinning) child.kill('SIGKILL');
});

/** Starts `count` CPU-bound processes; resolves once each has started spinning. */
export async function busyMachine(count = 2): Promise<Busy> {
  const children = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = spawn(process.execPath, ['-e', 'process.stdout.write("spinning\\n"); for (;;) {}'], {
            stdio: ['ignore', 'pipe', 'ignore'],
          });
          spinning.add(child);
          child.stdout!.once('data', () => resolve(child));
          child.once('error', reject);
        }),
    ),
  );
  return {
    stop: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              spinning.delete(child);
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      ).then(() => undefined),
  };
}
