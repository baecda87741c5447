import { Callout, HTMLSelect, Spinner } from '@blueprintjs/core';
import { ATTENDANCE_THRESHOLD, type AttendanceStatus } from '@vidyalaya/shared/attendance';
import { type Student } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { formatDate } from '../../../lib/i18n/format';
import { attendanceApi } from '../api/attendance-api';
import { useT, type MessageId } from '../i18n';
import { statusLabel } from './format';
import './attendance.css';

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} %`);
const SHORT: Record<AttendanceStatus, string> = { present: 'P', absent: 'A', late: 'L', half_day: 'H', leave: 'LV' };
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** The days of a month (YYYY-MM) as calendar cells, Monday first, with blanks before the 1st. */
function monthCells(month: string): (string | null)[] {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= last; d += 1) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  return cells;
}

/**
 * A student's attendance on their profile (the profile's "Attendance" tab, through the slots): the
 * running percentage this academic year against 75 % (working days only, a half day counting ½,
 * holidays left out, as the server computes it), and a month's days with the child's mark on each.
 */
export default function StudentAttendancePanel({ schoolId, student }: { schoolId: string; student: Student }) {
  const t = useT();
  const query = attendanceApi.useStudentAttendanceQuery({ schoolId, studentId: student.id });
  const [chosen, setChosen] = useState<string | null>(null);

  if (query.isLoading) return <Spinner size={24} aria-label={t('common.loading')} />;
  if (!query.data) {
    return (
      <Callout intent="danger" title={t('common.loadFailed')}>
        <button type="button" className="bp6-button ws-touch" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </Callout>
    );
  }
  const a = query.data.attendance;
  if (a.percentage === null) return <p className="ws-muted">{t('student.none')}</p>;
  const below = a.percentage < ATTENDANCE_THRESHOLD;
  const monthName = (m: string) => `${t(`student.month.${MONTHS[Number(m.slice(5, 7)) - 1]}` as MessageId)} ${m.slice(0, 4)}`;
  const month = a.months.find((m) => m.month === chosen) ?? a.months[a.months.length - 1];
  const working = new Set(month?.workingDates ?? []);

  return (
    <div className="att-student-tab">
      <h2 className="att-sr-only">{t('student.title')}</h2>
      <div className={`att-running ${below ? 'att-running--below' : 'att-running--ok'}`} data-testid="attendance-running">
        <p className="att-running-figure">{pct(a.percentage)}</p>
        <p className="att-running-text">
          {t('student.running', { percent: pct(a.percentage), days: a.workingDays })}
          <br />
          <strong>{below ? t('student.below', { threshold: ATTENDANCE_THRESHOLD }) : t('student.above', { threshold: ATTENDANCE_THRESHOLD })}</strong>
        </p>
        <div
          className="att-meter"
          role="meter"
          aria-label={t('student.meter')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={a.percentage}
          aria-valuetext={pct(a.percentage)}
        >
          <span className="att-meter-fill" style={{ width: `${Math.min(100, a.percentage)}%` }} />
          <span className="att-meter-mark" style={{ left: `${ATTENDANCE_THRESHOLD}%` }} title={`${ATTENDANCE_THRESHOLD} %`} />
        </div>
      </div>
      <p className="att-counts">
        {t('student.since', { date: formatDate(a.from) })} ·{' '}
        {t('mark.counts', { present: a.totals.present, absent: a.totals.absent, late: a.totals.late, halfDay: a.totals.halfDay, leave: a.totals.leave })}
      </p>

      {month ? (
        <>
          <div className="att-toolbar">
            <label>
              {t('register.month')}
              <HTMLSelect value={month.month} onChange={(e) => setChosen(e.currentTarget.value)} className="ws-touch">
                {a.months.map((m) => (
                  <option key={m.month} value={m.month}>
                    {monthName(m.month)}
                  </option>
                ))}
              </HTMLSelect>
            </label>
            <p className="att-counts" data-testid="attendance-month">
              {t('student.monthLine', { percent: pct(month.percentage), days: month.workingDays })}
            </p>
          </div>
          <ol className="att-month" aria-label={monthName(month.month)}>
            {['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => (
              <li key={d} className="att-month-head" aria-hidden="true">
                {t(`student.day.${d}` as MessageId)}
              </li>
            ))}
            {monthCells(month.month).map((date, i) => {
              if (!date) return <li key={`blank-${i}`} className="att-day att-day--blank" aria-hidden="true" />;
              const status = month.days[date] ?? null;
              const isWorking = working.has(date);
              const label = isWorking ? t(statusLabel(status)) : t('student.notCounted');
              return (
                <li
                  key={date}
                  className={`att-day ${isWorking ? `att-day--${status ?? 'none'}` : 'att-day--off'}`}
                  aria-label={`${formatDate(date)}: ${label}`}
                  title={`${formatDate(date)}: ${label}`}
                >
                  <span className="att-day-num">{Number(date.slice(8, 10))}</span>
                  <span className="att-day-mark">{isWorking ? (status ? SHORT[status] : '–') : ''}</span>
                </li>
              );
            })}
          </ol>
          <p className="att-counts">{t('student.legend')}</p>
        </>
      ) : null}
    </div>
  );
}
