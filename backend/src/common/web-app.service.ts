import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Serves the built renderer's index.html for every non-API GET the router does not know (the SPA
 * fallback), with the configured APP_DOMAIN written into its meta tag. /api paths never get it.
 */
@Injectable()
export class WebAppService {
  private readonly indexHtml: string | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const file = join(config.webDistDir, 'index.html');
    this.indexHtml = existsSync(file)
      ? readFileSync(file, 'utf8').replace(
          /<meta name="vidyalaya-app-domain" content="[^"]*"/,
          `<meta name="vidyalaya-app-domain" content="${escapeAttr(config.appDomain)}"`,
        )
      : null;
  }

  get built(): boolean {
    return this.indexHtml !== null;
  }

  handles(req: FastifyRequest): boolean {
    const path = req.url.split('?')[0];
    return (req.method === 'GET' || req.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
  }

  sendIndex(_req: FastifyRequest, reply: FastifyReply): void {
    reply.header('Cache-Control', 'no-cache');
    if (this.indexHtml === null) {
      reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`, then start again.\n');
      return;
    }
    reply.status(200).type('text/html; charset=utf-8').send(this.indexHtml);
  }
}

function escapeAttr(s: string): string {
  return s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
}
