import { Button, Callout, Card, Icon, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import {
  approvalBadgeLabel,
  type ApprovalStatus,
  approvalStatusOf,
  formatAddress,
  formatLevel,
  nextSetupStep,
  setupCompleteMessage,
  setupPercentage,
  setupStepHref,
  trialDaysLeft,
  UI_MESSAGES,
} from '@vidyalaya/shared';
import { useNavigate } from 'react-router';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { getPlatform } from '../../../lib/platform/platform';
import { portalUrl } from '../../../lib/portal-host';
import type { SchoolOverview } from '../hooks/use-school-overview';
import { PlanCard } from './plan-card';
import { SubjectsTaught } from './subjects-taught';
import { DASHBOARD_TEXT } from '../messages';

const T = DASHBOARD_TEXT.dashboard;
const capitalise = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const BADGE_INTENT: Record<ApprovalStatus, Intent> = { approved: 'success', pending: 'warning', rejected: 'danger' };
const BADGE_ICON = { approved: 'endorsed', pending: 'time', rejected: 'disable' } as const;

/** Spec §2 /dashboard school overview. */
export function SchoolOverviewView({ overview, username }: { overview: SchoolOverview; username: string }) {
  const navigate = useNavigate();
  const appDomain = useAppDomain();
  const { school, classes, totalSections, totalSubjects, setupProgress, academicYear } = overview;
  const status = approvalStatusOf(school);
  const percent = setupPercentage(setupProgress);
  const next = nextSetupStep({ classes, totalSections, totalSubjects });
  // Spec §2: only an active school with a subdomain has a portal to visit.
  const hasPortal = school.isActive === true && !!school.subdomain;
  const daysLeft = status === 'approved' && school.trialEndsAt ? trialDaysLeft(school.trialEndsAt) : null;

  async function visitPortal() {
    const platform = getPlatform();
    await platform.openExternal(portalUrl(school.subdomain, await platform.appDomain()));
  }

  const info: [string, string | null | undefined][] = [
    ['Level', capitalise(formatLevel(school.level))],
    ['Board', school.board],
    ['Principal', school.principalName],
    ['Email', school.email],
    ['Phone', school.phoneNumbers?.[0]],
    ['Established', school.establishedYear ? String(school.establishedYear) : null],
    ['Address', formatAddress(school.address)],
    ['Portal address', school.subdomain && appDomain ? `${school.subdomain}.${appDomain}` : school.subdomain],
  ];

  return (
    <div className="app-page dash">
      <header className="dash-header">
        <div className="dash-heading">
          <p className="dash-greeting">{T.greeting(username)}</p>
          <h1 className="dash-title">{school.name}</h1>
          <div className="dash-badges">
            <Tag size="large" round intent={BADGE_INTENT[status]} icon={BADGE_ICON[status]} className="dash-badge">
              {approvalBadgeLabel(status)}
            </Tag>
            {daysLeft !== null ? (
              <Tag size="large" round minimal intent="primary" icon="calendar">
                {daysLeft > 0 ? T.trialDaysLeft(daysLeft) : T.trialEnded}
              </Tag>
            ) : null}
          </div>
        </div>
        {hasPortal ? (
          <div className="dash-header-actions">
            {/* Issue 13: once approved, the school is run from its workspace. */}
            {status === 'approved' ? (
              <Button intent="primary" size="large" icon="office" text="Open the workspace" onClick={() => navigate(`/workspace/${encodeURIComponent(school.id)}`)} />
            ) : null}
            <Button intent={status === 'approved' ? 'none' : 'primary'} size="large" endIcon="share" text={UI_MESSAGES.dashboard.visitPortal} onClick={() => void visitPortal()} />
          </div>
        ) : null}
      </header>

      {status === 'rejected' ? (
        <Callout intent="danger" icon="disable" className="dash-rejected">
          <p className="dash-callout-title">{approvalBadgeLabel('rejected')}</p>
          {school.metaData?.rejectionReason ? <p>{T.rejectedReason(school.metaData.rejectionReason)}</p> : null}
          <Button
            intent="danger"
            icon="edit"
            text={T.editAndResubmit}
            onClick={() => navigate(`/setup/school?schoolId=${encodeURIComponent(school.id)}`)}
          />
        </Callout>
      ) : null}

      <div className="dash-grid">
        <Card className="dash-card dash-progress" elevation={1} role="region" aria-labelledby="dash-progress-title">
          <h2 id="dash-progress-title">{T.setupProgress}</h2>
          <div className="dash-progress-row">
            <ProgressBar
              value={percent / 100}
              intent={percent === 100 ? 'success' : 'primary'}
              stripes={false}
              animate={false}
              aria-label={T.setupProgress}
              aria-valuetext={T.percentComplete(percent)}
            />
            <span className="dash-percent">{T.percentComplete(percent)}</span>
          </div>
          <ul className="dash-steps">
            {[
              ['School created', setupProgress.schoolCreated],
              ['Classes added', setupProgress.classesAdded],
              ['Sections added', setupProgress.sectionsAdded],
              ['Subjects added', setupProgress.subjectsAdded],
            ].map(([label, done]) => (
              <li key={String(label)} className={done ? 'dash-step--done' : undefined}>
                <Icon icon={done ? 'tick-circle' : 'circle'} aria-hidden />
                <span>{label}</span>
                <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>
              </li>
            ))}
          </ul>
          {next ? (
            <div className="dash-next">
              <p>{T.nextStep(next.label)}</p>
              <Button intent="primary" size="large" className="dash-continue" endIcon="arrow-right" text={UI_MESSAGES.dashboard.continueSetup} onClick={() => navigate(setupStepHref(next, school.id))} />
            </div>
          ) : (
            <Callout intent={status === 'rejected' ? 'danger' : status === 'approved' ? 'success' : 'primary'} icon="clipboard" className="dash-complete">
              {setupCompleteMessage(status)}
            </Callout>
          )}
        </Card>

        <Card className="dash-card" elevation={1} role="region" aria-labelledby="dash-info-title">
          <h2 id="dash-info-title">{T.schoolInformation}</h2>
          <dl className="dash-info">
            {info
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="dash-info-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </Card>

        <Card className="dash-card" elevation={1} role="region" aria-labelledby="dash-classes-title">
          <h2 id="dash-classes-title">{T.classesOverview}</h2>
          <div className="dash-stats">
            <div>
              <span className="dash-stat-value">{classes.length}</span>
              <span className="dash-stat-label">Classes</span>
            </div>
            <div>
              <span className="dash-stat-value">{totalSections}</span>
              <span className="dash-stat-label">Sections</span>
            </div>
            <div>
              <span className="dash-stat-value">{totalSubjects}</span>
              <span className="dash-stat-label">Subjects</span>
            </div>
          </div>
          {classes.length === 0 ? (
            <p className="dash-muted">{T.noClassesYet}</p>
          ) : (
            <ul className="dash-classes">
              {classes.map((c) => (
                <li key={c.id}>
                  <span className="dash-class-name">{c.name}</span>
                  <span className="dash-muted">
                    {count(c.sections?.length ?? 0, 'section')} · {count(c.subjects?.length ?? 0, 'subject')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {totalSubjects > 0 ? <SubjectsTaught schoolId={school.id} academicYear={academicYear} /> : null}
        </Card>

        <PlanCard school={school} />
      </div>
    </div>
  );
}
