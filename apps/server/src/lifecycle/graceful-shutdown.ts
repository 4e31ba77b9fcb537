import type { FastifyInstance } from 'fastify';

/**
 * Longest wait for in-flight requests after SIGTERM; then the remaining connections are cut. Shorter
 * than Kubernetes' 30 s before its SIGKILL; Docker waits only 10 s unless `--stop-timeout` says more.
 */
const drainLimitMs = 20_000;

/**
 * SIGTERM and SIGINT stop the server cleanly: no new connections, every request already received is
 * answered, the database is closed (app.ts's onClose hook), and the process exits 0.
 */
export function exitOnSignals(app: FastifyInstance): void {
  let closing = false;

  // A keep-alive connection that was busy when the signal came would stay open after its answer for
  // Fastify's keepAliveTimeout (72 s), holding close() up: answers sent while closing end their
  // connection instead.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const cut = setTimeout(() => {
      app.log.error({ drainLimitMs }, 'in-flight requests did not finish in time; closing their connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, drainLimitMs);
    cut.unref();
    // close() stops accepting connections and resolves once in-flight requests have been answered.
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
