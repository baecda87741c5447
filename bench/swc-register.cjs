// Minimal require hook: compiles .ts with SWC (decorators + metadata), for running benchmarks directly.
const { transformSync } = require('@swc/core');
const fs = require('node:fs');
const [, opts] = require('../jest.swc.cjs');
require.extensions['.ts'] = function (module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...opts, filename, sourceMaps: 'inline' });
  module._compile(code, filename);
};
