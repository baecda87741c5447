import { Button } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { Navigate } from 'react-router';
import { useSchool } from '../../../lib/workspace/school-context';
import { AttendanceCard, FeesCard, ResultsCard, StrengthCard } from '../components/cards';
import { useT } from '../i18n';
import '../components/insights.css';

/** The principal's home of charts (issue 38): the four insights, or those the role may read. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const can = (p: Parameters<typeof roleHas>[1]) => roleHas(home.role, p);
  if (!can('insights.attendance') && !can('insights.fees') && !can('insights.results') && !can('insights.strength')) return <Navigate to={`/workspace/${schoolId}`} replace />;
  return (
    <div className="insights-page">
      <div className="insights-head">
        <h1>{t('insights.title')}</h1>
        <Button icon="print" className="insights-print" onClick={() => window.print()} text={t('insights.print')} />
      </div>
      <p>{t('insights.lead')}</p>
      <div className="insights-grid">
        {can('insights.attendance') ? <AttendanceCard /> : null}
        {can('insights.fees') ? <FeesCard /> : null}
        {can('insights.results') ? <ResultsCard /> : null}
        {can('insights.strength') ? <StrengthCard /> : null}
      </div>
    </div>
  );
}
