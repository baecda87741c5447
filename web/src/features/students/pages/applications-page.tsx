import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { APPLICATION_STATUSES, type Application, type ApplicationStatus } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { asApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { useAdmitApplicationMutation, useApplicationsQuery, useRejectApplicationMutation, useReviewApplicationMutation, useSectionsQuery } from '../api/students-api';
import { StudentTabs } from '../components/student-tabs';
import { translateMessage, useT, type MessageId } from '../i18n';
import '../components/students.css';

const INTENT: Record<ApplicationStatus, 'none' | 'primary' | 'success' | 'danger'> = { new: 'primary', under_review: 'none', admitted: 'success', rejected: 'danger' };

/** Admit into a section (creates the student; the trial limit applies). */
function AdmitDialog(props: { schoolId: string; application: Application; onClose: () => void }) {
  const t = useT();
  const sections = useSectionsQuery(props.schoolId);
  const [admit, admitting] = useAdmitApplicationMutation();
  const inClass = (sections.data?.items ?? []).filter((s) => s.className === props.application.classApplied);
  const all = sections.data?.items ?? [];
  const [sectionId, setSectionId] = useState('');
  const [admissionNumber, setAdmissionNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = inClass.length ? inClass : all;
  async function submit() {
    setError(null);
    const chosen = sectionId || options[0]?.sectionId;
    if (!chosen) return setError(t('students.validation.sectionRequired'));
    try {
      const r = await admit({ schoolId: props.schoolId, applicationId: props.application.id, body: { sectionId: chosen, ...(admissionNumber.trim() ? { admissionNumber: admissionNumber.trim() } : {}) } }).unwrap();
      toast({ title: t('students.apps.admitted', { name: r.student.name, number: r.student.admissionNumber }) });
      props.onClose();
    } catch (e) {
      const err = asApiError(e);
      setError(err.code === 'STUDENT_LIMIT_REACHED' ? t('students.limitReached') : translateMessage(t, Object.values(err.details ?? {})[0] ?? err.message));
    }
  }
  return (
    <Dialog isOpen onClose={props.onClose} title={t('students.apps.admitTitle', { name: props.application.name })} className="st-dialog">
      <DialogBody>
        <div className="st-dialog-body">
          <p>{t('students.apps.classApplied', { className: props.application.classApplied })}</p>
          <label>
            {t('students.field.section')}
            <HTMLSelect value={sectionId || options[0]?.sectionId || ''} onChange={(e) => setSectionId(e.target.value)} fill large>
              {options.map((s) => (
                <option key={s.sectionId} value={s.sectionId}>
                  {s.className} – {s.sectionName}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <label>
            {t('students.field.admissionNumber')} {t('students.optional')}
            <InputGroup value={admissionNumber} onChange={(e) => setAdmissionNumber(e.target.value)} maxLength={30} size="large" placeholder={t('students.form.admissionNumberHelp')} />
          </label>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button className="st-touch" text={t('students.cancel')} onClick={props.onClose} />
            <Button className="st-touch" intent="success" text={t('students.apps.admit')} loading={admitting.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/** Reject with a reason (the guardian is e-mailed it). */
function RejectDialog(props: { schoolId: string; application: Application; onClose: () => void }) {
  const t = useT();
  const [reject, rejecting] = useRejectApplicationMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setError(null);
    if (!reason.trim()) return setError(t('students.validation.reasonRequired'));
    try {
      await reject({ schoolId: props.schoolId, applicationId: props.application.id, reason: reason.trim() }).unwrap();
      toast({ title: t('students.apps.rejected', { name: props.application.name }) });
      props.onClose();
    } catch (e) {
      setError(translateMessage(t, asApiError(e).message));
    }
  }
  return (
    <Dialog isOpen onClose={props.onClose} title={t('students.apps.rejectTitle', { name: props.application.name })} className="st-dialog">
      <DialogBody>
        <div className="st-dialog-body">
          <label>
            {t('students.apps.reason')}
            <TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} fill />
          </label>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button className="st-touch" text={t('students.cancel')} onClick={props.onClose} />
            <Button className="st-touch" intent="danger" text={t('students.apps.reject')} loading={rejecting.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/** The admissions queue (issue 14 item 4): new, under review, admitted, rejected; RTE applications flagged. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? 'all') as ApplicationStatus | 'all';
  const [page, setPage] = useState(1);
  const list = useApplicationsQuery({ schoolId, status, page, pageSize: 50 }, { skip: !roleHas(home.role, 'admissions.manage') });
  const [review] = useReviewApplicationMutation();
  const [admitting, setAdmitting] = useState<Application | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  if (!roleHas(home.role, 'admissions.manage')) return <Navigate to={`/workspace/${schoolId}/students`} replace />;

  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <section className="st-page">
      <div className="st-head">
        <h1>{t('students.apps.title')}</h1>
      </div>
      <StudentTabs />
      <label className="st-filters" style={{ gridTemplateColumns: 'minmax(160px, 280px)' }}>
        <span>
          {t('students.filter.status')}
          <HTMLSelect
            value={status}
            onChange={(e) => {
              setPage(1);
              setParams(e.target.value === 'all' ? {} : { status: e.target.value }, { replace: true });
            }}
            fill
          >
            <option value="all">{t('students.status.all')}</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`students.apps.status.${s}` as MessageId)}
              </option>
            ))}
          </HTMLSelect>
        </span>
      </label>
      {list.isLoading ? (
        <Spinner size={24} aria-label={t('students.loading')} />
      ) : items.length === 0 ? (
        <EmptyState headingLevel={2} icon="inbox" title={t('students.apps.empty')} description={t('students.apps.emptyText')} />
      ) : (
        <ul className="st-app-list">
          {items.map((a) => (
            <li key={a.id} className="st-app" data-application={a.applicationNumber}>
              <div className="st-app-main">
                <h2>
                  {a.name}{' '}
                  <Tag minimal intent={INTENT[a.status]}>
                    {t(`students.apps.status.${a.status}` as MessageId)}
                  </Tag>{' '}
                  {a.rte ? (
                    <Tag intent="warning" icon="flag">
                      {t('students.apps.rte')}
                    </Tag>
                  ) : null}
                </h2>
                <span className="st-sub">
                  {a.applicationNumber} · {a.classApplied} · {t('students.field.dateOfBirth')} {formatDate(a.dateOfBirth)} · {t(`students.gender.${a.gender}` as MessageId)}
                </span>
                <span className="st-sub">
                  {a.guardian.name} ({t(`students.relation.${a.guardian.relation}` as MessageId)}) · <a href={`tel:+91${a.guardian.phone}`}>{a.guardian.phone}</a> · {a.guardian.email}
                </span>
                <span className="st-sub">{t('students.apps.received', { date: formatDate(a.createdAt), consent: formatDate(a.consent.at) })}</span>
                {a.rejectionReason ? <span className="st-sub">{t('students.apps.reasonWas', { reason: a.rejectionReason })}</span> : null}
              </div>
              <div className="st-actions">
                {a.status === 'new' ? (
                  <Button className="st-touch" text={t('students.apps.review')} onClick={() => void review({ schoolId, applicationId: a.id })} />
                ) : null}
                {a.status === 'new' || a.status === 'under_review' ? (
                  <>
                    <Button className="st-touch" intent="success" icon="tick" text={t('students.apps.admit')} onClick={() => setAdmitting(a)} />
                    <Button className="st-touch" intent="danger" variant="outlined" icon="cross" text={t('students.apps.reject')} onClick={() => setRejecting(a)} />
                  </>
                ) : null}
                {a.studentId ? (
                  <Link className="bp6-button st-touch" to={`/workspace/${schoolId}/students/${a.studentId}`}>
                    {t('students.apps.openStudent')}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="st-pager" aria-label={t('students.pages')}>
          <span>{t('students.pageOf', { page, pages })}</span>
          <span className="st-pager-buttons">
            <Button className="st-touch" icon="chevron-left" text={t('students.previous')} disabled={page <= 1} onClick={() => setPage(page - 1)} />
            <Button className="st-touch" rightIcon="chevron-right" text={t('students.next')} disabled={page >= pages} onClick={() => setPage(page + 1)} />
          </span>
        </nav>
      ) : null}
      {admitting ? <AdmitDialog schoolId={schoolId} application={admitting} onClose={() => setAdmitting(null)} /> : null}
      {rejecting ? <RejectDialog schoolId={schoolId} application={rejecting} onClose={() => setRejecting(null)} /> : null}
    </section>
  );
}
