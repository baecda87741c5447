import { attendancePercent, putAttendanceSchema } from './schemas';

describe('attendance percentage = (present + late + ½ half day) ÷ working days', () => {
  it.each([
    [{ present: 15, late: 1, halfDay: 2 }, 19, 89.47],
    [{ present: 20, late: 0, halfDay: 0 }, 20, 100],
    [{ present: 0, late: 0, halfDay: 1 }, 2, 25],
    [{ present: 12, late: 0, halfDay: 0 }, 19, 63.16],
  ])('%j over %i days is %d %%', (t, days, pct) => {
    expect(attendancePercent(t, days)).toBe(pct);
  });
  it('has no figure without working days', () => {
    expect(attendancePercent({ present: 0, late: 0, halfDay: 0 }, 0)).toBeNull();
  });
});

describe('a day’s marks on the wire', () => {
  const id = '33333333-3333-4333-8333-333333333333';
  it('accepts the five statuses, a note and basedOn (a time or null)', () => {
    expect(putAttendanceSchema.safeParse({ records: [{ studentId: id.toUpperCase(), status: 'half_day', note: ' Fever ' }], basedOn: null }).data).toEqual({
      records: [{ studentId: id, status: 'half_day', note: 'Fever' }],
      basedOn: null,
    });
    expect(putAttendanceSchema.safeParse({ records: [{ studentId: id, status: 'leave' }], basedOn: '2026-11-24T05:10:00.000Z' }).success).toBe(true);
  });
  it.each([
    [{ records: [] }, 'Send the marks of at least one student'],
    [{ records: [{ studentId: id, status: 'sick' }] }, 'Status must be present, absent, late, half_day or leave'],
    [{ records: [{ studentId: id, status: 'present' }, { studentId: id, status: 'absent' }] }, 'A student is marked twice'],
    [{ records: [{ studentId: id, status: 'present', note: 'x'.repeat(201) }] }, 'Note must not exceed 200 characters'],
  ])('%j is refused: %s', (body, message) => {
    const r = putAttendanceSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
});
