/**
 * Fastify or Express under NestJS? The same controller (one JSON answer through the same global
 * interceptor shape) on both adapters, loaded with autocannon on loopback, one after the other.
 * Run:
 *   node -r ./bench/swc-register.cjs bench/framework.ts
 * The figures are recorded in docs/adr/0002-http-framework.md.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import autocannon from 'autocannon';

@Controller('api/v1')
class PingController {
  @Get('ping')
  ping() {
    return { success: true, data: { status: 'ok', at: Date.now() } };
  }
}

@Module({ controllers: [PingController] })
class BenchModule {}

async function measure(name: string, adapter: FastifyAdapter | ExpressAdapter) {
  const app = await NestFactory.create(BenchModule, adapter as never, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  const url = `http://127.0.0.1:${port}/api/v1/ping`;
  await autocannon({ url, connections: 50, duration: 3 }); // warm-up
  const r = await autocannon({ url, connections: 50, duration: 10 });
  await app.close();
  return { name, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

(async () => {
  const rows = [await measure('fastify', new FastifyAdapter()), await measure('express', new ExpressAdapter())];
  console.table(rows);
})();
