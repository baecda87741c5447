import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { BatchResult } from '@vidyalaya/shared/people';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The caller's headers an inner request carries: who asks, and in which language; nothing else. */
const FORWARDED = ['authorization', 'accept-language', 'user-agent'] as const;

/**
 * Several GET answers in one request (POST /batch, issue 37). Each address is answered by the server
 * itself (Fastify's `inject`), through the same hooks, guards and handlers as if the client had asked
 * for it, with the caller's token and address: a batch reaches nothing its caller could not. The
 * answers are worked out side by side and returned in the order asked, each with its own status.
 *
 * Why it exists: a phone opening the workspace from the service worker's cache has no connection
 * open yet, and the page's first six answers, asked for one by one, come back one after another on
 * the new one (docs/performance.md, session 23). One request carries them in one answer.
 */
@Injectable()
export class BatchService {
  constructor(private readonly adapter: HttpAdapterHost) {}

  async answer(paths: readonly string[], req: FastifyRequest): Promise<BatchResult> {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answers = await Promise.all(
      paths.map(async (path) => {
        const res = await fastify.inject({ method: 'GET', url: path, headers, remoteAddress: req.ip });
        return { path, status: res.statusCode, body: jsonBody(res.headers['content-type'], res.payload) };
      }),
    );
    return { answers };
  }
}

/** The answer's JSON (the envelope), or null for an answer that is not JSON (a file, a feed). */
function jsonBody(type: unknown, payload: string): unknown {
  if (typeof type !== 'string' || !type.startsWith('application/json') || payload === '') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}
