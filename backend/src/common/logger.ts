import type { LoggerService } from '@nestjs/common';
import { writeSync } from 'node:fs';
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
  return pino(options, destination ?? stdoutDestination());
}

/** The pending-write state of sonic-boom 4 (the destination pino writes standard output through). */
interface SonicBoomState {
  fd: number;
  _bufs: (string | Buffer)[];
  _writingBuf: string | Buffer;
  _writing: boolean;
  _len: number;
  flushSync(): void;
}

/**
 * Standard output as pino's own asynchronous destination, with an exit flush that always ends
 * (issue 33 row 12). sonic-boom 4.2.1's `flushSync`, which pino runs when the process exits,
 * retries a failed write every 100 ms for as long as it fails with anything but EAGAIN/EBUSY:
 * once the reader of standard output is gone (a closed terminal, a restarted log collector,
 * `npm start | head`) every write fails with EPIPE, so a server asked to stop never exited (the
 * loop is synchronous: the 10 s force-exit timer could not fire). This flush writes what is
 * buffered once, retries only a full pipe (EAGAIN, a few times), and drops the rest on any other
 * error: a lost log line is acceptable, a process that never ends is not.
 */
export function stdoutDestination(fd = process.stdout.fd ?? 1): DestinationStream {
  const dest = pino.destination({ dest: fd, sync: false });
  const state = dest as unknown as SonicBoomState;
  state.flushSync = () => boundedFlush(state);
  return dest;
}

const EAGAIN_RETRIES = 20;
const EAGAIN_WAIT_MS = 10;

function boundedFlush(s: SonicBoomState): void {
  const pending = [...(!s._writing && s._writingBuf.length > 0 ? [s._writingBuf] : []), ...s._bufs];
  if (!s._writing) s._writingBuf = '';
  s._bufs = [];
  s._len = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const item of pending) {
    let buf = typeof item === 'string' ? Buffer.from(item, 'utf8') : item;
    let busy = 0;
    while (buf.length > 0) {
      try {
        buf = buf.subarray(writeSync(s.fd, buf));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if ((code === 'EAGAIN' || code === 'EBUSY') && busy++ < EAGAIN_RETRIES) {
          Atomics.wait(pause, 0, 0, EAGAIN_WAIT_MS);
          continue;
        }
        return; // EPIPE (no reader) or anything else: the rest is dropped
      }
    }
  }
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
