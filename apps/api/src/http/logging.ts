import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from '../config';

// Path segments that carry a secret or a personal address: mailed link tokens, codes, e-mails.
const SECRET_PATHS: RegExp[] = [
  /(\/api\/registration\/verify\/email\/)[^/?#]+/i,
  /(\/api\/registration\/email\/validate\/)[^/?#]+(\/[^/?#]+)?/i,
  /(\/api\/registration\/confirm\/email\/)[^/?#]+/i,
  /(\/api\/registration\/change\/pass\/)[^/?#]+/i,
  /(\/verify\/email\/(?:nt\/|pass\/)?)[^/?#]+/i,
  // The family's calendar feed (decision 035): its address is its secret.
  /(\/api\/calendar\/)[^/?#]+/i,
];

/** A URL fit for a log line: secrets in its path and query replaced by [redacted]. */
export function redactUrl(url: string): string {
  let out = url;
  for (const re of SECRET_PATHS) out = out.replace(re, '$1[redacted]');
  return out.replace(/([?&](?:token|code|password|email)=)[^&#]*/gi, '$1[redacted]');
}

/** Structured JSON logs that never carry a password, token, code, cookie or card detail. */
export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-access-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.code',
        '*.cardNumber',
        '*.cvv',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
          userAgent: req.headers?.['user-agent'],
        };
      },
    },
  };
}

/** The levels at which a request's own lines ("incoming request", "request completed") are written. */
const INFO_WRITTEN = new Set(['trace', 'debug', 'info']);

/**
 * Fastify's request log, whose lines of a request that went well are written at info: above it (the
 * server's warn, for one), a request does not build them (two objects and a clock read each) only for
 * the logger to drop them. A request that failed is logged at error, whatever the level.
 */
class RequestLog extends LogController {
  constructor(private readonly infoWritten: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.infoWritten) super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || this.infoWritten) super.requestCompleted(error, request, reply);
  }
}

export const requestLog = (config: Config): LogController =>
  new RequestLog(INFO_WRITTEN.has(config.logLevel));

type Bindings = Record<string, unknown>;
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Log = (...args: unknown[]) => void;

/**
 * A request's logger, made the first time the request logs. Fastify makes each request a child of the
 * server's logger bound to its id, and a pino child is built at once (its bindings written out as JSON):
 * about 2.5 µs a request under load, for a logger that at the server's level (warn) almost no request
 * uses. This one holds the parent and the bindings, and makes the same child when a line is written:
 * the lines are pino's, with the request's id, as before (`logging.test.ts`).
 */
class RequestLogger {
  #made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #log(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#log.level = level;
  }

  fatal(...args: unknown[]) {
    (this.#log.fatal as Log)(...args);
  }
  error(...args: unknown[]) {
    (this.#log.error as Log)(...args);
  }
  warn(...args: unknown[]) {
    (this.#log.warn as Log)(...args);
  }
  info(...args: unknown[]) {
    (this.#log.info as Log)(...args);
  }
  debug(...args: unknown[]) {
    (this.#log.debug as Log)(...args);
  }
  trace(...args: unknown[]) {
    (this.#log.trace as Log)(...args);
  }
  silent(...args: unknown[]) {
    (this.#log.silent as Log)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#log.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when the request first logs. */
export const requestLogger = (
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
