import { Button, Spinner } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { Link, Navigate } from 'react-router';
import { todayInIST } from '../../../lib/i18n/format';
import { useSchool } from '../../../lib/workspace/school-context';
import { useCalendarEventsQuery } from '../api/calendar-api';
import { holidayList } from '../model/month';
import { useT, type MessageId } from '../i18n';
import '../components/calendar.css';

/** The year's holidays and vacations as a list to print and pin up (/workspace/{schoolId}/calendar/holidays). */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const today = todayInIST();
  const year = home.academicYear;
  const from = year?.startsOn ?? `${today.slice(0, 4)}-01-01`;
  const to = year?.endsOn ?? `${today.slice(0, 4)}-12-31`;
  const events = useCalendarEventsQuery({ schoolId, from, to, pageSize: 200 });
  if (!roleHas(home.role, 'calendar.read')) return <Navigate to={`/workspace/${schoolId}`} replace />;
  const rows = holidayList(events.data?.items ?? []);
  const heading = year ? t('cal.holidays.titleYear', { year: year.name }) : t('cal.holidays.title');
  return (
    <section>
      <div className="cal-print-only">
        <h2>{home.school.name}</h2>
      </div>
      <h1>{heading}</h1>
      <div className="cal-toolbar cal-no-print">
        <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/calendar`}>
          {t('cal.backToMonth')}
        </Link>
        <Button className="ws-touch" icon="print" text={t('cal.print')} onClick={() => window.print()} />
      </div>
      {events.isLoading ? (
        <Spinner size={24} aria-label={t('cal.loading')} />
      ) : rows.length === 0 ? (
        <p className="ws-muted">{t('cal.holidays.none')}</p>
      ) : (
        <table className="cal-holidays" aria-label={heading}>
          <thead>
            <tr>
              <th scope="col">{t('cal.holidays.dates')}</th>
              <th scope="col">{t('cal.holidays.occasion')}</th>
              <th scope="col">{t('cal.kind')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{r.dates}</td>
                <td>{r.title}</td>
                <td>{t(`cal.kind.${r.kind}` as MessageId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="ws-muted">{t('cal.holidays.note')}</p>
    </section>
  );
}
