/**
 * A setup file of the Jest projects whose code loads ES-module-only packages (the back end: NestJS 12;
 * the renderer: Lingui 6). The code under test is CommonJS and loads them with Node's require(esm);
 * inside Jest's module sandbox that needs Node's VM modules, which Node 24 still keeps behind a flag.
 * `npm test` sets it. Without it those suites would fail with "Must use import to load ES Module";
 * this says instead what to run (docs/adr/0014-nestjs-12.md).
 */
const vm = require('node:vm');

if (typeof vm.SourceTextModule !== 'function') {
  throw new Error(
    'These tests load ES-module-only packages (NestJS 12, Lingui 6) and need Node\'s VM modules: run Jest as ' +
      '`NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning" npx jest …` (npm test sets it).',
  );
}
