import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from './config';

/**
 * The server's logger: by default one readable line per event (time, level, message, then any fields), the way
 * a person starting it in a terminal reads it; LOG_FORMAT=json keeps pino's JSON lines for a log collector.
 * Written synchronously, so lines keep their order beside what the server prints on stderr.
 */
export function loggerOptions(level: string, format: LogFormat): FastifyServerOptions['logger'] {
  // Fastify's request lines carry no headers; should a line ever log one, a token or API key reads as [redacted].
  const redact = { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' };
  if (format === 'json') return { level, redact };
  const stream = pinoPretty({
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { level, stream, redact };
}
