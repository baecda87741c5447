import { describe, expect, it } from '@jest/globals';
import { createStore } from '../src/app/store';
import { studentsApi } from '../src/features/students/api/students-api';
import { SCHOOL_ID, stubApi } from './support/stub-api';

/* The students calls as the renderer sends them: query strings for the register, a multipart upload for the import. */

const api = stubApi();

describe('students API', () => {
  it('sends the register’s search, filters and paging as the query string', async () => {
    const store = createStore();
    api.answer = { items: [], total: 0, page: 2, pageSize: 25, activeCount: 0, maxStudents: 100 };
    await store.dispatch(studentsApi.endpoints.students.initiate({ schoolId: SCHOOL_ID, search: '98765', status: 'left', page: 2, pageSize: 25 }));
    const req = api.sent.at(-1)!;
    expect(req.url.pathname).toBe(`/api/v1/schools/${SCHOOL_ID}/students`);
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ search: '98765', status: 'left', page: '2', pageSize: '25' });
    expect(req.headers.authorization).toBe('Bearer access-1');
  });

  it('uploads the import file as multipart (no JSON content type) with dryRun in the query', async () => {
    const store = createStore();
    api.answer = { rows: 1, valid: 1, invalid: 0, errors: [], created: 0 };
    const file = new File(['admissionNumber,firstName\n'], 'students.csv', { type: 'text/csv' });
    const res = await store.dispatch(studentsApi.endpoints.importStudents.initiate({ schoolId: SCHOOL_ID, file, dryRun: true }));
    expect('data' in res && res.data).toEqual(api.answer);
    const req = api.sent.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe(`/api/v1/schools/${SCHOOL_ID}/students/import`);
    expect(req.url.searchParams.get('dryRun')).toBe('true');
    expect(req.headers['content-type']).toBeUndefined();
    expect(req.body).toBeInstanceOf(FormData);
    expect(((req.body as FormData).get('file') as File).name).toBe('students.csv');
  });
});
