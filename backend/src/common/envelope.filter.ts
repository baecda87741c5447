import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import type { Logger } from 'pino';
import { ERROR_CODES, zodIssuesToDetails, type ApiFailure, type ErrorCode } from '@vidyalaya/shared';
import { isDatabaseUnavailable, isInvalidInput, StoreUnavailableError } from './database-errors';
import { DomainException } from './domain.exception';
import { LOGGER } from './logger';
import { WebAppService } from './web-app.service';

/** @deprecated LOGGER lives in ./logger now; this re-export keeps code from before the move compiling. */
export { LOGGER } from './logger';


interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, string> | Record<string, unknown>;
  data?: unknown;
  retryAfterSeconds?: number;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'DATABASE_UNAVAILABLE',
};

function fromCode(code: ErrorCode, extra: Partial<Failure> = {}): Failure {
  return { status: ERROR_CODES[code].status, code, message: ERROR_CODES[code].message, ...extra };
}

/**
 * The one exception filter: every failure — domain, validation, malformed JSON, unknown route,
 * database down, anything else — leaves as the envelope. Unknown errors are logged with the
 * request id and answered 500 with nothing internal. Unknown non-API GETs get the web app.
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly webApp: WebAppService,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();

    if (this.isUnknownRoute(exception) && this.webApp.handles(req)) {
      this.webApp.sendIndex(req, reply);
      return;
    }
    if (this.isUnknownRoute(exception) && this.webApp.isEarlyFormPost(req)) {
      this.webApp.redirectBack(req, reply);
      return;
    }
    const failure = this.toFailure(exception, req);
    const body: ApiFailure & { data?: unknown } = {
      success: false,
      message: failure.message,
      error: { message: failure.message, code: failure.code, ...(failure.details ? { details: failure.details as Record<string, string> } : {}) },
      ...(failure.data !== undefined ? { data: failure.data } : {}),
    };
    if (failure.status >= 500) (body.error as Record<string, unknown>).requestId = req.id;
    if (failure.retryAfterSeconds) reply.header('Retry-After', String(Math.max(1, Math.ceil(failure.retryAfterSeconds))));
    // Sent as a finished string, so the API's success serializer passes it through unchanged.
    reply.status(failure.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  }

  private isUnknownRoute(exception: unknown): boolean {
    return exception instanceof HttpException && exception.getStatus() === 404 && /^Cannot [A-Z]+ /.test(exception.message);
  }

  private toFailure(exception: unknown, req: FastifyRequest): Failure {
    if (exception instanceof DomainException) {
      return {
        status: exception.status,
        code: exception.code,
        message: exception.message,
        details: exception.details,
        data: exception.data,
        retryAfterSeconds: exception.retryAfterSeconds,
      };
    }
    if (exception instanceof ZodValidationException) {
      const issues = (exception.getZodError() as { issues?: Parameters<typeof zodIssuesToDetails>[0] })?.issues ?? [];
      const details = zodIssuesToDetails(issues);
      return fromCode('VALIDATION_FAILED', { message: issues[0]?.message ?? ERROR_CODES.VALIDATION_FAILED.message, details });
    }
    if (this.isUnknownRoute(exception)) return fromCode('ROUTE_NOT_FOUND');
    if (exception instanceof StoreUnavailableError) {
      this.logger.warn({ reqId: req.id, store: exception.store, reason: exception.reason }, 'store unavailable');
      return fromCode('DATABASE_UNAVAILABLE');
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ reqId: req.id, err: describe(exception) }, 'database unavailable');
      return fromCode('DATABASE_UNAVAILABLE');
    }
    if (isInvalidInput(exception)) {
      this.logger.warn({ reqId: req.id, err: describe(exception) }, 'input the database refused');
      return fromCode('VALIDATION_FAILED');
    }
    // Fastify's own errors (body parsing, size, media type) carry a statusCode and an FST_ code.
    const fst = exception as { statusCode?: number; code?: string };
    if (typeof fst?.code === 'string' && fst.code.startsWith('FST_')) {
      if (fst.statusCode === 413) return fromCode('PAYLOAD_TOO_LARGE');
      if (fst.code.startsWith('FST_ERR_CTP')) return fromCode('MALFORMED_JSON');
      if (fst.statusCode && fst.statusCode < 500) return fromCode(STATUS_CODES[fst.statusCode] ?? 'VALIDATION_FAILED');
    }
    // Fastify's JSON parser rejects a bad body with a SyntaxError carrying statusCode 400.
    if (exception instanceof SyntaxError && fst.statusCode === 400) return fromCode('MALFORMED_JSON');
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      // Nest re-wraps Fastify's body-parser errors as plain HttpExceptions: recognise them by text.
      if (status === 400 && /JSON/.test(exception.message)) return fromCode('MALFORMED_JSON');
      const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
      return { ...fromCode(code), status };
    }
    // @fastify/static and @fastify/send (the Swagger UI's assets under /api/docs) reject bad paths
    // (NUL bytes, '..', malformed escapes) with plain http errors carrying a 4xx status: the asset
    // simply does not exist (issue 20: path tricks answer 4xx, never 500).
    const http = exception as { status?: unknown; statusCode?: unknown };
    const status = typeof http?.statusCode === 'number' ? http.statusCode : typeof http?.status === 'number' ? http.status : 0;
    if (exception instanceof Error && status >= 400 && status < 500) {
      if (status === 403 || status === 404 || status === 400) return fromCode('NOT_FOUND');
      return fromCode(STATUS_CODES[status] ?? 'VALIDATION_FAILED');
    }
    this.logger.error({ reqId: req.id, err: describe(exception) }, 'unhandled error');
    return fromCode('INTERNAL_ERROR');
  }
}

function describe(e: unknown): Record<string, unknown> {
  if (e instanceof Error) return { type: e.name, message: e.message, stack: e.stack };
  return { value: String(e) };
}
