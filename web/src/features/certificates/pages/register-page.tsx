import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { academicYearOptions, roleHas } from '@vidyalaya/shared';
import { CERTIFICATE_KINDS, type Certificate } from '@vidyalaya/shared/certificates';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { fetchFile, saveBlob } from '../../../lib/api/files';
import { formatDate } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { idCardsPath, registerXlsxPath, useCancelCertificateMutation, useCertificateSectionsQuery, useCertificatesQuery } from '../api/certificates-api';
import { LeaversPanel } from '../components/leavers-panel';
import { openCertificatePdf } from '../components/print';
import { PublishSetting } from '../components/publish-setting';
import { useT, type MessageId } from '../i18n';
import '../components/certificates.css';

/** Cancel with a reason: the number is kept, the public check then says cancelled. */
function CancelDialog(props: { schoolId: string; certificate: Certificate; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [cancel, cancelling] = useCancelCertificateMutation();
  const submit = async () => {
    try {
      await cancel({ schoolId: props.schoolId, certificateId: props.certificate.id, reason: reason.trim() }).unwrap();
      toast({ title: t('cert.register.cancelled', { number: props.certificate.number }), intent: 'success' });
      props.onClose();
    } catch {
      toastError(t('cert.error.generic'));
    }
  };
  return (
    <Dialog isOpen onClose={props.onClose} title={t('cert.register.cancelTitle', { number: props.certificate.number })} className="cert-dialog">
      <DialogBody>
        <FormGroup label={t('cert.register.cancelReason')} labelFor="cert-cancel-reason">
          <InputGroup id="cert-cancel-reason" large value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button className="cert-touch" text={t('cert.close')} onClick={props.onClose} />
            <Button className="cert-touch" intent="danger" text={t('cert.register.cancelConfirm')} disabled={!reason.trim()} loading={cancelling.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * The certificate register (DECISIONS "Certificates"): every certificate by kind and academic year,
 * printing (the first print the original, later ones DUPLICATE), cancellation with a reason, the
 * Excel download; TCs for a class's leavers in bulk; whether the TC list is published on the
 * school's portal page (admin); and a section's ID cards. Admin and office.
 */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const years = academicYearOptions();
  const [kind, setKind] = useState('');
  const [academicYear, setAcademicYear] = useState(years[1]);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<Certificate | null>(null);
  const [sectionId, setSectionId] = useState('');
  const allowed = roleHas(home.role, 'certificates.issue');
  const list = useCertificatesQuery({ schoolId, kind, academicYear, page }, { skip: !allowed });
  const sections = useCertificateSectionsQuery(schoolId, { skip: !allowed });
  if (!allowed) return <Navigate to={`/workspace/${schoolId}`} replace />;
  const d = list.data;

  const print = (c: Certificate, lang: 'en' | 'hi') => openCertificatePdf(schoolId, c.id, lang).catch(() => toastError(t('cert.error.generic')));
  const download = async (path: string, name: string) => {
    try {
      saveBlob(await fetchFile(path), name);
    } catch {
      toastError(t('cert.register.loadFailed'));
    }
  };

  return (
    <section className="cert-page">
      <h1>{t('cert.register.title')}</h1>
      <p className="cert-muted">{t('cert.register.intro')}</p>
      <div className="cert-filters">
        <FormGroup label={t('cert.kind')} labelFor="cert-kind">
          <HTMLSelect id="cert-kind" large value={kind} onChange={(e) => (setKind(e.target.value), setPage(1))}>
            <option value="">{t('cert.register.allKinds')}</option>
            {CERTIFICATE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`cert.kind.${k}` as MessageId)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('cert.register.year')} labelFor="cert-year">
          <HTMLSelect id="cert-year" large value={academicYear} onChange={(e) => (setAcademicYear(e.target.value), setPage(1))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button className="cert-touch" icon="download" text={t('cert.register.export')} onClick={() => void download(registerXlsxPath(schoolId, kind, academicYear), `certificates-${academicYear}.xlsx`)} />
      </div>
      {list.isFetching ? <Spinner size={20} /> : null}
      {list.isError ? <Callout intent="danger">{t('cert.register.loadFailed')}</Callout> : null}
      {d && d.total === 0 ? <p data-testid="certificates-empty">{t('cert.register.empty')}</p> : null}
      {d && d.total > 0 ? (
        <div className="cert-table-wrap">
          <HTMLTable compact striped data-testid="certificates-register">
            <thead>
              <tr>
                <th>{t('cert.register.number')}</th>
                <th>{t('cert.register.student')}</th>
                <th className="cert-hide-narrow">{t('cert.register.issuedOn')}</th>
                <th>{t('cert.register.status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.items.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.number}
                    {c.replacesNumber ? (
                      <>
                        <br />
                        <small>{t('cert.register.replaces', { number: c.replacesNumber })}</small>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {c.studentName}
                    <br />
                    <small>{c.admissionNumber}</small>
                  </td>
                  <td className="cert-hide-narrow">{formatDate(c.issuedOn)}</td>
                  <td>
                    <Tag intent={c.status === 'issued' ? 'success' : 'danger'}>{t(`cert.register.status.${c.status}` as MessageId)}</Tag>
                  </td>
                  <td>
                    <div className="cert-actions">
                      <Button className="cert-touch" icon="print" text="EN" aria-label={t('cert.print')} onClick={() => void print(c, 'en')} />
                      <Button className="cert-touch" icon="print" text="हिं" aria-label={t('cert.printHindi')} onClick={() => void print(c, 'hi')} />
                      {c.status === 'issued' ? <Button className="cert-touch" icon="cross" text={t('cert.register.cancel')} onClick={() => setCancelling(c)} /> : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
      {d ? (
        <div className="cert-actions">
          {page > 1 ? <Button className="cert-touch" onClick={() => setPage(page - 1)} text={t('cert.register.prev')} /> : null}
          {page * d.pageSize < d.total ? <Button className="cert-touch" onClick={() => setPage(page + 1)} text={t('cert.register.next')} /> : null}
        </div>
      ) : null}
      {cancelling ? <CancelDialog schoolId={schoolId} certificate={cancelling} onClose={() => setCancelling(null)} /> : null}

      <LeaversPanel schoolId={schoolId} sections={sections.data?.items ?? []} />

      <h2>{t('cert.publish.title')}</h2>
      <PublishSetting schoolId={schoolId} isAdmin={home.role === 'admin'} />

      <h2>{t('cert.idCards.title')}</h2>
      <p className="cert-muted">{t('cert.idCards.intro')}</p>
      <div className="cert-filters">
        <FormGroup label={t('cert.idCards.section')} labelFor="cert-section">
          <HTMLSelect id="cert-section" large value={sectionId} onChange={(e) => setSectionId(e.target.value)}>
            <option value="">{t('cert.idCards.choose')}</option>
            {(sections.data?.items ?? []).map((s) => (
              <option key={s.sectionId} value={s.sectionId}>
                {`${s.className} ${s.sectionName}`}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button className="cert-touch" icon="id-number" disabled={!sectionId} text={t('cert.idCards.download')} onClick={() => void download(idCardsPath(schoolId, sectionId), 'id-cards.pdf')} />
      </div>
    </section>
  );
}
