import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { useSchool } from '../components/workspace-context';
import { useT, type MessageId } from '../i18n';
import { useWorkspaceSlots } from '../../../lib/workspace/slots';
import { sectionFor } from '../nav';

/**
 * A module that is still to come (Students, Staff, Timetable, Attendance, Exams, Fees, Notices, My
 * children): its page says what it will hold and what to do meanwhile. A section the role may not
 * open is not there at all: back to the home page.
 */
export function Component() {
  const t = useT();
  const { section = '' } = useParams();
  const { home, approved, schoolId } = useSchool();
  const item = sectionFor(home.role, approved, section, useWorkspaceSlots().nav);
  const key = item?.key ?? 'home';
  if (!item || !item.comingSoon) return <Navigate to={`/workspace/${schoolId}`} replace />;
  return (
    <EmptyState
      icon={item.icon as never}
      title={t(`nav.${key}` as MessageId)}
      description={t(`empty.${key}` as MessageId)}
      action={<p className="ws-empty-next">{t(`empty.${key}.next` as MessageId)}</p>}
    />
  );
}
