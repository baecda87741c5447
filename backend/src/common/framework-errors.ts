import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, type ApiFailure, type ErrorCode } from '@vidyalaya/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Failures Fastify and Node's HTTP parser answer before any route (and so before the envelope
 * filter) runs: a malformed %-escape in the path, a path parameter over the router's length limit,
 * request headers over Node's size limit, a request that never finished arriving. Without these
 * hooks they leave as Fastify's own `{error, code, message, statusCode}` bodies; with them, as the
 * envelope every other answer uses (found by the fuzz suite, backend/test/fuzz).
 */
function envelope(code: ErrorCode, message: string = ERROR_CODES[code].message): ApiFailure {
  return { success: false, message, error: { message, code } };
}

/** Fastify's `frameworkErrors` option: FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH, FST_ERR_ASYNC_CONSTRAINT. */
export function frameworkErrors(error: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply): void {
  const body = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? envelope('ROUTE_NOT_FOUND') : envelope('VALIDATION_FAILED', 'The address of this request is not valid.');
  const status = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 404 : 400;
  void reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Fastify's `clientErrorHandler` option: Node's HTTP parser rejected the request itself. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body = envelope('VALIDATION_FAILED', 'The request could not be read.');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = envelope('VALIDATION_FAILED', 'The request did not arrive in time.');
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = envelope('PAYLOAD_TOO_LARGE', 'The request’s address or headers are too large.');
  }
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
