import { zodIssuesToDetails } from '../api/validation-details';
import {
  academicYearFor,
  academicYearOptions,
  academicYearSchema,
  defaultAcademicYear,
} from './academic-year';

describe('spec §9 default academic year: current year then the next two-digit year', () => {
  it.each([
    ['2026-03-15T12:00:00Z', '2026-27'],
    ['2024-01-01T00:00:00+05:30', '2024-25'],
    ['2025-12-31T18:29:59Z', '2025-26'], // 23:59:59 on 31 Dec in India
    ['2025-12-31T18:30:00Z', '2026-27'], // midnight, 1 Jan in India
    ['2026-01-01T00:00:00-10:00', '2026-27'],
    ['2099-06-01T00:00:00Z', '2099-00'],
    ['2009-07-01T00:00:00Z', '2009-10'],
  ])('at %s → %s', (instant, year) => {
    expect(defaultAcademicYear(new Date(instant))).toBe(year);
  });

  it('offers the previous, current and next years', () => {
    expect(academicYearOptions(new Date('2025-08-01T00:00:00Z'))).toEqual(['2024-25', '2025-26', '2026-27']);
  });

  it('wraps the second part at a century', () => {
    expect(academicYearFor(1999)).toBe('1999-00');
  });
});

describe('spec §5 Classes form: academic year format', () => {
  const message = 'Academic year must be in format YYYY-YY (e.g., 2024-25)';

  it.each([['2024-26'], ['2024/25'], ['24-25'], ['2024-2025'], ['2024-5'], [''], [undefined], [2024]])(
    'rejects %j',
    (value) => {
      expect(zodIssuesToDetails(academicYearSchema.safeParse(value).error?.issues ?? [])).toEqual({
        '': message,
      });
    },
  );

  it.each([['2024-25'], ['2025-26'], ['1999-00']])('accepts %j', (value) => {
    expect(academicYearSchema.parse(value)).toBe(value);
  });
});
