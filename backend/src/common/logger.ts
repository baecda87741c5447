import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';

/** The logger every service injects (CoreModule provides it): the app's one pino logger. */
export const LOGGER = Symbol('LOGGER');

const { chindingsSym } = pino.symbols;

/**
 * Adds the id of the request being served (common/request-context.ts) to a line, unless the
 * logger already carries one (Fastify's per-request child logger does: no duplicate key).
 */
function requestIdMixin(_line: object, _level: number, logger: Logger): { reqId?: string } {
  const reqId = currentRequestId();
  if (reqId === undefined) return {};
  const bindings = (logger as unknown as Record<symbol, string | undefined>)[chindingsSym];
  return bindings?.includes('"reqId":') ? {} : { reqId };
}

/**
 * Structured JSON logs to standard output (or to `destination`, for tests that read them).
 * Every line written while a request is served carries its id (`reqId`), the HTTP lines and the
 * services' own alike; a line that names `reqId` itself keeps its own.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'vidyalaya' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: requestIdMixin,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Nest's logger interface over pino, so framework messages land in the same structured stream. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
