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

// The tool writes its CSV report with two asynchronous writes it does not wait for: the header
// (opening the file for writing, which truncates it) and then the findings (opening it to append).
// On a busy machine the second can land first, and the header is then written over the start of
// the findings, so the report the wrapper reads is cut and a finding can be lost. Here the tool's
// `fs.writeFile` calls run one after another, in the order it made them.
const fs = require('node:fs');
const writeFile = fs.writeFile;
let writes = Promise.resolve();
fs.writeFile = function serialWriteFile(file, data, options, callback) {
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  writes = writes.then(
    () =>
      new Promise((resolve) => {
        writeFile.call(fs, file, data, options ?? {}, (err) => {
          resolve();
          if (callback) callback(err);
        });
      }),
  );
};
