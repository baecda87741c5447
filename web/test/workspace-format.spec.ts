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

describe('written out exactly as Intl formats them (en-IN, hi-IN, Latin digits)', () => {
  // A fixed pseudo-random sequence, so a failure names a value that fails again.
  let seed = 20261125;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const money = (l: string) => new Intl.NumberFormat(l, { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' });
  const plain = (l: string) => new Intl.NumberFormat(l, { numberingSystem: 'latn' });
  const long = (l: string) => new Intl.DateTimeFormat(l, { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', numberingSystem: 'latn' });
  const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });

  it('money and whole numbers, from a paisa to a lakh crore rupees, both signs', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 9_999_999, 10_000_000, 10 ** 15];
    for (let i = 0; i < 3000; i++) values.push(Math.floor(next() * 10 ** (1 + Math.floor(next() * 15))));
    for (const v of [...values, ...values.map((x) => -x)]) {
      for (const [lang, locale] of [['en', 'en-IN'], ['hi', 'hi-IN']] as const) {
        expect(formatMoney(v, lang)).toBe(money(locale).format(Math.trunc(Math.abs(v) / 100) * Math.sign(v || 1) + (Math.sign(v || 1) * (Math.abs(v) % 100)) / 100));
        expect(formatNumber(v, lang)).toBe(plain(locale).format(v));
      }
    }
    expect(formatNumber(1234.5)).toBe(plain('en-IN').format(1234.5));
    // Beyond that, rupees as a binary fraction would round: paise stay exact.
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });

  it('days and long days in IST, every hour across several years', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let t = start; t < Date.UTC(2028, 0, 1); t += 7 * 3600_000 + 13 * 60_000) {
      const d = new Date(t);
      expect(formatLongDate(d, 'en')).toBe(long('en-IN').format(d));
      expect(formatLongDate(d, 'hi')).toBe(long('hi-IN').format(d));
      const parts = day.formatToParts(d);
      const get = (type: string) => parts.find((p) => p.type === type)?.value;
      expect(formatDate(d)).toBe(`${get('day')}/${get('month')}/${get('year')}`);
      expect(todayInIST(d)).toBe(`${get('year')}-${get('month')}-${get('day')}`);
    }
  });
});
