import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** pino's logger, which Fastify's type leaves at what any logger has. */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, bound to its id, made into a pino child only when the request first writes a
 * line its level lets through. Fastify makes a child per request, and with the log's redaction paths
 * (app.ts) pino runs the child's bindings through its wildcard redactor, a cost every request paid
 * even when it wrote nothing (measured with bench/tools/instructions.ts: docs/performance-log.md,
 * "What every call costs before its work", 2026-12-02).
 * At `warn` and above a request that succeeds writes nothing, so most never need their child. The
 * lines written are the child's own: same bindings, same redaction, same serializers.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
  ) {}

  private made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings);
    return this.#made;
  }

  private write(level: Level, args: LogArgs) {
    if (this.#made === undefined && !this.parent.isLevelEnabled(level)) return;
    // pino's log methods take (object, message, ...values) or (message, ...values).
    (this.made()[level] as (...args: LogArgs) => void)(...args);
  }

  get level() {
    return (this.#made ?? this.parent).level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent(..._args: LogArgs) {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: a route with a log level or serializers of its own gets its child at
 * once (its level is not the parent's to ask), and so does a logger that cannot say which levels it
 * writes; every other request a RequestLogger.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined || !('isLevelEnabled' in logger)
    ? logger.child(bindings, options)
    : new RequestLogger(logger as Parent, bindings);
