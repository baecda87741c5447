import type { z } from 'zod';
import { zodIssuesToDetails } from '../api/validation-details';
import { listSchoolsQuerySchema, rejectSchoolSchema } from './schemas';

const detailsOf = (schema: z.ZodType, input: unknown) =>
  zodIssuesToDetails(schema.safeParse(input).error?.issues ?? []);

describe('DECISIONS staff approval: GET /admin/schools query', () => {
  it.each([
    [{}, { page: 1, pageSize: 20 }],
    [{ status: '', search: '', page: '', pageSize: '' }, { status: undefined, search: undefined, page: 1, pageSize: 20 }],
    [{ status: 'pending', search: ' dps ', page: '3', pageSize: '50' }, { status: 'pending', search: 'dps', page: 3, pageSize: 50 }],
    [{ status: 'all', pageSize: '100' }, { status: 'all', page: 1, pageSize: 100 }],
  ])('%j → %j', (query, parsed) => {
    expect(listSchoolsQuerySchema.parse(query)).toEqual(parsed);
  });

  it.each([
    { case: 'an unknown status', input: { status: 'active' }, path: 'status', message: 'Status must be pending, approved, rejected or all' },
    { case: 'a long search', input: { search: 's'.repeat(101) }, path: 'search', message: 'Search must not exceed 100 characters' },
    { case: 'page 0', input: { page: '0' }, path: 'page', message: 'Page must be a whole number of at least 1' },
    { case: 'page 1.5', input: { page: '1.5' }, path: 'page', message: 'Page must be a whole number of at least 1' },
    { case: 'page abc', input: { page: 'abc' }, path: 'page', message: 'Page must be a whole number of at least 1' },
    { case: 'page size 101', input: { pageSize: '101' }, path: 'pageSize', message: 'Page size must be a whole number from 1 to 100' },
    { case: 'page size 0', input: { pageSize: '0' }, path: 'pageSize', message: 'Page size must be a whole number from 1 to 100' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(listSchoolsQuerySchema, input)).toEqual({ [path]: message });
  });
});

describe('DECISIONS staff approval: rejecting needs a reason', () => {
  it.each([
    { case: 'missing', input: {}, message: 'A reason is required to reject a school' },
    { case: 'blank', input: { reason: '   ' }, message: 'A reason is required to reject a school' },
    { case: 'two letters', input: { reason: 'no' }, message: 'A reason is required to reject a school' },
    { case: 'of 1001', input: { reason: 'r'.repeat(1001) }, message: 'Reason must not exceed 1000 characters' },
  ])('a reason $case → $message', ({ input, message }) => {
    expect(detailsOf(rejectSchoolSchema, input)).toEqual({ reason: message });
  });

  it('trims the reason', () => {
    expect(rejectSchoolSchema.parse({ reason: '  Address is incomplete ' })).toEqual({ reason: 'Address is incomplete' });
  });
});
