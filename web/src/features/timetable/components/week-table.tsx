import { periodsByDay, TIMETABLE_DAYS, type BellSchedule, type TimetableSlot } from '@vidyalaya/shared/timetable';
import { useT, type MessageId } from '../i18n';

/** Days (rows) and periods (columns) the bell schedules open. */
export function daysAndPeriods(schedules: readonly Pick<BellSchedule, 'days' | 'periods'>[]): { days: number[]; periods: number[]; open: Map<number, Set<number>> } {
  const open = periodsByDay(schedules);
  const days = TIMETABLE_DAYS.filter((d) => open.has(d));
  const periods = [...new Set([...open.values()].flatMap((s) => [...s]))].sort((a, b) => a - b);
  return { days, periods, open };
}

/** The time of a period on a day (from its schedule), e.g. '08:00–08:40'. */
export function periodTime(schedules: readonly BellSchedule[], day: number, period: number): string {
  const p = schedules.find((s) => s.days.includes(day))?.periods.find((x) => x.period === period);
  return p ? `${p.startsAt}–${p.endsAt}` : '';
}

/** A read-only week: a section's (showing teachers) or a teacher's (showing sections). */
export function WeekTable(props: { schedules: BellSchedule[]; slots: TimetableSlot[]; show: 'teacher' | 'section'; label: string }) {
  const t = useT();
  const { days, periods, open } = daysAndPeriods(props.schedules);
  const at = new Map(props.slots.map((s) => [`${s.day}:${s.period}`, s]));
  return (
    <div className="tt-scroll">
      <table className="tt-grid" aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">{t('tt.day')}</th>
            {periods.map((p) => (
              <th key={p} scope="col">
                {t('tt.periodN', { n: p })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d}>
              <th scope="row">{t(`tt.day.${d}` as MessageId)}</th>
              {periods.map((p) => {
                const s = at.get(`${d}:${p}`);
                if (!open.get(d)?.has(p)) return <td key={p} className="tt-cell--closed" aria-label={t('tt.noPeriod')} />;
                return (
                  <td key={p} title={periodTime(props.schedules, d, p)}>
                    {s ? (
                      <div className="tt-cell tt-cell--static">
                        <span className="tt-subject">{s.subjectName}</span>
                        <span className="tt-teacher">{props.show === 'teacher' ? s.teacherName : `${s.className} ${s.sectionName}`}</span>
                      </div>
                    ) : (
                      <div className="tt-cell tt-cell--static" aria-label={t('tt.free')} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
