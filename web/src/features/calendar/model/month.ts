import { addDays, weekdayOf } from '@vidyalaya/shared';
import { holidayOn, type CalendarEvent, type CalendarSettings } from '@vidyalaya/shared/calendar';

/**
 * The month view's model (pure): weeks Monday to Sunday, each day with whether the school is closed
 * and why (the shared rule attendance counts by) and the events on it; and the printable holiday list.
 */
export interface MonthDay {
  date: string;
  inMonth: boolean;
  holiday: boolean;
  holidayName: string | null;
  events: CalendarEvent[];
}

/**
 * 'YYYY-MM' → the weeks (Monday first) covering that month. Each day lists the school-wide events
 * and, with `classId`, that class's; with `everyEvent`, every event given (the server already chose
 * what applies to the caller: a guardian's children's classes, a teacher's own, a class filter).
 */
export function monthGrid(month: string, events: readonly CalendarEvent[], settings: CalendarSettings, classId?: string, everyEvent = false): MonthDay[][] {
  const first = `${month}-01`;
  const lead = (weekdayOf(first) + 6) % 7; // days before it since Monday
  const start = addDays(first, -lead);
  const weeks: MonthDay[][] = [];
  let day = start;
  do {
    const week: MonthDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      const answer = holidayOn(day, events, settings, classId);
      week.push({
        date: day,
        inMonth: day.startsWith(month),
        holiday: answer.holiday,
        holidayName: answer.name ?? null,
        events: events.filter((e) => e.startsOn <= day && e.endsOn >= day && (everyEvent || e.classIds.length === 0 || (classId !== undefined && e.classIds.includes(classId)))),
      });
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (day.startsWith(month));
  return weeks;
}

/** DD/MM/YYYY of a YYYY-MM-DD date (no time zone involved). */
export const dayFirst = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The printable holiday list: holidays and vacations in date order, with their dates day first. */
export function holidayList(events: readonly CalendarEvent[]): { title: string; kind: string; dates: string }[] {
  return events
    .filter((e) => e.kind === 'holiday' || e.kind === 'vacation')
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.title.localeCompare(b.title))
    .map((e) => ({ title: e.title, kind: e.kind, dates: e.startsOn === e.endsOn ? dayFirst(e.startsOn) : `${dayFirst(e.startsOn)} – ${dayFirst(e.endsOn)}` }));
}
