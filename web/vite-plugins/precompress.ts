import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the header it needs. */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of the
 * client build, once, at build time. The server sends them with Content-Encoding when the browser
 * accepts them (@fastify/static `preCompressed`, backend/src/app.factory.ts), so no asset is
 * compressed per request. A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vidyalaya:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      let files = 0;
      let raw = 0;
      let br = 0;
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gzip = gzipSync(body, { level: 9 });
        if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
        files++;
        raw += body.length;
        br += Math.min(brotli.length, body.length);
      }
      config.logger.info(`precompressed ${files} files: ${(raw / 1000).toFixed(1)} kB → ${(br / 1000).toFixed(1)} kB brotli`);
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
