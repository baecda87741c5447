import { describe, expect, it } from '@jest/globals';
import type { CalendarEvent } from '@vidyalaya/shared/calendar';
import { dayFirst, holidayList, monthGrid } from '../src/features/calendar/model/month';
import { buildGrid, elsewhereFor, setCell, slotsOf, weekOf } from '../src/features/timetable/model/grid';

const ASHA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const RAVI = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const MATH = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const schedules = [
  { days: [1, 2, 3, 4, 5], periods: [1, 2, 3].map((period) => ({ period, startsAt: '08:00', endsAt: '08:40' })) },
  { days: [6], periods: [1, 2].map((period) => ({ period, startsAt: '08:00', endsAt: '08:40' })) },
];

describe('timetable grid model', () => {
  it('days and periods come from the bell schedules; Saturday’s third period is closed', () => {
    const grid = buildGrid(new Map(), schedules, [], null);
    expect(grid.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(grid.periods).toEqual([1, 2, 3]);
    expect(grid.cells[5].map((c) => c.open)).toEqual([true, true, false]);
  });

  it('a teacher already in another section then is shown as a clash while editing; the daily limit too', () => {
    const elsewhere = elsewhereFor('A', [
      { section: { id: 'A' }, slots: [] },
      { section: { id: 'B' }, slots: [{ day: 1, period: 1, teacherId: ASHA, sectionId: 'B' } as never] },
    ]);
    let week = setCell(new Map(), 1, 1, { subjectId: MATH, teacherId: ASHA });
    week = setCell(week, 1, 2, { subjectId: MATH, teacherId: ASHA });
    week = setCell(week, 1, 3, { subjectId: MATH, teacherId: RAVI });
    const grid = buildGrid(week, schedules, elsewhere, 2);
    expect(grid.cells[0][0].clashWith).toEqual({ day: 1, period: 1, teacherId: ASHA, sectionId: 'B' });
    expect(grid.cells[0][1].clashWith).toBeNull();
    expect(grid.cells[0].map((c) => c.overloadCount)).toEqual([3, 3, null]);
    expect(buildGrid(week, schedules, elsewhere, null).cells[0].map((c) => c.overloadCount)).toEqual([null, null, null]);
  });

  it('the week round-trips to the PUT body in day and period order; an emptied cell is left out', () => {
    let week = weekOf([
      { day: 2, period: 1, subjectId: MATH, teacherId: RAVI },
      { day: 1, period: 3, subjectId: MATH, teacherId: ASHA },
    ]);
    week = setCell(week, 1, 1, { subjectId: MATH, teacherId: RAVI });
    week = setCell(week, 2, 1, null);
    expect(slotsOf(week)).toEqual([
      { day: 1, period: 1, subjectId: MATH, teacherId: RAVI },
      { day: 1, period: 3, subjectId: MATH, teacherId: ASHA },
    ]);
  });
});

const event = (over: Partial<CalendarEvent>): CalendarEvent => ({
  id: over.title ?? 'e',
  title: 'Event',
  kind: 'holiday',
  startsOn: '2026-08-15',
  endsOn: '2026-08-15',
  classIds: [],
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('calendar month model', () => {
  const events = [
    event({ title: 'Independence Day' }),
    event({ title: 'Monsoon break', kind: 'vacation', startsOn: '2026-08-03', endsOn: '2026-08-05' }),
    event({ title: 'Unit test', kind: 'exam', startsOn: '2026-08-10', endsOn: '2026-08-12' }),
  ];

  it('August 2026 in weeks from Monday: the month’s days flagged, holidays named by the shared rule', () => {
    const weeks = monthGrid('2026-08', events, { sundayHoliday: true, saturdaysOff: [2] });
    expect(weeks).toHaveLength(6); // 27 July … 6 September
    expect(weeks[0][0]).toMatchObject({ date: '2026-07-27', inMonth: false });
    const days = weeks.flat().filter((d) => d.inMonth);
    expect(days).toHaveLength(31);
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get('2026-08-08')).toMatchObject({ holiday: true, holidayName: 'Second Saturday' });
    expect(byDate.get('2026-08-04')).toMatchObject({ holiday: true, holidayName: 'Monsoon break' });
    expect(byDate.get('2026-08-11')!.holiday).toBe(false);
    expect(byDate.get('2026-08-11')!.events.map((e) => e.title)).toEqual(['Unit test']);
    expect(days.filter((d) => !d.holiday)).toHaveLength(31 - 5 - 1 - 1 - 3);
  });

  it('a class’s event shows on its day with that class, or with every event (the list the server chose for the caller)', () => {
    const CLASS7 = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const fair = { id: 'f', title: 'Science fair', kind: 'event' as const, startsOn: '2026-08-12', endsOn: '2026-08-12', classIds: [CLASS7], description: null, createdAt: '', updatedAt: '' };
    const rules = { sundayHoliday: true, saturdaysOff: [] };
    const on12 = (weeks: ReturnType<typeof monthGrid>) => weeks.flat().find((d) => d.date === '2026-08-12')!.events.map((e) => e.title);
    expect(on12(monthGrid('2026-08', [fair], rules))).toEqual([]);
    expect(on12(monthGrid('2026-08', [fair], rules, CLASS7))).toEqual(['Science fair']);
    expect(on12(monthGrid('2026-08', [fair], rules, undefined, true))).toEqual(['Science fair']);
  });

  it('the printable holiday list: holidays and vacations by date, day first', () => {
    expect(holidayList(events)).toEqual([
      { title: 'Monsoon break', kind: 'vacation', dates: '03/08/2026 – 05/08/2026' },
      { title: 'Independence Day', kind: 'holiday', dates: '15/08/2026' },
    ]);
    expect(dayFirst('2026-12-31')).toBe('31/12/2026');
  });
});
