import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/**
 * pino options. Logs never carry cookies, tokens, e-mail addresses or phone numbers
 * (quality.md rule 10): the request serialiser keeps method, path and ids only, and the
 * redaction list covers anything a handler might log by accident.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'env'>): FastifyServerOptions['logger'] {
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.email',
        '*.phoneNumber',
        '*.zipCode',
        '*.token',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        // Query strings can hold tokens (e-mail links, OAuth codes); keep the path only.
        path: req.url.split('?')[0],
      }),
    },
  };
}
