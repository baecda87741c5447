import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const TEMPLATE = fileURLToPath(new URL('../pwa/sw.js', import.meta.url));

/**
 * The files the app's shell needs before it can draw anything: index.html, the entry chunk, the
 * chunks it imports statically and their stylesheets. Lazily loaded pages are cached by the worker
 * the first time they load.
 */
export function shellFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && /\/(index\.html|src\/main\.tsx)$/.test(c.facadeModuleId?.replace(/\\/g, '/') ?? ''));
  if (!entry) return ['/index.html'];
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk') return;
    for (const file of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) css.add(file);
    for (const dep of chunk.imports) visit(dep);
  };
  visit(entry.fileName);
  return ['/index.html', ...[...seen, ...css].sort().map((f) => `/${f}`)];
}

/**
 * Emits /sw.js (web/pwa/sw.js) with this build's version, a hash of every file name the build wrote
 * (names carry content hashes, so any change is a new version), and its shell files (issue 37).
 */
export function serviceWorker(): Plugin {
  let ssr = false;
  return {
    name: 'vidyalaya:service-worker',
    apply: 'build',
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(TEMPLATE, 'utf8')
        .replace("'__VIDYALAYA_VERSION__'", JSON.stringify(version))
        .replace('__VIDYALAYA_SHELL__', JSON.stringify(shellFiles(bundle)));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
