/**
 * NestJS 12 and some of its dependencies are ES modules only. The app is CommonJS and loads them with
 * Node's require(esm); inside Jest's module sandbox that needs Node's VM modules, which Node 24 still
 * keeps behind a flag. `npm test` sets it. Without it every suite that starts the app would fail with
 * "Must use import to load ES Module"; this says instead what to run.
 */
import * as vm from 'node:vm';

if (typeof (vm as { SourceTextModule?: unknown }).SourceTextModule !== 'function') {
  throw new Error(
    "The back end's tests load ES modules (NestJS 12) and need Node's VM modules: run Jest as " +
      '`NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning" npx jest …` (npm test sets it).',
  );
}
