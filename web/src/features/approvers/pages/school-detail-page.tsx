import { Alert, Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { APPROVAL_MESSAGES, approvalStatusOf, formatAddress, formatDateIST, formatDateTimeIST, ONBOARDING_TEXT, UI_MESSAGES } from '@vidyalaya/shared';
import { type AdminSchoolClass, type SchoolDecision } from '@vidyalaya/shared/admin';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast, toastError } from '../../../lib/toast';
import { useAdminSchoolQuery, useApproveSchoolMutation, useRejectSchoolMutation } from '../api/staff-api';
import { RejectDialog } from '../components/reject-dialog';
import { PLAN_NAMES } from '../../../lib/plans';
import { levelLabel, StatusTag, WaitingTag } from '../components/status-tag';
import { STAFF_TEXT } from '../messages';

const S = STAFF_TEXT;
const F = S.fields;

/** One school in full, its decision history, and — while it waits — Approve and Reject. */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '';
  const { data, error, refetch } = useAdminSchoolQuery(id);
  const [approve, approving] = useApproveSchoolMutation();
  const [reject] = useRejectSchoolMutation();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const backLink = (
    <Link to={`/staff/schools${back}`} className="bp6-button bp6-minimal">
      ← {S.backToList}
    </Link>
  );
  if (error) {
    return (
      <>
        {backLink}
        <Callout intent="danger" role="alert" title={S.loadSchoolFailed}>
          <p>{(error as { message?: string }).message}</p>
          <Button text={S.retry} onClick={() => void refetch()} />
        </Callout>
      </>
    );
  }
  if (!data) return <Spinner aria-label={S.loading} />;
  const { school, decisions } = data;
  const classes = data.classes ?? [];
  const pending = approvalStatusOf(school) === 'pending';

  const onApprove = async () => {
    const res = await approve(school.id);
    setConfirming(false);
    if ('error' in res) toastError(S.decisionFailed, (res.error as { message?: string }).message);
    else toast({ title: S.approvedToast(school.name) });
  };
  const onReject = async (reason: string): Promise<string | null> => {
    const res = await reject({ id: school.id, reason });
    if ('error' in res) return (res.error as { message?: string }).message ?? S.decisionFailed;
    setRejecting(false);
    toast({ title: S.rejectedToast(school.name) });
    return null;
  };

  return (
    <article aria-labelledby="staff-school-title">
      {backLink}
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <h1 id="staff-school-title" style={{ margin: '12px 0' }}>
          {school.name}
        </h1>
        <StatusTag school={school} />
        <WaitingTag school={school} />
        {pending ? (
          <div style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>
            <Button intent="success" icon="tick" text={S.approve} onClick={() => setConfirming(true)} />
            <Button intent="danger" icon="cross" text={S.reject} onClick={() => setRejecting(true)} />
          </div>
        ) : null}
      </header>
      {school.metaData.rejectionReason && approvalStatusOf(school) === 'rejected' ? (
        <Callout intent="danger" title={F.rejectionReason}>
          {school.metaData.rejectionReason}
        </Callout>
      ) : null}

      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', marginTop: 16 }}>
        <Section title={S.sections.details}>
          <Facts
            rows={[
              [F.subdomain, school.subdomain],
              [F.level, levelLabel(school.level)],
              [F.board, school.board],
              [F.schoolCode, school.schoolCode],
              [F.principal, school.principalName],
              [F.established, school.establishedYear],
              [F.language, school.language],
              [F.plan, school.planType ? PLAN_NAMES[school.planType] ?? school.planType : null],
              [F.students, school.maxStudents],
              [S.columns.submitted, formatDateIST(school.createdAt)],
            ]}
          />
        </Section>
        <Section title={S.sections.address}>
          <p>{formatAddress(school.address)}</p>
        </Section>
        <Section title={S.sections.contact}>
          <Facts rows={[[F.email, school.email], [F.phones, school.phoneNumbers.join(', ')]]} />
        </Section>
        <Section title={S.sections.administrator}>
          <Facts rows={[[F.username, school.owner.username], [F.email, school.owner.email]]} />
        </Section>
      </div>

      <Section title={ONBOARDING_TEXT.staff.classes}>
        <SchoolClasses classes={classes} />
      </Section>

      <Section title={S.sections.history}>
        <History decisions={decisions} />
      </Section>

      <Alert
        isOpen={confirming}
        intent="success"
        icon="tick"
        confirmButtonText={S.approve}
        cancelButtonText={UI_MESSAGES.setupSubjects.cancel}
        loading={approving.isLoading}
        onConfirm={() => void onApprove()}
        onCancel={() => setConfirming(false)}
      >
        <p>{S.approveConfirm(school.name)}</p>
      </Alert>
      <RejectDialog schoolName={school.name} isOpen={rejecting} onClose={() => setRejecting(false)} onReject={onReject} />
    </article>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Card style={{ marginTop: 16 }}>
      <h2 style={{ marginTop: 0, fontSize: 18 }}>{props.title}</h2>
      {props.children}
    </Card>
  );
}

function Facts(props: { rows: Array<[string, string | number | null | undefined]> }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
      {props.rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className="bp6-text-muted">{label}</dt>
          <dd style={{ margin: 0 }}>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SchoolClasses({ classes }: { classes: AdminSchoolClass[] }) {
  if (classes.length === 0) return <p>{ONBOARDING_TEXT.staff.noClasses}</p>;
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }} aria-label={ONBOARDING_TEXT.staff.classes}>
      {classes.map((c) => (
        <div key={`${c.academicYear}:${c.name}`} style={{ display: 'contents' }}>
          <dt>
            {c.name} <span className="bp6-text-muted">{c.academicYear}</span>
          </dt>
          <dd style={{ margin: 0 }}>{ONBOARDING_TEXT.staff.classRow(c.sections, c.subjects)}</dd>
        </div>
      ))}
    </dl>
  );
}

function History(props: { decisions: SchoolDecision[] }) {
  if (props.decisions.length === 0) return <p>{S.noDecisions}</p>;
  return (
    <ol aria-label={S.sections.history} style={{ paddingLeft: 20 }}>
      {props.decisions.map((d) => (
        <li key={d.id} style={{ marginBottom: 8 }}>
          <strong>{d.decision === 'approved' ? APPROVAL_MESSAGES.approved : d.decision === 'rejected' ? APPROVAL_MESSAGES.rejected : 'Student limit'}</strong>{' '}
          {S.decidedBy(d.decidedBy.username, formatDateTimeIST(d.decidedAt))}
          {d.reason ? <div>{d.reason}</div> : null}
        </li>
      ))}
    </ol>
  );
}

