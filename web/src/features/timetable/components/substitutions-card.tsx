import { Card, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router';
import { todayInIST } from '../../../lib/i18n/format';
import { useSubstitutionsQuery } from '../api/timetable-api';
import { useT } from '../i18n';
import '../components/timetable.css';

/**
 * The home card "Today's substitutions" (admin and office, through lib/workspace/slots.tsx): who
 * covers which period today, and a link to arrange more.
 */
export default function SubstitutionsCard(props: { schoolId: string }) {
  const t = useT();
  const today = todayInIST();
  const subs = useSubstitutionsQuery({ schoolId: props.schoolId, date: today });
  const items = [...(subs.data?.items ?? [])].sort((a, b) => a.period - b.period || a.className.localeCompare(b.className));
  return (
    <Card className="ws-card tt-home-subs" aria-labelledby="tt-home-subs-title">
      <h2 id="tt-home-subs-title">{t('tt.home.subs.title')}</h2>
      {subs.isLoading ? (
        <Spinner size={20} aria-label={t('tt.loading')} />
      ) : subs.isError ? (
        <p className="ws-muted">{t('tt.home.subs.failed')}</p>
      ) : items.length === 0 ? (
        <p className="ws-muted">{t('tt.home.subs.none')}</p>
      ) : (
        <ul className="tt-home-subs-list" aria-label={t('tt.home.subs.title')}>
          {items.map((s) => (
            <li key={s.id}>
              {t('tt.home.subs.line', { period: s.period, section: `${s.className} ${s.sectionName}`, substitute: s.substituteStaffName, absent: s.absentStaffName })}
            </li>
          ))}
        </ul>
      )}
      <Link className="bp6-button ws-touch" to={`/workspace/${props.schoolId}/timetable?view=substitutions`}>
        {t('tt.home.subs.manage')}
      </Link>
    </Card>
  );
}
