import type { FastifyServerOptions } from 'fastify';
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
