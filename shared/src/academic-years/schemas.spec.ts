import { academicYearProblem, createAcademicYearSchema, defaultYearDates } from './schemas';
import { WORKSPACE_MESSAGES as M } from '../workspace/messages';

describe('academic year records: name and dates', () => {
  it.each([
    ['2026-27', { startsOn: '2026-04-01', endsOn: '2027-03-31' }],
    ['1999-00', { startsOn: '1999-04-01', endsOn: '2000-03-31' }],
    ['2026-28', null],
    ['2026', null],
  ])('%s → %j', (name, dates) => {
    expect(defaultYearDates(name)).toEqual(dates);
  });

  it.each([
    ['2026-27', '2026-04-01', '2027-03-31', null],
    ['2026-27', '2026-06-01', '2027-03-31', null],
    ['2026-27', '2025-04-01', '2026-03-31', M.yearDatesMismatch],
    ['2026-27', '2026-04-01', '2027-04-30', M.yearDatesMismatch],
    ['2026-27', '2026-05-01', '2026-04-01', M.yearEndsBeforeStart],
    ['2026-28', '2026-04-01', '2027-03-31', M.yearNameFormat],
  ])('%s from %s to %s: %s', (name, startsOn, endsOn, problem) => {
    expect(academicYearProblem(name, startsOn, endsOn)).toBe(problem);
  });

  it('the request schema checks formats; dates are optional', () => {
    expect(createAcademicYearSchema.safeParse({ name: '2026-27' }).success).toBe(true);
    expect(createAcademicYearSchema.safeParse({ name: '26-27' }).success).toBe(false);
    expect(createAcademicYearSchema.safeParse({ name: '2026-27', startsOn: '2026-02-30' }).success).toBe(false);
  });
});
