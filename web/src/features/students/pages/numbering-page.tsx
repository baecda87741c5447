import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { admissionNumberingSchema, formatAdmissionNumber, type AdmissionNumbering } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { Navigate } from 'react-router';
import { SubmitButton, TextField } from '../../../components/form';
import { asApiError, toSubmitErrors } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { toast } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useAdmissionNumberingQuery, useSetAdmissionNumberingMutation } from '../api/students-api';
import { StudentTabs } from '../components/student-tabs';
import { translateErrors, translateMessage, useT } from '../i18n';
import '../components/students.css';

type Values = { prefix?: string; digits?: string; nextNumber?: string };

const schemaValidate = zodValidate(admissionNumberingSchema);

/** The typed values as the API takes them ('0042' → 42; a blank number stays missing). */
function toInput(v: Values): Record<string, unknown> {
  const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : /^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);
  return { prefix: v.prefix ?? '', digits: num(v.digits), nextNumber: num(v.nextNumber) };
}

/** This calendar year in India (the office usually starts a year's numbers with it). */
function yearInIndia(): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric', numberingSystem: 'latn' }).format(new Date());
}

/**
 * The admission number pattern (DECISIONS "Students": generated when a student is created without
 * one): a prefix (often the year), how many digits the running number is padded to, and the next
 * number. A preview shows the next two numbers as the office types; saving is audited.
 */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const current = useAdmissionNumberingQuery(schoolId);
  const [save] = useSetAdmissionNumberingMutation();
  const [failure, setFailure] = useState<string | null>(null);

  if (!roleHas(home.role, 'students.write')) return <Navigate to={`/workspace/${schoolId}/students`} replace />;
  if (current.isLoading) return <Spinner size={32} aria-label={t('students.loading')} />;
  const n = current.data?.numbering;
  if (!n) return <Callout intent="danger">{t('students.tryAgain')}</Callout>;

  function validate(v: Values) {
    const errors = translateErrors(t, schemaValidate(toInput(v)) ?? {}) as Record<string, unknown>;
    return Object.keys(errors).length ? errors : undefined;
  }

  async function onSubmit(v: Values) {
    setFailure(null);
    try {
      const body = admissionNumberingSchema.parse(toInput(v)) as AdmissionNumbering;
      const r = await save({ schoolId, body }).unwrap();
      toast({ title: t('students.numbering.saved', { example: r.numbering.example }) });
    } catch (e) {
      const fields = toSubmitErrors(e);
      if (fields) return translateErrors(t, fields) as Record<string, unknown>;
      setFailure(translateMessage(t, asApiError(e).message));
    }
    return undefined;
  }

  const year = yearInIndia();
  return (
    <section className="st-page" style={{ maxWidth: 720 }}>
      <h1>{t('students.numbering.title')}</h1>
      <StudentTabs />
      <p>{t('students.numbering.intro')}</p>
      <Card className="st-card">
        <Form<Values>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={{ prefix: n.prefix, digits: String(n.digits), nextNumber: String(n.nextNumber) }}
          render={({ handleSubmit, submitting, form }) => (
            <form className="st-form" noValidate aria-label={t('students.numbering.title')} onSubmit={(e) => void handleSubmit(e)}>
              <div className="st-grid">
                <TextField name="prefix" label={t('students.numbering.prefix')} helperText={t('students.numbering.prefixHelp')} maxLength={20} autoComplete="off" />
                <TextField name="digits" label={t('students.numbering.digits')} helperText={t('students.numbering.digitsHelp')} inputMode="numeric" maxLength={1} autoComplete="off" />
                <TextField name="nextNumber" label={t('students.numbering.nextNumber')} inputMode="numeric" maxLength={8} autoComplete="off" />
              </div>
              <div className="st-actions" style={{ marginBottom: 16 }}>
                <Button className="st-touch" icon="calendar" text={t('students.numbering.useYear', { year })} onClick={() => form.change('prefix', `${year}/`)} />
              </div>
              <FormSpy subscription={{ values: true }}>
                {({ values }) => {
                  const parsed = admissionNumberingSchema.safeParse(toInput(values as Values));
                  return (
                    <p role="status" aria-live="polite" className="st-number-preview">
                      {parsed.success
                        ? t('students.numbering.preview', {
                            next: formatAdmissionNumber(parsed.data, parsed.data.nextNumber),
                            after: formatAdmissionNumber(parsed.data, parsed.data.nextNumber + 1),
                          })
                        : t('students.numbering.previewNone')}
                    </p>
                  );
                }}
              </FormSpy>
              <p className="st-number-note">{t('students.numbering.note')}</p>
              {failure ? <Callout intent="danger">{failure}</Callout> : null}
              <SubmitButton className="st-touch" text={t('students.numbering.save')} submitting={submitting} />
            </form>
          )}
        />
      </Card>
    </section>
  );
}
