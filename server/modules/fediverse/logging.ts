/**
 * Fedify logs through LogTape (issue 64): its warnings and errors (a delivery that failed and
 * why, an activity it could not read, a key it could not fetch) go to the site's own log, as one
 * line each with Fedify's category and properties. LogTape's configuration is the process's: the
 * last site made in a process (the tests make several) is the one Fedify's lines go to.
 */
import { configureSync, type LogLevel, type LogRecord } from '@logtape/logtape';
import type { FastifyBaseLogger } from 'fastify';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warning: 'warn',
  error: 'error',
  fatal: 'fatal',
};

/** A record's message as words: its template with the values put in. */
const words = (record: LogRecord) =>
  record.message
    .map((part) => (typeof part === 'string' ? part : (JSON.stringify(part) ?? String(part))))
    .join('');

/** Sends Fedify's log, from warnings up, to `log`. */
export function fedifyLogsTo(log: FastifyBaseLogger): void {
  configureSync({
    reset: true,
    sinks: {
      site: (record: LogRecord) => {
        const { error, ...properties } = record.properties;
        log[LEVELS[record.level]](
          { category: record.category.join('.'), ...properties, ...(error ? { err: error } : {}) },
          words(record),
        );
      },
    },
    loggers: [
      { category: 'fedify', sinks: ['site'], lowestLevel: 'warning' },
      // LogTape's own notices about its configuration stay out of the site's log.
      { category: ['logtape', 'meta'], sinks: [], lowestLevel: 'warning' },
    ],
  });
}
