import { zodIssuesToDetails } from '../api/validation-details';
import {
  academicYearFor,
  academicYearOptions,
  academicYearSchema,
  defaultAcademicYear,
} from './academic-year';

describe('default academic year: the Indian school year (April to March, IST) that contains today (DECISIONS)', () => {
  it.each([
    ['2026-03-15T12:00:00Z', '2025-26'], // March: the running year
    ['2026-04-01T00:00:00+05:30', '2026-27'], // 1 April in India starts the new year
    ['2026-03-31T18:29:59Z', '2025-26'], // 23:59:59 on 31 March in India
    ['2026-03-31T18:30:00Z', '2026-27'], // midnight, 1 April in India
    ['2024-01-01T00:00:00+05:30', '2023-24'],
    ['2025-12-31T18:30:00Z', '2025-26'], // 1 January in India: still the year that began in April
    ['2026-01-01T00:00:00-10:00', '2025-26'],
    ['2099-06-01T00:00:00Z', '2099-00'],
    ['2009-07-01T00:00:00Z', '2009-10'],
    ['2026-11-24T12:00:00Z', '2026-27'],
  ])('at %s → %s', (instant, year) => {
    expect(defaultAcademicYear(new Date(instant))).toBe(year);
  });

  it('offers the previous, current and next school years (February belongs to the year that began last April)', () => {
    expect(academicYearOptions(new Date('2026-02-10T00:00:00Z'))).toEqual(['2024-25', '2025-26', '2026-27']);
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

  it.each([['2024-25'], ['2025-26'], ['2000-01'], ['2099-00']])('accepts %j', (value) => {
    expect(academicYearSchema.parse(value)).toBe(value);
  });

  it.each([['1999-00'], ['2100-01'], ['1066-67'], ['9999-00']])('issue 20: refuses %j, outside 2000–2100', (value) => {
    expect(zodIssuesToDetails(academicYearSchema.safeParse(value).error?.issues ?? [])).toEqual({
      '': 'Academic year must be between 2000-01 and 2099-00',
    });
  });
});
