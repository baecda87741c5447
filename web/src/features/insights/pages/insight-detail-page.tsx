import { Button } from '@blueprintjs/core';
import { roleHas, type Permission } from '@vidyalaya/shared';
import { Link, Navigate, useParams } from 'react-router';
import { useSchool } from '../../../lib/workspace/school-context';
import { AttendanceCard, FeesCard, ResultsCard, StrengthCard } from '../components/cards';
import { useT } from '../i18n';
import '../components/insights.css';

const KINDS: Record<string, { permission: Permission; Card: (p: { detail?: boolean }) => React.ReactElement }> = {
  attendance: { permission: 'insights.attendance', Card: AttendanceCard },
  fees: { permission: 'insights.fees', Card: FeesCard },
  results: { permission: 'insights.results', Card: ResultsCard },
  strength: { permission: 'insights.strength', Card: StrengthCard },
};

/** One insight opened: its chart, its filters (kept in the address) and the list behind it. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const { kind = '' } = useParams();
  const entry = KINDS[kind];
  if (!entry || !roleHas(home.role, entry.permission)) return <Navigate to={`/workspace/${schoolId}/insights`} replace />;
  const { Card } = entry;
  return (
    <div className="insights-page">
      <div className="insights-head">
        <Link to={`/workspace/${schoolId}/insights`} className="insights-back">
          ← {t('insights.back')}
        </Link>
        <Button icon="print" className="insights-print" onClick={() => window.print()} text={t('insights.print')} />
      </div>
      <Card detail />
    </div>
  );
}
