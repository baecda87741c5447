import { describe, expect, it } from '@jest/globals';
import { COMPILE_HINT, compileHints } from '../vite-plugins/compile-hints';

type Chunk = { type: 'chunk'; name: string; isEntry: boolean; moduleIds: string[]; code: string };
const chunk = (name: string, code: string, isEntry = false): Chunk => ({ type: 'chunk', name, isEntry, moduleIds: [`/src/${name}.ts`], code });

describe('V8 compile hints on the chunks every page runs (vite-plugins/compile-hints.ts)', () => {
  const plugin = compileHints((c) => c.isEntry || c.name.startsWith('vendor-')) as unknown as { generateBundle: { handler: (o: unknown, b: Record<string, Chunk | { type: 'asset' }>) => void } };

  it('puts the hint on the first line of the chosen chunks only, once, above what Vite put at the top', () => {
    const bundle = {
      entry: chunk('index', 'const __vite__mapDeps=(i)=>i;import"./a.js";', true),
      react: chunk('vendor-react', 'var e=1;'),
      page: chunk('m-fees-page', 'export{};'),
      css: { type: 'asset' as const },
    };
    plugin.generateBundle.handler({}, bundle);
    plugin.generateBundle.handler({}, bundle);
    expect(bundle.entry.code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=(i)=>i;import"./a.js";`);
    expect(bundle.react.code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(bundle.react.code.match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
    expect(bundle.page.code).toBe('export{};');
  });
});
