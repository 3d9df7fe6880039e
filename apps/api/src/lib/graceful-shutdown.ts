type Logger = { info: (msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * On SIGTERM or SIGINT runs `stop` once (stop accepting work, finish what is in flight, close the
 * pool) and exits 0; if that takes longer than `timeoutMs` the process exits 1 anyway, so an
 * orchestrator's grace period (Kubernetes: 30 s) is never what ends it.
 */
export function exitOnSignals(options: { logger: Logger; timeoutMs: number; stop: () => Promise<void> }) {
  const { logger, timeoutMs, stop } = options;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests and jobs (at most ${timeoutMs} ms)`);
    const force = setTimeout(() => {
      logger.error({}, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await stop();
      clearTimeout(force);
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
