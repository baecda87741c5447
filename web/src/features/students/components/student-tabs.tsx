import { roleHas } from '@vidyalaya/shared';
import { NavLink } from 'react-router';
import { useSchool } from '../../../lib/workspace/school-context';
import { useT } from '../i18n';

/** The students section's own pages: the register, the applications queue, the import, the admission number pattern. */
export function StudentTabs() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const base = `/workspace/${schoolId}/students`;
  const cls = ({ isActive }: { isActive: boolean }) => `st-tab${isActive ? ' st-tab--active' : ''}`;
  return (
    <nav className="st-tabs" aria-label={t('students.sections')}>
      <NavLink end to={base} className={cls}>
        {t('students.tab.register')}
      </NavLink>
      {roleHas(home.role, 'admissions.manage') ? (
        <NavLink to={`${base}/applications`} className={cls}>
          {t('students.tab.applications')}
        </NavLink>
      ) : null}
      {roleHas(home.role, 'students.import') ? (
        <NavLink to={`${base}/import`} className={cls}>
          {t('students.tab.import')}
        </NavLink>
      ) : null}
      {roleHas(home.role, 'students.write') ? (
        <NavLink to={`${base}/numbering`} className={cls}>
          {t('students.tab.numbering')}
        </NavLink>
      ) : null}
    </nav>
  );
}
