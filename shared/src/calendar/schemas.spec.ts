import { addDays, timetableDayOf } from '../rules/school-days';
import {
  createCalendarEventSchema,
  normaliseCalendarEvent,
  calendarSettingsSchema,
  DEFAULT_CALENDAR_SETTINGS,
  holidayOn,
  holidaysBetween,
  workingDays,
  workingDaysQuerySchema,
  type CalendarRuleEvent,
} from './schemas';

const CLASS_6 = '11111111-1111-4111-8111-111111111111';
const CLASS_7 = '22222222-2222-4222-8222-222222222222';

const ev = (over: Partial<CalendarRuleEvent>): CalendarRuleEvent => ({
  title: 'Event',
  kind: 'holiday',
  startsOn: '2026-08-15',
  endsOn: '2026-08-15',
  classIds: [],
  ...over,
});

describe('calendar dates', () => {
  it.each([
    ['2026-08-31', 1, '2026-09-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s plus %i day is %s', (from, n, to) => expect(addDays(from, n)).toBe(to));

  it.each([
    ['2026-08-03', 1], // Monday
    ['2026-08-08', 6], // Saturday
    ['2026-08-09', null], // Sunday
  ])('%s is timetable day %s', (date, day) => expect(timetableDayOf(date)).toBe(day));
});

describe('holidayOn', () => {
  const settings = { sundayHoliday: true, saturdaysOff: [2] };

  it.each([
    ['2026-08-09', { holiday: true, name: 'Sunday' }],
    ['2026-08-01', { holiday: false }], // first Saturday
    ['2026-08-08', { holiday: true, name: 'Second Saturday' }],
    ['2026-08-15', { holiday: true, name: 'Independence Day' }], // a third Saturday, closed by the event
    ['2026-08-22', { holiday: false }], // fourth Saturday
    ['2026-08-10', { holiday: false }],
    ['2026-09-12', { holiday: true, name: 'Second Saturday' }],
  ])('%s → %j', (date, answer) => {
    expect(holidayOn(date, [ev({ title: 'Independence Day' })], settings)).toEqual(answer);
  });

  it('Sunday is a working day when the school says so', () => {
    expect(holidayOn('2026-08-09', [], { sundayHoliday: false, saturdaysOff: [] })).toEqual({ holiday: false });
  });

  it('a class’s holiday closes that class only; the school-wide answer ignores it', () => {
    const events = [ev({ title: 'Class 6 picnic', startsOn: '2026-08-12', endsOn: '2026-08-12', classIds: [CLASS_6] })];
    expect(holidayOn('2026-08-12', events, settings, CLASS_6)).toEqual({ holiday: true, name: 'Class 6 picnic' });
    expect(holidayOn('2026-08-12', events, settings, CLASS_7)).toEqual({ holiday: false });
    expect(holidayOn('2026-08-12', events, settings)).toEqual({ holiday: false });
  });

  it('exams, events and terms never close the school; a holiday is named before a vacation', () => {
    const events = [
      ev({ kind: 'exam', title: 'Half-yearly', startsOn: '2026-09-01', endsOn: '2026-09-10' }),
      ev({ kind: 'term', title: 'Term 1', startsOn: '2026-04-01', endsOn: '2026-09-30' }),
      ev({ kind: 'vacation', title: 'Autumn break', startsOn: '2026-10-15', endsOn: '2026-10-25' }),
      ev({ kind: 'holiday', title: 'Dussehra', startsOn: '2026-10-20', endsOn: '2026-10-20' }),
    ];
    expect(holidayOn('2026-09-02', events, settings)).toEqual({ holiday: false });
    expect(holidayOn('2026-10-16', events, settings)).toEqual({ holiday: true, name: 'Autumn break' });
    expect(holidayOn('2026-10-20', events, settings)).toEqual({ holiday: true, name: 'Dussehra' });
  });
});

describe('workingDays', () => {
  it('August 2026: 31 days less 5 Sundays is 26 by default', () => {
    expect(workingDays('2026-08-01', '2026-08-31', [], DEFAULT_CALENDAR_SETTINGS)).toHaveLength(26);
  });

  it('a month with holidays, a vacation and second and fourth Saturdays', () => {
    const events = [
      ev({ title: 'Independence Day', startsOn: '2026-08-15', endsOn: '2026-08-15' }), // the third Saturday
      ev({ title: 'Raksha Bandhan', startsOn: '2026-08-28', endsOn: '2026-08-28' }),
      ev({ kind: 'vacation', title: 'Monsoon break', startsOn: '2026-08-03', endsOn: '2026-08-05' }),
    ];
    // Saturdays in August 2026: 1, 8, 15, 22, 29 → second = 8, fourth = 22. Sundays: 2, 9, 16, 23, 30.
    const days = workingDays('2026-08-01', '2026-08-31', events, { sundayHoliday: true, saturdaysOff: [2, 4] });
    expect(days).toHaveLength(31 - 5 - 2 - 3 - 2);
    expect(days).not.toContain('2026-08-08');
    expect(days).not.toContain('2026-08-22');
    expect(days).toContain('2026-08-29');
    expect(days).not.toContain('2026-08-04');
    expect(days[0]).toBe('2026-08-01');
  });

  it('a vacation that spills over the range’s edges counts only inside it', () => {
    const events = [ev({ kind: 'vacation', title: 'Summer vacation', startsOn: '2026-05-15', endsOn: '2026-06-30' })];
    expect(workingDays('2026-06-01', '2026-07-04', events, DEFAULT_CALENDAR_SETTINGS)).toEqual(['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04']);
  });

  it('an empty range (to before from) has no working days', () => {
    expect(workingDays('2026-08-10', '2026-08-01', [], DEFAULT_CALENDAR_SETTINGS)).toEqual([]);
  });

  it('holidaysBetween names every closed day', () => {
    expect(holidaysBetween('2026-09-06', '2026-09-12', [], { sundayHoliday: true, saturdaysOff: [2] })).toEqual([
      { date: '2026-09-06', name: 'Sunday' },
      { date: '2026-09-12', name: 'Second Saturday' },
    ]);
  });
});

describe('wire schemas', () => {
  it('a one-day event needs no end date; an end before the start is refused on endsOn', () => {
    expect(normaliseCalendarEvent(createCalendarEventSchema.parse({ title: ' Diwali ', kind: 'holiday', startsOn: '2026-11-08' }))).toEqual({
      title: 'Diwali',
      kind: 'holiday',
      startsOn: '2026-11-08',
      endsOn: '2026-11-08',
      classIds: [],
      description: null,
    });
    const bad = createCalendarEventSchema.safeParse({ title: 'x', kind: 'holiday', startsOn: '2026-11-08', endsOn: '2026-11-07' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ['endsOn'], message: 'The end date must be on or after the start date' });
    expect(createCalendarEventSchema.safeParse({ title: 'x', kind: 'party', startsOn: '2026-11-08' }).success).toBe(false);
  });

  it('settings: Saturdays 1–5, de-duplicated and sorted', () => {
    expect(calendarSettingsSchema.parse({ sundayHoliday: true, saturdaysOff: [4, 2, 2] })).toEqual({ sundayHoliday: true, saturdaysOff: [2, 4] });
    expect(calendarSettingsSchema.safeParse({ sundayHoliday: true, saturdaysOff: [6] }).success).toBe(false);
  });

  it('a working-days range is at most 366 days and not backwards', () => {
    expect(workingDaysQuerySchema.safeParse({ from: '2026-04-01', to: '2027-03-31' }).success).toBe(true);
    expect(workingDaysQuerySchema.safeParse({ from: '2026-04-01', to: '2027-04-03' }).success).toBe(false);
    expect(workingDaysQuerySchema.safeParse({ from: '2026-04-02', to: '2026-04-01' }).success).toBe(false);
  });
});
