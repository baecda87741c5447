import { describe, expect, it } from '@jest/globals';
import type { ImportResult } from '@vidyalaya/shared/students';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStore } from '../src/app/store';
import { studentsApi } from '../src/features/students/api/students-api';
import { canCommit, PreviewCell } from '../src/features/students/components/import-preview';
import { parseCsv, tableFile, withCell } from '../src/features/students/components/table-file';
import { SCHOOL_ID, stubApi } from './support/stub-api';

/*
 * The import preview (issue 14 item 3): every cell can be corrected, not only those with errors; the
 * corrected table is what the check and the commit send; a change after a check withholds the commit
 * until the server has checked again, and a valid cell made invalid comes back as an error cell.
 * The clicks themselves are proven in a browser (e2e/tests/students/students.spec.ts).
 */

const api = stubApi();

const CSV = [
  'admissionNumber,firstName,lastName,dateOfBirth,gender,class,section',
  'A-001,Aarav,Sharma,31/02/2015,male,Class 5,A',
  'A-002,Diya,Verma,14/08/2015,female,Class 5,A',
].join('\r\n');
const noop = () => undefined;
const cell = (props: { value: string; error?: string }) => renderToString(createElement(PreviewCell, { label: 'Row 3, gender', editLabel: `Edit row 3, gender: ${props.value}`, onChange: noop, ...props }));

describe('the import preview', () => {
  it('shows a cell without an error as a button that opens it for editing, and a cell with one as an input with its message', () => {
    const plain = cell({ value: 'female' });
    expect(plain).toContain('<button type="button" class="st-cell-edit" aria-label="Edit row 3, gender: female">female</button>');
    expect(plain).not.toContain('<input');

    const bad = cell({ value: 'girl', error: 'Choose male, female or other' });
    expect(bad).toMatch(/<input[^>]*aria-label="Row 3, gender"[^>]*aria-invalid="true"/);
    expect(bad).toContain('value="girl"');
    expect(bad).toContain('<span class="st-cell-error">Choose male, female or other</span>');
    expect(bad).not.toContain('<button');
  });

  it('sends the corrected table, a cell that had no error included, on the commit', async () => {
    const table = parseCsv(CSV);
    // Row 2's date is the error the check found; row 3 had none, and the clerk corrects its first name too.
    let fixed = withCell(table, 2, 3, '28/02/2015');
    fixed = withCell(fixed, 3, 1, 'Diya Rani');
    expect(table[2]![1]).toBe('Diya'); // the table as read stays as it was

    const store = createStore();
    api.answer = { rows: 2, valid: 2, invalid: 0, errors: [], created: 2, existing: 0, dryRun: false } satisfies ImportResult;
    await store.dispatch(studentsApi.endpoints.importStudents.initiate({ schoolId: SCHOOL_ID, file: tableFile(fixed, 'students.csv'), dryRun: false }));
    const req = api.sent.at(-1)!;
    expect(req.url.searchParams.get('dryRun')).toBe('false');
    const file = (req.body as FormData).get('file') as File;
    expect(file.name).toBe('students-fixed.csv');
    const back = parseCsv(await file.text());
    expect(back[1]).toEqual(['A-001', 'Aarav', 'Sharma', '28/02/2015', 'male', 'Class 5', 'A']);
    expect(back[2]).toEqual(['A-002', 'Diya Rani', 'Verma', '14/08/2015', 'female', 'Class 5', 'A']);
  });

  it('withholds the commit after any change until the server has checked again, and while a changed cell is invalid', () => {
    const clean: ImportResult = { rows: 2, valid: 2, invalid: 0, errors: [], created: 0, existing: 0, dryRun: true };
    expect(canCommit(clean, false)).toBe(true);
    // A valid cell changed (to "girl"): no commit until "Check again".
    expect(canCommit(clean, true)).toBe(false);
    // The check finds it: row 3 is invalid, the commit stays withheld, and the cell shows its error.
    const checked: ImportResult = { ...clean, valid: 1, invalid: 1, errors: [{ row: 3, field: 'gender', message: 'Choose male, female or other' }] };
    expect(canCommit(checked, false)).toBe(false);
    expect(cell({ value: 'girl', error: checked.errors[0]!.message })).toContain('aria-invalid="true"');
    // A file-level error or an empty file never commits.
    expect(canCommit({ ...clean, errors: [{ row: 1, field: 'file', message: 'bad header' }] }, false)).toBe(false);
    expect(canCommit({ ...clean, rows: 0, valid: 0 }, false)).toBe(false);
    expect(canCommit(null, false)).toBe(false);
  });
});
