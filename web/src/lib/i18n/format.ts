import type { Language } from '@vidyalaya/shared';

/**
 * Indian number, money and date formats for the workspace (DECISIONS "Paths and tenancy"): money is
 * integer paise on the wire and ₹1,23,456.00 on screen; dates are YYYY-MM-DD on the wire and
 * DD/MM/YYYY in IST on screen. `en-IN` and `hi-IN` both group digits the Indian way (lakh, crore)
 * and keep Latin digits, as Indian schools print them.
 */
const IST = 'Asia/Kolkata';
const locale = (language: Language) => `${language}-IN`;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, money: boolean): Intl.NumberFormat {
  const key = `${language}:${money}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      locale(language),
      money ? { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' } : { numberingSystem: 'latn' },
    );
    numberFormats.set(key, f);
  }
  return f;
}

/** 12345600 paise → '₹1,23,456.00'. Only whole paise are money. */
export function formatMoney(paise: number, language: Language = 'en'): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError('Money must be a whole number of paise');
  // Paise to rupees exactly: the integer part and the remainder, never a binary fraction.
  const sign = paise < 0 ? -1 : 1;
  const abs = Math.abs(paise);
  const rupees = Math.trunc(abs / 100) + (abs % 100) / 100;
  return numberFormat(language, true).format(sign * rupees);
}

/** 123456 → '1,23,456'. */
export function formatNumber(value: number, language: Language = 'en'): string {
  return numberFormat(language, false).format(value);
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Made once: a formatter with a time zone costs about a millisecond to make, more on a slow phone. */
let dayInIST: Intl.DateTimeFormat | undefined;
const longDates = new Map<Language, Intl.DateTimeFormat>();

/**
 * A wire date ('2026-04-01') → '01/04/2026' as it is (a calendar date has no time zone); an instant
 * (ISO string with a time, or a Date) → its day in IST. Empty for nothing or nonsense.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = WIRE_DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  dayInIST ??= new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: '2-digit', month: '2-digit', year: 'numeric' });
  const parts = dayInIST.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** Today's date in IST as a wire date ('2026-11-25'). */
export function todayInIST(now: Date = new Date()): string {
  const [d, m, y] = formatDate(now).split('/');
  return `${y}-${m}-${d}`;
}

/** A long, readable day for headings: 'Wednesday, 25 November 2026' / 'बुधवार, 25 नवंबर 2026'. */
export function formatLongDate(now: Date, language: Language = 'en'): string {
  let f = longDates.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(locale(language), { timeZone: IST, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', numberingSystem: 'latn' });
    longDates.set(language, f);
  }
  return f.format(now);
}
