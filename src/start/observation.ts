/** The access log (LOG_LEVEL info or debug) and the metrics (METRICS_PORT), as configured, and the metrics' listener. */
import { SNAPSHOT_REFUSED } from '../catalog/snapshot-files.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { type AccessLog, createAccessLog } from '../observe/access-log.ts';
import { tapLogger } from '../observe/log-tap.ts';
import { createMetrics, type Metrics, type MetricsSources } from '../observe/metrics.ts';
import { type MetricsServer, startMetricsServer } from '../observe/metrics-server.ts';
import type { RequestObserver } from '../observe/request-record.ts';

export interface Observation {
  accessLog: AccessLog | undefined;
  metrics: Metrics | undefined;
  /** Told of every answered request: the access log, the metrics, both or neither. */
  observe: RequestObserver | undefined;
  /** The catalog loader's logger: with metrics on, it also counts refused snapshots. */
  loaderLogger: Logger;
}

export function observation(config: Config, logger: Logger, sources: MetricsSources): Observation {
  const accessLog = config.logLevel === 'info' || config.logLevel === 'debug' ? createAccessLog() : undefined;
  const metrics = config.metricsPort === undefined ? undefined : createMetrics(sources);
  let observe: RequestObserver | undefined = accessLog?.log ?? metrics?.observe;
  if (accessLog !== undefined && metrics !== undefined) {
    observe = function observeRequest(record) {
      accessLog.log(record);
      metrics.observe(record);
    };
  }
  const loaderLogger =
    metrics === undefined ? logger : tapLogger(logger, (message) => message === SNAPSHOT_REFUSED && metrics.countRefusedReload());
  return { accessLog, metrics, observe, loaderLogger };
}

/** Serves the metrics on METRICS_PORT when they are on; throws a one-line reason when it cannot listen. */
export async function serveMetrics(metrics: Metrics | undefined, config: Config, logger: Logger): Promise<MetricsServer | undefined> {
  if (metrics === undefined) return undefined;
  let metricsServer: MetricsServer;
  try {
    metricsServer = await startMetricsServer(metrics.registry, config.host, config.metricsPort!);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`cannot serve metrics on ${config.host}:${config.metricsPort}: ${reason}`);
  }
  logger.info('metrics listening', { host: config.host, port: metricsServer.port, path: '/metrics' });
  return metricsServer;
}
