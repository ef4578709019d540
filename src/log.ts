/**
 * JSON-lines logging to stderr with a level threshold. Callers pass key ids, never keys; anything
 * key-shaped that reaches a line anyway (a path, a parameter) is masked.
 */
import { maskKeysIn } from './key-shape.ts';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = RANK[level];
  const emit = (at: Exclude<LogLevel, 'silent'>) =>
    function log(message: string, fields?: Record<string, unknown>): void {
      if (RANK[at] < threshold) return;
      write(`${maskKeysIn(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields }))}\n`);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
