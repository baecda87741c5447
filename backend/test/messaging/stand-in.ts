import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Answer {
  status: number;
  body: string;
  contentType?: string;
}

/**
 * A local stand-in for the SMS/WhatsApp providers: records every request (method, path, headers,
 * raw body) and answers what the test set for the path's first segment (a provider's prefix), by
 * default the provider's documented success answer.
 */
export class ProviderStandIn {
  readonly requests: Recorded[] = [];
  private readonly answers = new Map<string, (r: Recorded) => Answer>();
  private server: Server | null = null;
  url = '';

  answer(prefix: string, fn: ((r: Recorded) => Answer) | null): void {
    if (fn) this.answers.set(prefix, fn);
    else this.answers.delete(prefix);
  }

  of(prefix: string): Recorded[] {
    return this.requests.filter((r) => r.path.startsWith(`/${prefix}/`));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rec: Recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.requests.push(rec);
        const prefix = rec.path.split('/')[1] ?? '';
        const a = this.answers.get(prefix)?.(rec) ?? { status: 404, body: '{}' };
        res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/json' });
        res.end(a.body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
