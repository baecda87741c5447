import type { Plugin } from 'vite';

/** V8's explicit compile hint: the whole file's functions are compiled eagerly (Chrome 136+). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type ChunkFacts = { name: string; isEntry: boolean; moduleIds: readonly string[] };

/**
 * Puts V8's compile hint on the first line of the chunks `eager` picks: those whose functions nearly all
 * run while a page starts. V8 then compiles them while the file streams in, on a background thread,
 * instead of compiling each function on the main thread at its first call (docs/performance.md).
 * Other engines read a comment. Runs last, after the minifier and after Vite's own preload table is
 * put at the top of a chunk, because the hint only counts on the file's first line.
 */
export function compileHints(eager: (chunk: ChunkFacts) => boolean): Plugin {
  return {
    name: 'vidyalaya:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && eager(file) && !file.code.startsWith(COMPILE_HINT)) file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}
