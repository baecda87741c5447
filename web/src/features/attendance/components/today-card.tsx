import { Card, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { attendanceApi } from '../api/attendance-api';
import { useT } from '../i18n';
import './attendance.css';
import { useLocalName } from '../../../lib/i18n/local-name';

/**
 * "Today" on the home page of the principal and the office (a home card through the slots): which
 * sections are marked and which are not, with the present and absent numbers of the marked ones,
 * the sections still to mark first; a link to the attendance page. The same call as that page.
 */
export default function TodayCard({ schoolId }: { schoolId: string }) {
  const t = useT();
  const local = useLocalName();
  const today = attendanceApi.useAttendanceTodayQuery({ schoolId });
  const link = `/workspace/${schoolId}/attendance`;

  let body;
  if (today.isLoading) body = <Spinner size={24} aria-label={t('common.loading')} />;
  else if (!today.data) {
    body = (
      <p>
        {t('common.loadFailed')}{' '}
        <button type="button" className="bp6-button ws-touch" onClick={() => void today.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  } else {
    const d = today.data;
    const sections = [...d.sections.filter((s) => !s.marked), ...d.sections.filter((s) => s.marked)];
    body = (
      <>
        <p className="ws-muted att-card-meta">
          {formatDate(d.date)} · {t('today.summary', { marked: d.markedCount, total: d.sections.length })}
        </p>
        {d.holiday ? <p>{t('today.holiday', { name: d.holiday.name })}</p> : null}
        {sections.length === 0 ? (
          <p className="ws-muted">{t('today.noSections.title')}</p>
        ) : (
          <ul className="att-home-list">
            {sections.map((s) => (
              <li key={s.sectionId} data-testid={`home-section-${s.className}-${s.sectionName}`}>
                <span className="att-home-name">
                  {local(`${s.className} – ${s.sectionName}`)}
                </span>
                <span className={`att-tag ${s.marked ? 'att-tag--done' : 'att-tag--todo'}`}>{s.marked ? t('today.marked') : t('today.notMarked')}</span>
                {s.marked ? (
                  <span className="att-home-counts">
                    {t('today.present', { count: s.present })} · {t('today.absent', { count: s.absent })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <Card className="ws-card att-home-card" data-testid="attendance-today-card">
      <h2>{t('today.title')}</h2>
      {body}
      <Link className="bp6-button bp6-intent-primary att-home-link" to={link}>
        {t('home.open')}
      </Link>
    </Card>
  );
}
