import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { APP_NAME } from '@vidyalaya/shared';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import type { FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import type { Clock } from './common/clock';
import { clientErrorHandler, frameworkErrors } from './common/framework-errors';
import { NestPinoLogger } from './common/logger';
import { helmetOptionsWithCheckout, securityHeaders, withInlineScripts } from './common/http/security-headers';
import { StaticFiles } from './common/http/static-files';
import { serializeSuccess } from './common/success-envelope';
import { PRERENDERED_DIR, WebAppService } from './common/web-app.service';
import { requestIdFor } from './common/request-id';
import { trustProxyOption } from './common/http/trust-proxy';
import { requestContext } from './common/request-context';
import type { AppConfig } from './config/app-config';

export const API_PREFIX = 'api/v1';
const BODY_LIMIT_BYTES = 100 * 1024;
/** API answers smaller than this leave uncompressed: below it compression saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export interface CreateAppOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  clock?: Clock;
}

/**
 * Builds the whole server (API + the built web app) without listening: main.ts and the tests
 * both start it from here, so what the tests exercise is what runs.
 */
export async function createApp(opts: CreateAppOptions): Promise<NestFastifyApplication> {
  const { config, logger } = opts;
  // Typed as Fastify's own options for a plain HTTP server: the adapter's constructor takes a union
  // of the HTTP, HTTPS and HTTP/2 forms, against which the handlers' plain-HTTP request types fail.
  const options: FastifyServerOptions<Server> = {
    loggerInstance: logger,
    genReqId: requestIdFor,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // Router and HTTP-parser rejections answer the envelope too (common/framework-errors.ts).
    frameworkErrors,
    clientErrorHandler,
  };
  // TLS_CERT_FILE and TLS_KEY_FILE set: HTTPS with HTTP/2, HTTP/1.1 still answered on the same port. A
  // phone then fetches the workspace's many scripts over one connection instead of six in turn
  // (docs/performance.md, session 19); the handlers see the same request and reply objects.
  const adapter = new FastifyAdapter(
    config.tls ? ({ ...options, http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } } as unknown as FastifyServerOptions<Server>) : options,
  );
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(opts), adapter, {
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
    // A failure while the app starts is thrown to the caller (main.ts logs it and exits 1), never a
    // process.exit from inside Nest: a test runner must see the error, not lose its process.
    abortOnError: false,
    // The request's bytes as they arrived (`req.rawBody`) beside the parsed JSON: the payment
    // gateway's webhook signs the raw body (modules/online-payments). The parser reads the body as
    // a buffer anyway; this only keeps a reference to it.
    rawBody: true,
  });
  app.setGlobalPrefix(API_PREFIX);
  const fastify = app.getHttpAdapter().getInstance();
  // helmet's headers (strict CSP and the rest) are the same for every answer: computed once.
  // The inline scripts of the built documents are allowed by their hashes (WebAppService).
  const headers = securityHeaders(
    withInlineScripts(helmetOptionsWithCheckout({ checkoutUrl: config.razorpayCheckoutUrl, apiUrl: config.razorpayApiUrl }), app.get(WebAppService).inlineScriptHashes()),
  );
  const apiPath = `/${API_PREFIX}/`;
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    reply.header('X-Request-Id', req.id);
    // API answers are JSON in the success envelope; failures arrive as finished strings.
    if (req.url.startsWith(apiPath)) reply.type('application/json; charset=utf-8').serializer(serializeSuccess);
    done();
  });
  // The request's id for every log line written while serving it (common/request-context.ts).
  // preValidation runs once the body is read (its stream events would lose the context) and
  // calls the guards, pipes and handler from inside `run`.
  fastify.addHook('preValidation', (req, _reply, done) => requestContext.run({ reqId: req.id }, done));

  app.enableCors({
    origin: (origin, cb) => cb(null, !origin || config.corsOrigins.includes(origin)),
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });

  // API answers of 1 KB and more are compressed on the fly (brotli at quality 4, else gzip). It runs in
  // onSend, after the success-envelope serializer, so it only ever sees the finished JSON text. The
  // web app's files are compressed at build time instead (web/vite-plugins/precompress.ts), and its
  // HTML once at start (WebAppService); anything already carrying a Content-Encoding is left alone.
  // Request bodies are never decompressed: the body limit applies to what arrives.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
  // Uploads (the student import): one file per request, read by the route that accepts it; the
  // file's own size limit is the route's.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6, fileSize: 5 * 1024 * 1024 } });

  // The built web app's files, answered from memory (common/http/static-files.ts): `x.js.br` / `x.js.gz`
  // beside `x.js` go out with Content-Encoding and Vary: Accept-Encoding. The pre-rendered pages are
  // served by WebAppService at their own paths, not as files.
  if (existsSync(join(config.webDistDir, 'index.html'))) {
    StaticFiles.read(config.webDistDir, (path) => path.startsWith(`/${PRERENDERED_DIR}/`)).register(fastify);
  }
  setupApiDocs(app);
  return app;
}

/**
 * The OpenAPI document, generated from the DTOs' shared zod schemas, at /api/docs (Swagger UI) and
 * /api/docs-json. Built on first request. The UI page loads only same-origin scripts (no inline
 * script), so the strict CSP stays as it is.
 */
function setupApiDocs(app: NestFastifyApplication): void {
  const info = new DocumentBuilder()
    .setTitle(`${APP_NAME} API`)
    .setDescription(
      'Every answer is the envelope { success, data?, message?, error?: { message, code, details? } }. ' +
        'Sign in for a bearer access token; routes not marked public need it.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => cleanupOpenApiDoc(SwaggerModule.createDocument(app, info)), {
    customSiteTitle: `${APP_NAME} API`,
    swaggerOptions: { validatorUrl: null },
  });
}
