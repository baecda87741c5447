/**
 * The import file as a table of text cells in the browser, for the row-by-row preview and the
 * fix-and-retry: CSV (RFC 4180 quoting) and XLSX (the first sheet, read with the browser's own
 * inflate, no library). Row i of the answer is the spreadsheet's row i + 1, empty rows included,
 * so the server's row numbers point at the same rows. A fixed table goes back to the server as CSV.
 */
export type Table = string[][];

export function parseCsv(text: string): Table {
  const rows: Table = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const quote = (c: string) => (/[",\r\n]/.test(c) || /^\s|\s$/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

export function toCsv(table: Table): string {
  return table.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** The table with one cell changed; `row` is the spreadsheet's row number (the header is row 1). */
export function withCell(table: Table, row: number, col: number, value: string): Table {
  const next = table.slice();
  const r = (next[row - 1] ?? []).slice();
  while (r.length <= col) r.push('');
  r[col] = value;
  next[row - 1] = r;
  return next;
}

/** A table corrected in the preview, as the CSV file the server checks and imports. */
export function tableFile(table: Table, fileName: string): File {
  return new File([toCsv(table)], fileName.replace(/\.(csv|xlsx)$/i, '') + '-fixed.csv', { type: 'text/csv' });
}

// ── XLSX ────────────────────────────────────────────────────────────────
async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The zip's entries by name (central directory), each read on demand. */
function zipEntries(buf: Uint8Array): Map<string, () => Promise<Uint8Array>> {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const out = new Map<string, () => Promise<Uint8Array>>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (view.getUint32(p, true) !== 0x02014b50) throw new Error('bad zip');
    const method = view.getUint16(p + 10, true);
    const size = view.getUint32(p + 20, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = decoder.decode(buf.subarray(p + 46, p + 46 + nameLen));
    out.set(name, async () => {
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = buf.subarray(start, start + size);
      return method === 0 ? data : inflate(data);
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const colIndex = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

/** An Excel date serial (days since 1899-12-30) → DD/MM/YYYY. */
function serialDate(serial: number): string {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

export async function parseXlsx(bytes: ArrayBuffer, dateColumns: ReadonlySet<string>): Promise<Table> {
  const entries = zipEntries(new Uint8Array(bytes));
  const text = async (name: string) => {
    const get = entries.get(name);
    return get ? new TextDecoder().decode(await get()) : null;
  };
  const parser = new DOMParser();
  const sharedXml = await text('xl/sharedStrings.xml');
  const shared = sharedXml
    ? [...parser.parseFromString(sharedXml, 'application/xml').getElementsByTagName('si')].map((si) => [...si.getElementsByTagName('t')].map((t) => t.textContent ?? '').join(''))
    : [];
  const sheetName = [...entries.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))[0];
  const sheetXml = sheetName ? await text(sheetName) : null;
  if (!sheetXml) throw new Error('no sheet');
  const doc = parser.parseFromString(sheetXml, 'application/xml');
  const table: Table = [];
  for (const row of [...doc.getElementsByTagName('row')]) {
    const r = Number(row.getAttribute('r')) - 1;
    const cells: string[] = [];
    for (const c of [...row.getElementsByTagName('c')]) {
      const type = c.getAttribute('t');
      const v = c.getElementsByTagName('v')[0]?.textContent ?? '';
      let value: string;
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = [...c.getElementsByTagName('t')].map((t) => t.textContent ?? '').join('');
      else if (type === 'b') value = v === '1' ? 'true' : 'false';
      else value = v;
      cells[colIndex(c.getAttribute('r') ?? 'A')] = value;
    }
    table[r] = Array.from(cells, (x) => x ?? '');
  }
  const full = Array.from(table, (x) => x ?? []);
  // Date cells stored as numbers (Excel's serials) become DD/MM/YYYY, as the server reads them.
  const header = (full[0] ?? []).map((h) => h.trim().toLowerCase());
  const dateIdx = header.map((h, i) => (dateColumns.has(h) ? i : -1)).filter((i) => i >= 0);
  for (const row of full.slice(1)) for (const i of dateIdx) if (/^\d+(\.\d+)?$/.test(row[i] ?? '') && Number(row[i]) > 59 && Number(row[i]) < 80_000) row[i] = serialDate(Number(row[i]));
  return full;
}
