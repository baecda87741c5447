import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { rowWindow, VirtualTable, type VirtualColumn } from '../src/components/virtual-table';

interface Student {
  id: string;
  name: string;
  roll: number;
}

const students: Student[] = Array.from({ length: 2000 }, (_, i) => ({ id: `s${i}`, name: `Student ${i + 1}`, roll: i + 1 }));
const columns: VirtualColumn<Student>[] = [
  { key: 'roll', header: 'Roll no.', cell: (s) => s.roll, width: '25%' },
  { key: 'name', header: 'Name', cell: (s) => s.name },
];

const rowsIn = (html: string) => [...html.matchAll(/<tr aria-rowindex="(\d+)"/g)].map((m) => Number(m[1]));

describe('VirtualTable: long lists draw only the rows in view (issue 21)', () => {
  it('renders 2,000 students as a window of rows, announcing the full size', () => {
    const started = performance.now();
    const html = renderToString(createElement(VirtualTable<Student>, { rows: students, columns, rowKey: (s) => s.id, label: 'Students', rowHeight: 48, height: 480 }));
    const elapsed = performance.now() - started;

    const drawn = rowsIn(html).filter((i) => i > 1);
    // 480 px of 48 px rows: 10 in view, one partly, and the overscan below.
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(30);
    expect(drawn[0]).toBe(2); // the first student (row 1 is the header)
    expect(html).toContain('aria-rowcount="2001"');
    expect(html).toContain('Student 1<');
    expect(html).not.toContain('Student 2000<');
    // The rows not drawn keep their place: the scroll height is that of all 2,000.
    const after = Number(/<tr class="vt-spacer" aria-hidden="true"><td colSpan="2" style="height:(\d+)px"/.exec(html)?.[1]);
    expect(after).toBe((2000 - drawn.length) * 48);
    expect(html).toContain('<caption>Students</caption>');
    expect(elapsed).toBeLessThan(200);
  });

  it('the same rows drawn for every length: 20,000 cost what 2,000 do', () => {
    const many = Array.from({ length: 20000 }, (_, i) => ({ id: `m${i}`, name: `Student ${i + 1}`, roll: i + 1 }));
    const html = renderToString(createElement(VirtualTable<Student>, { rows: many, columns, rowKey: (s) => s.id, label: 'Students' }));
    expect(rowsIn(html).filter((i) => i > 1).length).toBeLessThan(30);
  });

  it('says so when there is nothing to list', () => {
    const html = renderToString(createElement(VirtualTable<Student>, { rows: [], columns, rowKey: (s) => s.id, label: 'Students', empty: 'No students yet.' }));
    expect(html).toContain('No students yet.');
    expect(html).toContain('aria-rowcount="1"');
  });

  it('keeps rows tall enough to tap (44 px at least)', () => {
    const html = renderToString(createElement(VirtualTable<Student>, { rows: students.slice(0, 3), columns, rowKey: (s) => s.id, label: 'Students', rowHeight: 20 }));
    expect(html).toContain('style="height:44px"');
  });
});

describe('rowWindow', () => {
  const base = { count: 2000, rowHeight: 50, viewportHeight: 500, overscan: 5 };

  it.each([
    ['at the top', 0, { start: 0, end: 16 }],
    ['one row down', 50, { start: 0, end: 17 }],
    ['in the middle', 50_000, { start: 995, end: 1016 }],
    ['at the bottom', 99_500, { start: 1985, end: 2000 }],
    ['scrolled past the end (rubber-banding)', 120_000, { start: 1994, end: 2000 }],
    ['scrolled above the top', -300, { start: 0, end: 16 }],
  ] as const)('%s', (_what, scrollTop, expected) => {
    const w = rowWindow({ ...base, scrollTop });
    expect({ start: w.start, end: w.end }).toEqual(expected);
    expect(w.before).toBe(w.start * 50);
    expect(w.after).toBe((2000 - w.end) * 50);
  });

  it('draws nothing for an empty list', () => {
    expect(rowWindow({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});
