import { addDays } from '@vidyalaya/shared';

/**
 * An iCalendar (RFC 5545) document of a school's calendar, written by hand: all-day events only,
 * so no time zones are involved (DTSTART;VALUE=DATE, DTEND the day after the last day). Text is
 * escaped (§3.3.11) and lines are folded at 75 octets without splitting a UTF-8 character
 * (§3.1), so Hindi titles survive.
 */
export interface IcalEvent {
  id: string;
  title: string;
  kind: string;
  startsOn: string;
  endsOn: string;
  description: string | null;
  updatedAt: Date;
}

/** A timed event (an exam paper): a school date and IST times, written in UTC (IST has no daylight saving). */
export interface IcalTimedEvent {
  uid: string;
  title: string;
  kind: string;
  date: string;
  startsAt: string;
  endsAt: string;
  description: string | null;
}

/** `2026-03-10` and `09:30` in IST → `20260310T040000Z`. */
export function istToUtcStamp(date: string, time: string): string {
  const [h, m] = time.split(':').map(Number);
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), h!, m!) - 330 * 60_000;
  return stamp(new Date(ms));
}

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space takes one octet
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const compactDate = (iso: string) => iso.replace(/-/g, '');
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function buildIcal(opts: { calendarName: string; host: string; events: readonly IcalEvent[]; timed?: readonly IcalTimedEvent[]; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vidyalaya//School calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.calendarName)}`,
    'X-WR-TIMEZONE:Asia/Kolkata',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
  ];
  for (const e of opts.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.id}@${opts.host}`,
      `DTSTAMP:${stamp(opts.now)}`,
      `LAST-MODIFIED:${stamp(e.updatedAt)}`,
      `DTSTART;VALUE=DATE:${compactDate(e.startsOn)}`,
      `DTEND;VALUE=DATE:${compactDate(addDays(e.endsOn, 1))}`,
      `SUMMARY:${escapeText(e.title)}`,
      `CATEGORIES:${e.kind.toUpperCase()}`,
      'TRANSP:TRANSPARENT',
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    lines.push('END:VEVENT');
  }
  for (const e of opts.timed ?? []) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}@${opts.host}`,
      `DTSTAMP:${stamp(opts.now)}`,
      `DTSTART:${istToUtcStamp(e.date, e.startsAt)}`,
      `DTEND:${istToUtcStamp(e.date, e.endsAt)}`,
      `SUMMARY:${escapeText(e.title)}`,
      `CATEGORIES:${e.kind.toUpperCase()}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
