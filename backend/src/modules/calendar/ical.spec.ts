import { buildIcal, escapeText, foldLine } from './ical';

describe('iCalendar writing (RFC 5545)', () => {
  it.each([
    ['Diwali, Govardhan; Bhai Dooj', 'Diwali\\, Govardhan\\; Bhai Dooj'],
    ['a\\b', 'a\\\\b'],
    ['line one\nline two\r\nthree', 'line one\\nline two\\nthree'],
  ])('escapes %j', (input, output) => expect(escapeText(input)).toBe(output));

  it('folds at 75 octets without splitting a UTF-8 character; unfolding gives the line back', () => {
    const line = `SUMMARY:${'दीपावली '.repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('an all-day event ends the day after its last day; lines end with CRLF', () => {
    const text = buildIcal({
      calendarName: 'Sunrise Public School',
      host: 'sunrise.example.test',
      now: new Date('2026-11-01T10:00:00Z'),
      events: [{ id: 'e1', title: 'Winter break', kind: 'vacation', startsOn: '2026-12-30', endsOn: '2026-12-31', description: null, updatedAt: new Date('2026-10-01T00:00:00Z') }],
    });
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261230\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(text).toContain('\r\nUID:e1@sunrise.example.test\r\n');
    expect(text).toContain('\r\nDTSTAMP:20261101T100000Z\r\n');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });
});
