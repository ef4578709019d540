/**
 * A Logger that passes every line on and also tells a listener its message. The catalog loader reports
 * a refused snapshot only by logging it; tapping its logger lets the metrics count refusals without
 * catalog/ knowing metrics exist.
 */
import type { Logger } from '../log.ts';

export function tapLogger(logger: Logger, onMessage: (message: string) => void): Logger {
  const tap = (write: Logger['info']) =>
    function tapped(message: string, fields?: Record<string, unknown>): void {
      onMessage(message);
      write(message, fields);
    };
  return { debug: tap(logger.debug), info: tap(logger.info), warn: tap(logger.warn), error: tap(logger.error) };
}
