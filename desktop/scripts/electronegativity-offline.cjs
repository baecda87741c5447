// Preloaded into electronegativity's process (lint-electron.mjs): the tool's HTTP client (`got` 11)
// is replaced by one that fails at once. The tool fetches translations and GitHub's Electron release
// list, neither reachable from CI; on Node 24 the real client's retry timer then throws
// "The `onCancel` handler was attached after the promise settled" from a timer and kills the scan
// half way. Offline, the tool's own fallbacks apply (built-in English texts, no release list).
const Module = require('node:module');
const load = Module._load;
function offline() {
  return Promise.reject(Object.assign(new Error('offline: electronegativity makes no network calls here'), { code: 'EOFFLINE' }));
}
offline.head = offline;
offline.get = offline;
Module._load = function (request, parent, isMain) {
  if (request === 'got') return offline;
  return load.call(this, request, parent, isMain);
};
