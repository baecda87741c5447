// Preloaded into the benchmarked server (`node --require bench/query-count.cjs backend/dist/main.js`)
// by benchmarks that write down what one call costs the database. For every request whose
// X-Request-Id starts with `bench-count-`, it appends one JSON line per round trip to the file
// named by BENCH_QUERY_COUNT_FILE: the request id, the statements sent together (a school-bound
// statement outside a transaction carries its `set_config` in the same exchange, a multi-statement
// text counts each part), the command and the rows its statements report written (INSERT, UPDATE,
// DELETE; MERGE). Before a counted request's COMMIT it also asks the transaction's own table
// statistics (pg_stat_xact_user_tables: rows inserted, updated and deleted in each table, triggers'
// and data-modifying WITH parts included), and again just after its START, and writes each down as one
// line `{ id, tables }` (the start's negated); those questions are the counter's, not the request's, and
// are not counted as round trips. Other requests
// pass untouched, so the measured calls pay nothing but a string test per query.
'use strict';
const { appendFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');

const FILE = process.env.BENCH_QUERY_COUNT_FILE;
const { currentRequestId } = require(join(__dirname, '..', 'backend', 'dist', 'common', 'request-context.js'));
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const TABLE_WRITES = `SELECT relname, (n_tup_ins + n_tup_upd + n_tup_del)::int AS n FROM pg_stat_xact_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY relname`;

/** The statements in a text: its `;`-separated parts outside quotes (the few multi-statement texts are simple). */
function parts(text) {
  return text
    .replace(/'[^']*'/g, "''")
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The transaction's rows written so far by table, written down with `sign` (-1 at its start, +1 before
 * its COMMIT): their sum is what the transaction wrote. (PGlite's one session may still hold an earlier
 * transaction's counts when one starts, hence the difference.)
 */
function tableWrites(query, client, id, sign) {
  query
    .call(client, { text: TABLE_WRITES })
    .then((res) => appendFileSync(FILE, `${JSON.stringify({ id, tables: Object.fromEntries(res.rows.map((r) => [r.relname, sign * Number(r.n)])) })}\n`))
    .catch(() => undefined);
}

if (FILE) {
  const query = Client.prototype.query;
  Client.prototype.query = function countedQuery(config, values, callback) {
    const id = currentRequestId();
    if (!id?.startsWith('bench-count-') || config == null) return query.call(this, config, values, callback);
    const text = typeof config === 'string' ? config : config.text;
    // A school-bound statement outside a transaction (database/school-bound.ts) sends set_config first.
    const bound = typeof config.submit === 'function' && config.constructor.name === 'BoundStatement';
    const statements = parts(String(text)).length + (bound ? 1 : 0);
    const record = (res) => {
      const results = Array.isArray(res) ? res : res ? [res] : [];
      const written = results.reduce((n, r) => n + (WRITES.has(r.command) ? (r.rowCount ?? 0) : 0), 0);
      appendFileSync(FILE, `${JSON.stringify({ id, statements, written, text: String(text).replace(/\s+/g, ' ').slice(0, 200) })}\n`);
    };
    if (/^\s*COMMIT\s*$/i.test(String(text))) tableWrites(query, this, id, 1);
    if (typeof config.submit === 'function') {
      const cb = config.callback;
      config.callback = (err, res) => {
        if (!err) record(res);
        return cb?.(err, res);
      };
      return query.call(this, config, values, callback);
    }
    const result = query.call(this, config, values, callback);
    if (result && typeof result.then === 'function') result.then(record, () => undefined);
    // Queued behind the transaction's start, so it runs inside it.
    if (/^\s*START TRANSACTION/i.test(String(text))) tableWrites(query, this, id, -1);
    return result;
  };
}
