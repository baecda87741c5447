import { describe, expect, it } from '@jest/globals';
import { formatDate, formatLongDate, formatMoney, formatNumber, todayInIST } from '../src/lib/i18n/format';

describe('Indian formats (DECISIONS: money in paise, dates DD/MM/YYYY in IST)', () => {
  it.each([
    [12345600, '₹1,23,456.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [1234567899, '₹1,23,45,678.99'],
    [0, '₹0.00'],
  ])('%i paise → %s in English and Hindi', (paise, shown) => {
    expect(formatMoney(paise, 'en')).toBe(shown);
    expect(formatMoney(paise, 'hi')).toBe(shown);
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });

  it('groups plain numbers in lakhs and crores', () => {
    expect(formatNumber(12345678, 'en')).toBe('1,23,45,678');
    expect(formatNumber(12345678, 'hi')).toBe('1,23,45,678');
  });

  it('shows a wire date as it is and an instant as its day in IST', () => {
    expect(formatDate('2026-04-01')).toBe('01/04/2026');
    // 20:00 UTC on 31 March is 01:30 on 1 April in India.
    expect(formatDate('2026-03-31T20:00:00Z')).toBe('01/04/2026');
    expect(formatDate(new Date('2026-03-31T18:00:00Z'))).toBe('31/03/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(todayInIST(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
  });

  it('names the day in the chosen language', () => {
    const day = new Date('2026-11-25T06:00:00Z');
    expect(formatLongDate(day, 'en')).toContain('November');
    expect(formatLongDate(day, 'hi')).toContain('नवंबर');
  });
});
