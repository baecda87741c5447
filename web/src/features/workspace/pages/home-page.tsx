import { Callout, Card, Icon, Spinner, Tag, type IconName } from '@blueprintjs/core';
import { timetableDayOf, trialDaysLeft, type Language } from '@vidyalaya/shared';
import { useLingui } from '@lingui/react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useWorkspaceSlots } from '../../../lib/workspace/slots';
import { useMyTimetableQuery } from '../api/workspace-api';
import { EmptyState } from '../components/empty-state';
import { useSchool } from '../components/workspace-context';
import { useT, type MessageId } from '../i18n';
import { navFor } from '../nav';

function Stat(props: { label: string; value: string; icon: IconName }) {
  return (
    <Card className="ws-stat">
      <Icon icon={props.icon} aria-hidden />
      <div>
        <p className="ws-stat-value">{props.value}</p>
        <p className="ws-stat-label">{props.label}</p>
      </div>
    </Card>
  );
}

/** Before approval: where the school stands, and what to do about it. */
function ApprovalStatus() {
  const t = useT();
  const { home } = useSchool();
  const status = home.school.approvalStatus;
  const key = status === 'rejected' ? 'rejected' : status === 'approved' ? 'inactive' : 'pending';
  return (
    <section className="ws-home">
      <h1>{t('home.setupTitle')}</h1>
      <Callout intent={key === 'rejected' ? 'danger' : 'warning'} icon={key === 'rejected' ? 'error' : 'time'} className="ws-callout" role="status">
        <h2 className="ws-callout-title">{t(`approval.${key}.title` as MessageId)}</h2>
        <p>{t(`approval.${key}.text` as MessageId)}</p>
      </Callout>
      {home.role === 'admin' ? <p className="ws-muted">{t('approval.adminNext')}</p> : null}
    </section>
  );
}

function AdminHome() {
  const t = useT();
  const { i18n } = useLingui();
  const lang = (i18n.locale || 'en') as Language;
  const { home, schoolId } = useSchool();
  const { counts, school, academicYear } = home;
  const daysLeft = school.planType === 'free_trial' && school.trialEndsAt ? trialDaysLeft(school.trialEndsAt) : null;
  return (
    <section className="ws-home">
      <h1>{t('home.todayTitle')}</h1>
      <div className="ws-stats">
        <Stat icon="people" label={t('home.students')} value={formatNumber(counts.students, lang)} />
        <Stat icon="id-number" label={t('home.members')} value={formatNumber(counts.members, lang)} />
        <Stat icon="diagram-tree" label={t('home.classes')} value={formatNumber(counts.classes, lang)} />
        <Stat icon="grid-view" label={t('home.sections')} value={formatNumber(counts.sections, lang)} />
      </div>
      <p>
        <Link className="bp6-button bp6-intent-primary ws-touch" to={`/workspace/${schoolId}/attendance`}>
          {t('home.attendanceToday')}
        </Link>
      </p>
      <Card className="ws-card">
        <h2>{t('home.planTitle')}</h2>
        <dl className="ws-facts">
          <div>
            <dt>{t('home.academicYear')}</dt>
            <dd>{academicYear ? `${academicYear.name} (${formatDate(academicYear.startsOn)} – ${formatDate(academicYear.endsOn)})` : t('home.noAcademicYear')}</dd>
          </div>
          <div>
            <dt>{t('home.plan')}</dt>
            <dd>{school.planType ? t(`plan.${school.planType}` as MessageId) : t('plan.none')}</dd>
          </div>
          {daysLeft !== null ? (
            <div>
              <dt>{t('home.trial')}</dt>
              <dd>
                {t('home.trialDaysLeft', { count: daysLeft })} · {t('home.trialEnds', { date: formatDate(school.trialEndsAt) })}
              </dd>
            </div>
          ) : null}
          {school.maxStudents !== null ? (
            <div>
              <dt>{t('home.studentLimit')}</dt>
              <dd>{t('home.studentsOfLimit', { count: formatNumber(counts.students, lang), limit: formatNumber(school.maxStudents, lang) })}</dd>
            </div>
          ) : null}
        </dl>
      </Card>
    </section>
  );
}

/**
 * A teacher's day: their lessons today from their own week (GET …/my-timetable, through the staff
 * record linked to their account) and the periods they substitute or are covered for.
 */
function TeacherHome() {
  const t = useT();
  const { schoolId } = useSchool();
  const mine = useMyTimetableQuery({ schoolId });
  const data = mine.data;
  const day = data ? timetableDayOf(data.date) : null;
  const today = data && day !== null ? data.slots.filter((s) => s.day === day) : [];
  const covering = data ? data.substitutions.filter((s) => s.substituteStaffId === data.staff?.id) : [];
  const covered = data ? data.substitutions.filter((s) => s.absentStaffId === data.staff?.id) : [];
  if (mine.isLoading) return <Spinner size={24} aria-label={t('common.loading')} />;
  if (!data?.staff || (today.length === 0 && covering.length === 0 && covered.length === 0 && data.slots.length === 0)) {
    return (
      <section className="ws-home">
        <h1>{t('home.mySectionsToday')}</h1>
        <p>
          <Link className="bp6-button bp6-intent-primary ws-touch" to={`/workspace/${schoolId}/attendance`}>
            {t('home.attendanceToday')}
          </Link>
        </p>
        <EmptyState headingLevel={2} icon="timeline-events" title={t('home.noSections.title')} description={t('home.noSections.text')} />
      </section>
    );
  }
  return (
    <section className="ws-home">
      <h1>{t('home.mySectionsToday')}</h1>
      <p>
        <Link className="bp6-button bp6-intent-primary ws-touch" to={`/workspace/${schoolId}/attendance`}>
          {t('home.attendanceToday')}
        </Link>
      </p>
      <Card className="ws-card">
        <h2>{formatDate(data.date)}</h2>
        {today.length === 0 && covering.length === 0 ? <p className="ws-muted">{t('home.noLessonsToday')}</p> : null}
        <ul className="ws-pending-list" aria-label={t('home.mySectionsToday')}>
          {today.map((s) => {
            const away = covered.find((c) => c.period === s.period);
            return (
              <li key={`l${s.period}`} className="ws-pending-item">
                <span>
                  <strong>{t('home.periodN', { n: s.period })}</strong> · {s.className} {s.sectionName} · {s.subjectName}
                </span>
                {away ? <Tag minimal intent="warning">{t('home.coveredBy', { name: away.substituteStaffName })}</Tag> : null}
              </li>
            );
          })}
          {covering.map((s) => (
            <li key={`s${s.id}`} className="ws-pending-item">
              <span>
                <strong>{t('home.periodN', { n: s.period })}</strong> · {s.className} {s.sectionName} · {s.subjectName}
              </span>
              <Tag minimal intent="primary">{t('home.substituting', { name: s.absentStaffName })}</Tag>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

function GuardianHome() {
  const t = useT();
  const { schoolId } = useSchool();
  return (
    <section className="ws-home">
      <h1>{t('nav.myChildren')}</h1>
      <EmptyState
        headingLevel={2}
        icon="person"
        title={t('home.guardian.title')}
        description={t('home.guardian.text')}
        action={
          <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/my-children`}>
            {t('nav.myChildren')}
          </Link>
        }
      />
    </section>
  );
}

/** Office and accountant: their own sections of the workspace, one tap each. */
function StaffHome() {
  const t = useT();
  const { home, schoolId, approved } = useSchool();
  const items = navFor(home.role, approved, useWorkspaceSlots().nav).filter((i) => i.key !== 'home');
  return (
    <section className="ws-home">
      <h1>{t('home.welcome')}</h1>
      <p className="ws-muted">{t('home.staffIntro')}</p>
      <ul className="ws-quick">
        {items.map((i) => (
          <li key={i.key}>
            <Link className="ws-quick-link ws-touch" to={`/workspace/${schoolId}/${i.path}`}>
              <Icon icon={i.icon as IconName} aria-hidden /> {t(`nav.${i.key}` as MessageId)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RoleHome() {
  const { home } = useSchool();
  switch (home.role) {
    case 'admin':
      return <AdminHome />;
    case 'teacher':
      return <TeacherHome />;
    case 'guardian':
      return <GuardianHome />;
    default:
      return <StaffHome />;
  }
}

/**
 * The role-aware home page of a school's workspace: the role's own content, then the cards other
 * modules contribute for that role (lib/workspace/slots.tsx: notices, today's attendance…).
 */
export function Component() {
  const { home, approved, schoolId } = useSchool();
  const cards = useWorkspaceSlots().homeCards.filter((c) => c.roles.includes(home.role));
  if (!approved) return <ApprovalStatus />;
  return (
    <>
      <RoleHome />
      {cards.length > 0 ? (
        <div className="ws-home ws-home-cards">
          <Suspense fallback={null}>
            {cards.map(({ id, Card: SlotCard }) => (
              <SlotCard key={id} schoolId={schoolId} />
            ))}
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
