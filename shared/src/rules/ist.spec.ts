import { istDate, istParts } from './ist';

describe('India Standard Time', () => {
  it('istDate: the school date in India, which turns at 18:30 UTC', () => {
    expect(istDate(new Date('2026-11-27T18:29:59Z'))).toBe('2026-11-27');
    expect(istDate(new Date('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    // The year and the month turn in India before they do in UTC.
    expect(istDate(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
    expect(istDate(new Date('2027-03-31T20:00:00Z'))).toBe('2027-04-01');
  });

  it('istParts: the wall clock in India', () => {
    expect(istParts(new Date('2026-11-28T03:00:00Z'))).toEqual({ year: 2026, month: 11, day: 28, hour: 8, minute: 30 });
  });
});
