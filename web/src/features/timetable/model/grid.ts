import { periodsByDay, timetableConflicts, TIMETABLE_DAYS, type BellSchedule, type BusySlot, type TimetableSlot, type TimetableSlotInput } from '@vidyalaya/shared/timetable';

/**
 * The grid editor's model (pure, no React): a section's week as day × period cells, the cells the
 * bell schedule allows, and each filled cell's conflicts computed by the same rule the server
 * refuses with (shared `timetableConflicts`), so a clash shows while the week is being edited.
 */
export interface GridCell {
  day: number;
  period: number;
  /** False where the bell schedule has no such period that day (shown greyed, cannot be filled). */
  open: boolean;
  subjectId: string | null;
  teacherId: string | null;
  /** The other section the teacher is in then, when they clash. */
  clashWith: BusySlot | null;
  /** The teacher's lessons that day when over the school's limit. */
  overloadCount: number | null;
}

export interface Grid {
  days: number[];
  periods: number[];
  cells: GridCell[][];
}

export type Week = Map<string, { subjectId: string; teacherId: string }>;
const key = (day: number, period: number) => `${day}:${period}`;

/** The editable week of a section's saved slots. */
export function weekOf(slots: readonly Pick<TimetableSlot, 'day' | 'period' | 'subjectId' | 'teacherId'>[]): Week {
  return new Map(slots.map((s) => [key(s.day, s.period), { subjectId: s.subjectId, teacherId: s.teacherId }]));
}

/** A copy of the week with one cell set (or, with null, emptied). */
export function setCell(week: Week, day: number, period: number, value: { subjectId: string; teacherId: string } | null): Week {
  const next = new Map(week);
  if (value) next.set(key(day, period), value);
  else next.delete(key(day, period));
  return next;
}

/** The week as the PUT body's slots, in day and period order. */
export function slotsOf(week: Week): TimetableSlotInput[] {
  return [...week.entries()]
    .map(([k, v]) => {
      const [day, period] = k.split(':').map(Number);
      return { day, period, subjectId: v.subjectId, teacherId: v.teacherId };
    })
    .sort((a, b) => a.day - b.day || a.period - b.period);
}

/**
 * The grid of a week under the bell schedules, with conflicts against `elsewhere` (the teachers'
 * lessons in other sections, e.g. from the whole-school view) and the daily limit.
 */
export function buildGrid(
  week: Week,
  schedules: readonly Pick<BellSchedule, 'days' | 'periods'>[],
  elsewhere: readonly BusySlot[],
  dailyLoadLimit: number | null,
): Grid {
  const open = periodsByDay(schedules);
  const days = TIMETABLE_DAYS.filter((d) => open.has(d));
  const periods = [...new Set([...open.values()].flatMap((s) => [...s]))].sort((a, b) => a - b);
  const slots = slotsOf(week);
  const { clashes, overloads } = timetableConflicts(slots, elsewhere, dailyLoadLimit);
  const clashAt = new Map(clashes.map((c) => [key(slots[c.slot].day, slots[c.slot].period), c.with]));
  const overAt = new Map(overloads.map((o) => [key(slots[o.slot].day, slots[o.slot].period), o.count]));
  return {
    days,
    periods,
    cells: days.map((day) =>
      periods.map((period) => {
        const v = week.get(key(day, period));
        return {
          day,
          period,
          open: open.get(day)?.has(period) ?? false,
          subjectId: v?.subjectId ?? null,
          teacherId: v?.teacherId ?? null,
          clashWith: clashAt.get(key(day, period)) ?? null,
          overloadCount: overAt.get(key(day, period)) ?? null,
        };
      }),
    ),
  };
}

/** The other sections' lessons of a whole-school view, as busy slots for one section's editor. */
export function elsewhereFor(sectionId: string, sections: readonly { section: { id: string }; slots: readonly TimetableSlot[] }[]): BusySlot[] {
  return sections
    .filter((s) => s.section.id !== sectionId)
    .flatMap((s) => s.slots.map((slot) => ({ teacherId: slot.teacherId, day: slot.day, period: slot.period, sectionId: slot.sectionId })));
}
