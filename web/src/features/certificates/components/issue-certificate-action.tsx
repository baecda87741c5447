import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { CERTIFICATE_KINDS, CERTIFICATE_MESSAGES, issueCertificateSchema, type Certificate, type CertificateKind, type IssueCertificateInput } from '@vidyalaya/shared/certificates';
import { type Student } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../../../components/form';
import { asApiError } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useIssueCertificateMutation } from '../api/certificates-api';
import { useT, type MessageId, type Translate } from '../i18n';
import { openCertificatePdf } from './print';
import './certificates.css';

type Values = {
  kind: CertificateKind;
  purpose?: string;
  conduct?: string;
  games?: string;
  nccScouts?: string;
  boardResult?: string;
  qualifiedForPromotion?: string;
  dateOfApplication?: string;
  remarks?: string;
  overrideDues?: boolean;
  reason?: string;
};

const TC_EDITABLE = ['conduct', 'games', 'nccScouts', 'boardResult', 'qualifiedForPromotion', 'dateOfApplication', 'remarks'] as const;
const OTHER_EDITABLE = ['conduct', 'remarks'] as const;

/** The form's values as the API takes them: only the lines the office typed override the record's. */
export function toBody(v: Values): IssueCertificateInput {
  const keys = v.kind === 'transfer' ? TC_EDITABLE : v.kind === 'character' ? OTHER_EDITABLE : (['remarks'] as const);
  const fields: Record<string, string> = {};
  for (const k of keys) {
    const value = v[k]?.trim();
    if (value) fields[k] = value;
  }
  return {
    kind: v.kind,
    ...(v.kind === 'bonafide' ? { purpose: v.purpose?.trim() || undefined } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
    ...(v.kind === 'transfer' && v.overrideDues ? { overrideDues: true, reason: v.reason?.trim() || undefined } : {}),
  } as IssueCertificateInput;
}

const schemaValidate = zodValidate(issueCertificateSchema);
const MESSAGE_IDS: Record<string, MessageId> = { [CERTIFICATE_MESSAGES.purposeRequired]: 'cert.error.purpose', [CERTIFICATE_MESSAGES.reasonRequired]: 'cert.error.reason' };

function validate(t: Translate, v: Values): Record<string, unknown> | undefined {
  const errors = schemaValidate(toBody(v));
  if (!errors) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, m] of Object.entries(errors)) if (typeof m === 'string') out[k] = MESSAGE_IDS[m] ? t(MESSAGE_IDS[m]) : m;
  return out;
}

/**
 * "Certificates" on the student's record (a student-action slot, permission certificates.issue):
 * the office picks the kind, types what it must judge (conduct, games, remarks; a bonafide's
 * purpose), issues, and prints the original at once. An admin may issue a TC over unpaid dues with
 * a reason; the refusals (not left, dues, a live TC) are explained in the reader's language.
 */
export default function IssueCertificateAction(props: { schoolId: string; student: Student }) {
  const t = useT();
  const { home } = useSchool();
  const { schoolId, student } = props;
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Certificate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [issue] = useIssueCertificateMutation();
  const isAdmin = home.role === 'admin';
  const close = () => {
    setOpen(false);
    setIssued(null);
    setFailure(null);
  };

  async function onSubmit(v: Values) {
    setFailure(null);
    try {
      const r = await issue({ schoolId, studentId: student.id, body: toBody(v) }).unwrap();
      setIssued(r.certificate);
    } catch (e) {
      const err = asApiError(e);
      if (err.details && (err.details.purpose || err.details.reason)) return { purpose: err.details.purpose, reason: err.details.reason };
      const known = err.code && ['STUDENT_NOT_LEFT', 'CERTIFICATE_EXISTS', 'DUES_OUTSTANDING', 'FORBIDDEN'].includes(err.code);
      setFailure(known ? t(`cert.error.${err.code}` as MessageId, { amount: err.details?.dues ?? '' }) : (err.serverMessage ?? t('cert.error.generic')));
    }
    return undefined;
  }

  const print = (lang: 'en' | 'hi') => {
    if (issued) openCertificatePdf(schoolId, issued.id, lang).catch(() => toastError(t('cert.error.generic')));
  };

  return (
    <>
      <Button className="cert-touch" icon="document" text={t('cert.action')} onClick={() => setOpen(true)} data-testid="certificates-action" />
      <Dialog isOpen={open} onClose={close} title={t('cert.dialogTitle', { name: student.name })} className="cert-dialog">
        {issued ? (
          <>
            <DialogBody>
              <Callout intent="success" role="status" data-testid="certificate-issued">
                {t('cert.issued', { number: issued.number })}
              </Callout>
              <p className="cert-muted">{t('cert.printNote')}</p>
              <div className="cert-actions">
                <Button className="cert-touch" icon="print" intent="primary" text={t('cert.print')} onClick={() => print('en')} />
                <Button className="cert-touch" icon="print" text={t('cert.printHindi')} onClick={() => print('hi')} />
              </div>
            </DialogBody>
            <DialogFooter actions={<Button className="cert-touch" text={t('cert.close')} onClick={close} />} />
          </>
        ) : (
          <Form<Values>
            onSubmit={onSubmit}
            validate={(v) => validate(t, v)}
            initialValues={{ kind: student.status === 'active' ? 'bonafide' : 'transfer' }}
            render={({ handleSubmit, submitting }) => (
              <form noValidate onSubmit={(e) => void handleSubmit(e)} aria-label={t('cert.dialogTitle', { name: student.name })}>
                <DialogBody>
                  <SelectField name="kind" label={t('cert.kind')} options={CERTIFICATE_KINDS.map((k) => ({ value: k, label: t(`cert.kind.${k}` as MessageId) }))} />
                  <FormSpy subscription={{ values: true }}>
                    {({ values }) => {
                      const v = values as Values;
                      return (
                        <>
                          {v.kind === 'bonafide' ? <TextField name="purpose" label={t('cert.purpose')} helperText={t('cert.purposeHelp')} maxLength={200} /> : null}
                          {v.kind === 'transfer' ? <p className="cert-muted">{t('cert.tcNote')}</p> : null}
                          {v.kind !== 'bonafide' ? <TextField name="conduct" label={t('cert.field.conduct')} optional maxLength={500} /> : null}
                          {v.kind === 'transfer' ? (
                            <>
                              <TextField name="games" label={t('cert.field.games')} optional maxLength={500} />
                              <TextField name="nccScouts" label={t('cert.field.nccScouts')} optional maxLength={500} />
                              <TextField name="boardResult" label={t('cert.field.boardResult')} optional maxLength={500} />
                              <TextField name="qualifiedForPromotion" label={t('cert.field.qualifiedForPromotion')} optional maxLength={500} />
                              <TextField name="dateOfApplication" label={t('cert.field.dateOfApplication')} optional maxLength={10} />
                            </>
                          ) : null}
                          <TextField name="remarks" label={t('cert.field.remarks')} optional maxLength={500} />
                          {v.kind === 'transfer' && isAdmin ? <CheckboxField name="overrideDues" label={t('cert.overrideDues')} /> : null}
                          {v.kind === 'transfer' && isAdmin && v.overrideDues ? <TextField name="reason" label={t('cert.overrideReason')} maxLength={500} /> : null}
                        </>
                      );
                    }}
                  </FormSpy>
                  {failure ? (
                    <Callout intent="danger" role="alert" data-testid="certificate-refused">
                      {failure}
                    </Callout>
                  ) : null}
                </DialogBody>
                <DialogFooter
                  actions={
                    <>
                      <Button className="cert-touch" text={t('cert.close')} onClick={close} />
                      <SubmitButton className="cert-touch" text={t('cert.issue')} submitting={submitting} intent="primary" />
                    </>
                  }
                />
              </form>
            )}
          />
        )}
      </Dialog>
    </>
  );
}
