import { Alert, Button, Callout, HTMLTable, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type Student } from '@vidyalaya/shared/students';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { asApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { useWorkspaceSlots } from '../../../lib/workspace/slots';
import { useEnrolmentsQuery, useRevealAadhaarMutation, useStudentQuery, useUpdateStudentMutation } from '../api/students-api';
import { LeaveDialog } from '../components/leave-dialog';
import { ReadmitDialog } from '../components/readmit-dialog';
import { StudentPhoto } from '../components/student-photo';
import { useT, type MessageId, type Translate } from '../i18n';
import '../components/students.css';
import { useLocalName } from '../../../lib/i18n/local-name';

/**
 * The profile's own tabs. Other modules (attendance, marks, fees) add theirs after these through
 * their slots (lib/workspace/slots.tsx), shown when the caller's role has the slot's permission.
 */
type ProfileTab = { id: string; title: MessageId; panel: (p: { schoolId: string; student: Student }) => ReactNode };
const TABS: ProfileTab[] = [
  { id: 'details', title: 'students.profile.details', panel: (p) => <Details {...p} /> },
  { id: 'guardians', title: 'students.profile.guardians', panel: (p) => <Guardians student={p.student} /> },
  { id: 'enrolments', title: 'students.profile.enrolments', panel: (p) => <Enrolments {...p} /> },
];

const yesNo = (t: Translate, v: boolean) => (v ? t('students.yes') : t('students.no'));

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children === null || props.children === '' || props.children === undefined ? '—' : props.children}</dd>
    </div>
  );
}

/** Aadhaar: always masked; an admin may reveal it (the server writes the reveal to the audit log). */
function Aadhaar(props: { schoolId: string; student: Student }) {
  const t = useT();
  const { home } = useSchool();
  const [reveal, revealing] = useRevealAadhaarMutation();
  const [shown, setShown] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  if (!props.student.aadhaarMasked) return <>—</>;
  async function doReveal() {
    setConfirm(false);
    try {
      const r = await reveal({ schoolId: props.schoolId, studentId: props.student.id }).unwrap();
      setShown(r.aadhaar.replace(/(\d{4})(?=\d)/g, '$1 '));
    } catch {
      toastError(t('students.aadhaar.revealFailed'));
    }
  }
  return (
    <span>
      <span className="st-mono">{shown ?? props.student.aadhaarMasked}</span>{' '}
      {roleHas(home.role, 'students.revealAadhaar') ? (
        shown ? (
          <Button className="st-touch" variant="minimal" icon="eye-off" text={t('students.aadhaar.hide')} onClick={() => setShown(null)} />
        ) : (
          <Button className="st-touch" variant="minimal" icon="eye-open" text={t('students.aadhaar.reveal')} loading={revealing.isLoading} onClick={() => setConfirm(true)} />
        )
      ) : null}
      <Alert isOpen={confirm} icon="eye-open" confirmButtonText={t('students.aadhaar.reveal')} cancelButtonText={t('students.cancel')} onCancel={() => setConfirm(false)} onConfirm={() => void doReveal()}>
        <p>{t('students.aadhaar.revealConfirm')}</p>
      </Alert>
    </span>
  );
}

function Details({ schoolId, student: s }: { schoolId: string; student: Student }) {
  const t = useT();
  const address = [s.address.address1, s.address.locality, s.address.city, s.address.state, s.address.pinCode].filter(Boolean).join(', ');
  return (
    <dl className="st-facts">
      <Fact label={t('students.field.admissionNumber')}>{s.admissionNumber}</Fact>
      <Fact label={t('students.field.dateOfBirth')}>{formatDate(s.dateOfBirth)}</Fact>
      <Fact label={t('students.field.gender')}>{t(`students.gender.${s.gender}` as MessageId)}</Fact>
      <Fact label={t('students.field.admissionDate')}>{formatDate(s.admissionDate)}</Fact>
      <Fact label={t('students.field.aadhaar')}>
        <Aadhaar schoolId={schoolId} student={s} />
      </Fact>
      <Fact label={t('students.field.pen')}>{s.pen}</Fact>
      <Fact label={t('students.field.apaarId')}>{s.apaarId}</Fact>
      <Fact label={t('students.field.motherTongue')}>{s.motherTongue}</Fact>
      <Fact label={t('students.field.socialCategory')}>{s.socialCategory ? t(`students.category.${s.socialCategory}` as MessageId) : null}</Fact>
      <Fact label={t('students.field.religion')}>{s.religion}</Fact>
      <Fact label={t('students.field.bloodGroup')}>{s.bloodGroup}</Fact>
      <Fact label={t('students.field.cwsn')}>{yesNo(t, s.cwsn)}</Fact>
      <Fact label={t('students.field.rte')}>{yesNo(t, s.rte)}</Fact>
      <Fact label={t('students.field.bpl')}>{yesNo(t, s.bpl)}</Fact>
      <Fact label={t('students.field.address')}>{address}</Fact>
      {s.status === 'left' ? (
        <>
          <Fact label={t('students.field.leftOn')}>{formatDate(s.leftOn)}</Fact>
          <Fact label={t('students.field.leavingReason')}>{s.leavingReason}</Fact>
        </>
      ) : null}
    </dl>
  );
}

function Guardians({ student }: { student: Student }) {
  const t = useT();
  if (student.guardians.length === 0) return <p className="ws-muted">{t('students.profile.noGuardians')}</p>;
  return (
    <ul className="st-guardians">
      {student.guardians.map((g) => (
        <li key={g.id} className="st-guardian">
          <strong>{g.name}</strong> · {t(`students.relation.${g.relation}` as MessageId)}{' '}
          {g.isPrimary ? (
            <Tag minimal intent="primary">
              {t('students.profile.primary')}
            </Tag>
          ) : null}
          <span className="st-block">
            <a className="st-tel" href={`tel:+91${g.phone}`}>
              {g.phone}
            </a>
            {g.email ? (
              <>
                {' · '}
                <a className="st-tel" href={`mailto:${g.email}`}>
                  {g.email}
                </a>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Enrolments({ schoolId, student }: { schoolId: string; student: Student }) {
  const t = useT();
  const local = useLocalName();
  const history = useEnrolmentsQuery({ schoolId, studentId: student.id });
  if (history.isLoading) return <Spinner size={20} aria-label={t('students.loading')} />;
  const items = history.data?.items ?? [];
  if (items.length === 0) return <p className="ws-muted">{t('students.profile.noEnrolments')}</p>;
  return (
    <HTMLTable className="ws-table" aria-label={t('students.profile.enrolments')}>
      <thead>
        <tr>
          <th scope="col">{t('students.col.year')}</th>
          <th scope="col">{t('students.col.class')}</th>
          <th scope="col">{t('students.col.roll')}</th>
          <th scope="col">{t('students.col.since')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((e) => (
          <tr key={e.academicYear}>
            <td data-label={t('students.col.year')}>{e.academicYear}</td>
            <td data-label={t('students.col.class')}>
              {local(`${e.className} – ${e.sectionName}`)}
            </td>
            <td data-label={t('students.col.roll')}>{e.rollNumber ?? '—'}</td>
            <td data-label={t('students.col.since')}>{formatDate(e.enrolledAt)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** One student: photo, name, class, status and the actions; then the tabs. */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const { schoolId, home } = useSchool();
  const { studentId = '' } = useParams();
  const query = useStudentQuery({ schoolId, studentId });
  const [update, updating] = useUpdateStudentMutation();
  const [leaving, setLeaving] = useState(false);
  const [readmitting, setReadmitting] = useState(false);
  const [tab, setTab] = useState('details');
  const canEdit = roleHas(home.role, 'students.write');
  const slots = useWorkspaceSlots();
  const moreTabs = slots.studentTabs.filter((x) => roleHas(home.role, x.permission));
  const actions = slots.studentActions.filter((x) => roleHas(home.role, x.permission));

  if (query.isLoading) return <Spinner size={32} aria-label={t('students.loading')} />;
  if (!query.data) {
    const notFound = asApiError(query.error).status === 404;
    return (
      <EmptyState
        icon={notFound ? 'search' : 'error'}
        title={notFound ? t('students.profile.notFound') : t('students.loadFailed')}
        description={notFound ? t('students.profile.notFoundText') : t('students.tryAgain')}
        action={
          <Link className="bp6-button st-touch" to={`/workspace/${schoolId}/students`}>
            {t('students.backToRegister')}
          </Link>
        }
      />
    );
  }
  const s = query.data.student;

  async function reactivate() {
    try {
      await update({ schoolId, studentId: s.id, body: { status: 'active' } }).unwrap();
      toast({ title: t('students.reactivated', { name: s.name }) });
    } catch (e) {
      const err = asApiError(e);
      toastError(err.code === 'STUDENT_LIMIT_REACHED' ? t('students.limitReached') : t('students.tryAgain'));
    }
  }

  return (
    <section className="st-page">
      <Link className="st-tel" to={`/workspace/${schoolId}/students`}>
        ← {t('students.backToRegister')}
      </Link>
      <div className="st-profile-head">
        <StudentPhoto schoolId={schoolId} student={s} canEdit={canEdit} />
        <div className="st-profile-title">
          <h1>{s.name}</h1>
          <p className="ws-muted" style={{ margin: 0 }}>
            {t('students.field.admissionNumber')}: {s.admissionNumber}
            {s.enrolment ? ` · ${local(`${s.enrolment.className} – ${s.enrolment.sectionName}`)}` : ''}
            {s.enrolment?.rollNumber ? ` · ${t('students.col.roll')} ${s.enrolment.rollNumber}` : ''}
          </p>
          <p style={{ margin: '4px 0 0' }}>
            <Tag minimal intent={s.status === 'active' ? 'success' : 'warning'}>
              {t(`students.status.${s.status}` as MessageId)}
            </Tag>{' '}
            {s.rte ? (
              <Tag minimal intent="primary">
                {t('students.rte')}
              </Tag>
            ) : null}
          </p>
        </div>
        {canEdit ? (
          <div className="st-actions">
            <Link className="bp6-button bp6-intent-primary st-touch" to="edit">
              {t('students.edit')}
            </Link>
            {s.status === 'active' ? (
              <Button className="st-touch" intent="danger" icon="log-out" text={t('students.leave.action')} onClick={() => setLeaving(true)} />
            ) : (
              <>
                <Button className="st-touch" icon="undo" text={t('students.reactivate')} loading={updating.isLoading} onClick={() => void reactivate()} />
                <Button className="st-touch" intent="primary" icon="log-in" text={t('students.readmit.action')} onClick={() => setReadmitting(true)} />
              </>
            )}
          </div>
        ) : null}
        {actions.length > 0 ? (
          <div className="st-actions">
            <Suspense fallback={null}>
              {actions.map(({ id, Action }) => (
                <Action key={id} schoolId={schoolId} student={s} />
              ))}
            </Suspense>
          </div>
        ) : null}
      </div>
      {s.status === 'left' ? (
        <Callout intent="warning">{t('students.leftOnReason', { date: formatDate(s.leftOn), reason: s.leavingReason ?? '' })}</Callout>
      ) : null}
      <Tabs id="student-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly size="large">
        {TABS.map((x) => (
          <Tab key={x.id} id={x.id} title={t(x.title)} panel={<div className="st-card ws-card" style={{ background: '#fff' }}>{x.panel({ schoolId, student: s })}</div>} />
        ))}
        {moreTabs.map(({ id, Title, Panel }) => (
          <Tab
            key={id}
            id={id}
            title={
              <Suspense fallback={<span>…</span>}>
                <Title />
              </Suspense>
            }
            panel={
              <div className="st-card ws-card" style={{ background: '#fff' }}>
                <Suspense fallback={<Spinner size={24} aria-label={t('students.loading')} />}>
                  <Panel schoolId={schoolId} student={s} />
                </Suspense>
              </div>
            }
          />
        ))}
      </Tabs>
      {canEdit ? <LeaveDialog schoolId={schoolId} student={s} isOpen={leaving} onClose={() => setLeaving(false)} /> : null}
      {canEdit && s.status !== 'active' ? <ReadmitDialog schoolId={schoolId} student={s} isOpen={readmitting} onClose={() => setReadmitting(false)} /> : null}
    </section>
  );
}
