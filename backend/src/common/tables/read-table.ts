import { Worker } from 'node:worker_threads';
import { DomainException } from '../domain.exception';

/**
 * A CSV or XLSX file's rows as text cells, read off the event loop and within bounds (issue 33
 * rows 4 and 8). A 4–5 MB XLSX of 400,000 tiny rows used to be parsed whole on the event loop
 * (7–13 s and 3 GB for every school's requests) before the row limit was applied. Now:
 * - parsing runs in a worker thread with its own heap limit and a deadline, so other requests keep
 *   their latency and a hostile file can only fail itself;
 * - an XLSX's zip entries are measured before parsing: their declared uncompressed sizes must sum
 *   to at most `maxUncompressedBytes`, and each entry is inflated under its declared size (a lying
 *   header cannot inflate further); the sheet is then read as a stream and reading stops at the
 *   first data row past `maxRows`;
 * - a CSV must be UTF-8 (a byte-order mark is allowed): anything else answers 400 naming what it
 *   looks like (UTF-16, Shift-JIS, Latin-1/Windows-1252), and parsing also stops past `maxRows`.
 * Rows with no text are not counted (spreadsheets often end with a few).
 */
export interface TableLimits {
  /** Data rows (non-empty, after the header) to read; one more is reported as `truncated`. */
  maxRows: number;
  /** The most an XLSX may inflate to, all entries together. */
  maxUncompressedBytes: number;
  /** The columns to read at least (missing cells are ''). */
  minColumns: number;
}

export interface Table {
  /** Header first; empty rows are kept in place so row numbers match the file. */
  rows: string[][];
  /** True when the file had more than `maxRows` data rows (reading stopped there). */
  truncated: boolean;
}

export const TABLE_DEFAULTS: TableLimits = { maxRows: 5000, maxUncompressedBytes: 64 * 1024 * 1024, minColumns: 0 };
/** How long a file may take to read before the worker is stopped. */
const DEADLINE_MS = 30_000;
const WORKER_HEAP_MB = 256;

type WorkerAnswer = { ok: true; table: Table } | { ok: false; message?: string };

/** How many workers ran (tests read it to prove a file was parsed off the event loop). */
export const tableWorkerRuns = { count: 0 };

export function readTable(file: Buffer, filename: string, limits: Partial<TableLimits> = {}): Promise<Table> {
  const opts = { ...TABLE_DEFAULTS, ...limits };
  const isXlsx = file.subarray(0, 2).toString('latin1') === 'PK' || /\.xlsx$/i.test(filename);
  if (!isXlsx) {
    const encoding = notUtf8(file);
    if (encoding) {
      throw new DomainException('IMPORT_FILE_INVALID', {
        message: `The file is not UTF-8 text (it looks like ${encoding}). Save it as “CSV UTF-8” and upload it again.`,
      });
    }
  }
  tableWorkerRuns.count += 1;
  return new Promise<Table>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, isXlsx, opts },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new DomainException('IMPORT_FILE_INVALID', { message: 'The file took too long to read: upload a smaller file.' }))), DEADLINE_MS);
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => (answer.ok ? resolve(answer.table) : reject(new DomainException('IMPORT_FILE_INVALID', answer.message ? { message: answer.message } : {})))),
    );
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other failure: the file, not the server, fails.
    worker.once('error', () => finish(() => reject(new DomainException('IMPORT_FILE_INVALID', { message: 'The file could not be read: it is too large or damaged.' }))));
    worker.once('exit', () => finish(() => reject(new DomainException('IMPORT_FILE_INVALID'))));
  });
}

/** What a CSV's bytes look like when they are not UTF-8; null when they are (with or without a BOM). */
export function notUtf8(file: Buffer): string | null {
  if ((file[0] === 0xff && file[1] === 0xfe) || (file[0] === 0xfe && file[1] === 0xff) || file.includes(0)) return 'UTF-16';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file);
    return null;
  } catch {
    // Shift-JIS: high bytes come in lead/trail pairs, and leads 0x81–0x9F (control codes in Latin-1) occur.
    let pairs = 0;
    let lone = 0;
    let lowLead = 0;
    for (let i = 0; i < file.length; i += 1) {
      const b = file[i];
      if (b < 0x80) continue;
      const lead = (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);
      const next = file[i + 1];
      if (lead && next !== undefined && ((next >= 0x40 && next <= 0x7e) || (next >= 0x80 && next <= 0xfc))) {
        pairs += 1;
        if (b <= 0x9f) lowLead += 1;
        i += 1;
      } else if (!(b >= 0xa1 && b <= 0xdf)) lone += 1;
    }
    return pairs > 0 && lowLead > 0 && lone === 0 ? 'Shift-JIS' : 'Latin-1 / Windows-1252';
  }
}

/**
 * The worker's code (plain JavaScript, run with `eval` so the same source serves the built server
 * and the tests): it requires only exceljs and papaparse.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { Readable } = require('node:stream');
const { file, isXlsx, opts } = workerData;
const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);

function fail(message) { parentPort.postMessage({ ok: false, message }); }
function blank(cells) { return !cells.some((c) => c.trim() !== ''); }

function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if (Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result instanceof Date ? v.result.toISOString().slice(0, 10) : String(v.result ?? '');
    return '';
  }
  return String(v);
}

/** The zip's entries from its central directory, each inflated under its declared size. */
function checkZip() {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) return 'The file is not a valid Excel (.xlsx) file.';
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return 'The file is not a valid Excel (.xlsx) file.';
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    at += 46 + nameLength + extra + comment;
    total += size;
    if (total > opts.maxUncompressedBytes) return 'The spreadsheet is too large once unpacked: upload a smaller file.';
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return 'The file is not a valid Excel (.xlsx) file.';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    if (method === 8) {
      try {
        const out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
        if (out.length !== size) return 'The file is not a valid Excel (.xlsx) file.';
      } catch {
        return 'The spreadsheet is too large once unpacked, or damaged.';
      }
    } else if (method !== 0 || compressed !== size) return 'The file is not a valid Excel (.xlsx) file.';
  }
  return null;
}

async function xlsx() {
  const problem = checkZip();
  if (problem) return fail(problem);
  const ExcelJS = require('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  const rows = [];
  let data = 0;
  let truncated = false;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const cells = [];
      const values = row.values || [];
      const width = Math.max(values.length - 1, opts.minColumns);
      for (let c = 1; c <= width; c++) cells.push(cellText(values[c]));
      rows[row.number - 1] = cells;
      if (row.number > 1 && !blank(cells) && ++data > opts.maxRows) { truncated = true; break; }
    }
    break; // the first sheet only
  }
  parentPort.postMessage({ ok: true, table: { rows: Array.from(rows, (r) => r || []), truncated } });
}

function csv() {
  const Papa = require('papaparse');
  const text = bytes.toString('utf8').replace(/^\\uFEFF/, '');
  const rows = [];
  let data = 0;
  let truncated = false;
  Papa.parse(text, {
    skipEmptyLines: false,
    step: (result, parser) => {
      const cells = result.data.map((c) => String(c ?? ''));
      rows.push(cells);
      if (rows.length > 1 && !blank(cells) && ++data > opts.maxRows) { truncated = true; parser.abort(); }
    },
  });
  parentPort.postMessage({ ok: true, table: { rows, truncated } });
}

(isXlsx ? xlsx() : Promise.resolve(csv())).catch(() => fail());
`;
