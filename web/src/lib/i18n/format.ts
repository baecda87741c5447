import { formatDateIST, formatRupees, groupDigitsIndian, istParts, type Language } from '@vidyalaya/shared';

/**
 * Indian number, money and date formats for the workspace (DECISIONS "Paths and tenancy"): money is
 * integer paise on the wire and ₹1,23,456.00 on screen; dates are YYYY-MM-DD on the wire and
 * DD/MM/YYYY in IST on screen. English and Hindi both group digits the Indian way (lakh, crore) and
 * keep Latin digits, as Indian schools print them.
 *
 * Written out rather than asked of Intl: the first Intl formatter with a time zone or a locale costs a
 * slow phone 50 to 80 ms on the main thread while ICU loads its data, inside the workspace's first
 * render (docs/performance.md). The output is exactly Intl's `en-IN` / `hi-IN` output with Latin
 * digits; web/test/workspace-format.spec.ts compares the two over thousands of values.
 */

/** 12345600 paise → '₹1,23,456.00' (English and Hindi alike); a debt is '-₹…', as Intl writes it. Only whole paise are money. */
export function formatMoney(paise: number, _language: Language = 'en'): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError('Money must be a whole number of paise');
  return `${paise < 0 ? '-' : ''}${formatRupees(Math.abs(paise))}`;
}

let fractions: Intl.NumberFormat | undefined;

/** 123456 → '1,23,456'. A whole number is written out; a fraction (rare on screen) is left to Intl. */
export function formatNumber(value: number, _language: Language = 'en'): string {
  if (Number.isSafeInteger(value)) return `${value < 0 || Object.is(value, -0) ? '-' : ''}${groupDigitsIndian(String(Math.abs(value)))}`;
  fractions ??= new Intl.NumberFormat('en-IN', { numberingSystem: 'latn' });
  return fractions.format(value);
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A wire date ('2026-04-01') → '01/04/2026' as it is (a calendar date has no time zone); an instant
 * (ISO string with a time, or a Date) → its day in IST. Empty for nothing or nonsense.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string') {
    const m = WIRE_DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  return formatDateIST(value);
}

/** Today's date in IST as a wire date ('2026-11-25'). */
export function todayInIST(now: Date = new Date()): string {
  const [d, m, y] = formatDateIST(now).split('/');
  return `${y}-${m}-${d}`;
}

const NAMES: Record<Language, { weekdays: readonly string[]; months: readonly string[] }> = {
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  hi: {
    weekdays: ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'],
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  },
};

/** A long, readable day in IST for headings: 'Wednesday, 25 November 2026' / 'बुधवार, 25 नवंबर 2026'. */
export function formatLongDate(now: Date, language: Language = 'en'): string {
  const { year, month, day } = istParts(now);
  const names = NAMES[language] ?? NAMES.en;
  // The weekday of the IST calendar date (a UTC date with the same fields has the same weekday).
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${names.weekdays[weekday]}, ${day} ${names.months[month - 1]} ${year}`;
}
