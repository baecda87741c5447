import { periodsByDay, putBellSchedulesSchema, putTimetableSchema, timetableConflicts } from './schemas';

const T1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const T2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SUBJECT = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('timetableConflicts', () => {
  const others = [
    { teacherId: T1, day: 1, period: 1, sectionId: 'B' },
    { teacherId: T1, day: 1, period: 3, sectionId: 'C' },
  ];

  it('a teacher already elsewhere in the same day and period clashes; another period does not', () => {
    const result = timetableConflicts(
      [
        { day: 1, period: 1, teacherId: T1 },
        { day: 1, period: 2, teacherId: T1 },
        { day: 1, period: 1, teacherId: T2 },
      ],
      others,
      null,
    );
    expect(result.clashes).toEqual([{ slot: 0, with: others[0] }]);
    expect(result.overloads).toEqual([]);
  });

  it('the daily limit counts lessons elsewhere and in this week; every slot over it is flagged', () => {
    const slots = [
      { day: 1, period: 2, teacherId: T1 },
      { day: 1, period: 4, teacherId: T1 },
      { day: 2, period: 4, teacherId: T1 },
    ];
    expect(timetableConflicts(slots, others, 4).overloads).toEqual([]);
    expect(timetableConflicts(slots, others, 3).overloads).toEqual([
      { slot: 0, teacherId: T1, day: 1, count: 4 },
      { slot: 1, teacherId: T1, day: 1, count: 4 },
    ]);
  });
});

describe('bell schedules and weeks on the wire', () => {
  const weekdays = { name: 'Weekdays', days: [1, 2, 3, 4, 5], periods: [{ period: 1, startsAt: '08:00', endsAt: '08:40' }, { period: 2, startsAt: '08:40', endsAt: '09:20' }] };

  it('periods by day follow each schedule’s days', () => {
    const saturday = { name: 'Saturday', days: [6], periods: [{ period: 1, startsAt: '08:00', endsAt: '08:30' }] };
    const map = periodsByDay([weekdays, saturday]);
    expect([...map.get(1)!]).toEqual([1, 2]);
    expect([...map.get(6)!]).toEqual([1]);
    expect(map.has(7)).toBe(false);
  });

  it.each([
    [{ ...weekdays, periods: [{ period: 1, startsAt: '08:00', endsAt: '08:40' }, { period: 2, startsAt: '08:30', endsAt: '09:10' }] }, 'schedules.0.periods.1.startsAt'],
    [{ ...weekdays, periods: [{ period: 1, startsAt: '08:40', endsAt: '08:00' }] }, 'schedules.0.periods.0.endsAt'],
    [{ ...weekdays, periods: [{ period: 1, startsAt: '8:00', endsAt: '08:40' }] }, 'schedules.0.periods.0.startsAt'],
    [{ ...weekdays, days: [] }, 'schedules.0.days'],
  ])('a bad schedule is refused on the field (%#)', (schedule, path) => {
    const result = putBellSchedulesSchema.safeParse({ schedules: [schedule] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('a week fills each day and period once; day 7 is not a school day', () => {
    const slot = { day: 1, period: 1, subjectId: SUBJECT, teacherId: T1 };
    expect(putTimetableSchema.safeParse({ slots: [slot, { ...slot, teacherId: T2 }] }).error!.issues[0].path).toEqual(['slots', 1]);
    expect(putTimetableSchema.safeParse({ slots: [{ ...slot, day: 7 }] }).success).toBe(false);
    expect(putTimetableSchema.parse({ slots: [slot] })).toEqual({ slots: [slot] });
  });
});
