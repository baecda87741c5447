import { Callout, Card, Spinner } from '@blueprintjs/core';
import { CATALOGUE_CLASSES, EMAIL_MAX } from '@vidyalaya/shared';
import { createApplicationSchema, parseImportDate, type CreateApplicationInput } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../../../components/form';
import { asApiError } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import { portalSubdomainOf } from '../../../lib/portal-host';
import { useAdmissionSchoolQuery, useApplyMutation } from '../api/students-api';
import { ApplyLanguageSwitch } from '../components/apply-language-switch';
import { translateErrors, translateMessage, useT, type Translate } from '../i18n';

type Values = {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  gender?: string;
  classApplied?: string;
  guardian?: { name?: string; relation?: string; phone?: string; email?: string };
  rte?: boolean;
  consent?: boolean;
};

const schemaValidate = zodValidate(createApplicationSchema);

/** The form's values as the API takes them: the date typed day first becomes YYYY-MM-DD. */
function toInput(v: Values): Record<string, unknown> {
  return { ...v, dateOfBirth: v.dateOfBirth ? (parseImportDate(v.dateOfBirth) ?? v.dateOfBirth) : undefined, consent: v.consent === true ? true : undefined };
}

/** The shared schema's errors in the page's language; a date of birth is asked for day first. */
function validate(t: Translate, v: Values): Record<string, unknown> | undefined {
  const errors = (translateErrors(t, schemaValidate(toInput(v)) ?? {}) ?? {}) as Record<string, unknown>;
  if ((v.dateOfBirth && !parseImportDate(v.dateOfBirth)) || errors.dateOfBirth) errors.dateOfBirth = t('students.apply.dobFormat');
  return Object.keys(errors).length ? errors : undefined;
}

/**
 * The page sits on the portal host, outside the workspace: like WorkspaceRoot it loads the language
 * this device last used (Hindi's catalogue only when chosen) and provides it, so the form follows
 * the same choice as the workspace and the switch on the page.
 */
export function Component() {
  return (
    <StoredLanguage
      loading={
        <main className="portal portal--center" aria-busy="true">
          <Spinner size={40} aria-label="Loading" />
        </main>
      }
    >
      <ApplyPage />
    </StoredLanguage>
  );
}

/**
 * The public application for admission (DECISIONS "Admissions"), at `/apply` on the school's
 * portal host: the child, the guardian, RTE, and the guardian's consent to the processing of the
 * child's data, shown with its purpose. The answer is the application number.
 */
function ApplyPage() {
  const t = useT();
  const appDomain = useAppDomain();
  const subdomain = appDomain ? portalSubdomainOf(window.location.host, appDomain) : null;
  const school = useAdmissionSchoolQuery(subdomain ?? '', { skip: !subdomain });
  const [apply] = useApplyMutation();
  const [number, setNumber] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = school.data?.school.name;
  useDocumentTitle(name ? t('students.apply.docTitle', { name }) : t('students.apply.title'));

  if (!appDomain || school.isLoading) {
    return (
      <main className="portal portal--center" aria-busy="true">
        <Spinner size={40} aria-label={t('students.apply.loading')} />
      </main>
    );
  }
  if (!subdomain || !school.data) {
    return (
      <main className="portal portal--center">
        <ApplyLanguageSwitch />
        <Callout intent="warning" title={t('students.apply.closedTitle')}>
          {t('students.apply.closedText')}
        </Callout>
      </main>
    );
  }

  async function onSubmit(values: Values) {
    setFailure(null);
    try {
      const result = await apply({ subdomain: subdomain!, body: createApplicationSchema.parse(toInput(values)) as CreateApplicationInput }).unwrap();
      setNumber(result.applicationNumber);
    } catch (e) {
      const err = asApiError(e);
      if (err.details) return translateErrors(t, err.details) as Record<string, unknown>;
      setFailure(translateMessage(t, err.message));
    }
    return undefined;
  }

  return (
    <main className="portal-main" style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <ApplyLanguageSwitch />
      <h1>{t('students.apply.title')}</h1>
      <p>{name}</p>
      {number ? (
        <Callout intent="success" role="status" title={t('students.apply.receivedTitle')}>
          {t('students.apply.numberLead')} <strong>{number}</strong>
          {t('students.apply.numberTail')}
        </Callout>
      ) : (
        <Card elevation={1}>
          <Form<Values>
            onSubmit={onSubmit}
            validate={(v) => validate(t, v)}
            initialValues={{ guardian: {}, rte: false, consent: false }}
            render={({ handleSubmit, submitting }) => (
              <form noValidate aria-label={t('students.apply.form')} onSubmit={(e) => void handleSubmit(e)}>
                <h2>{t('students.apply.child')}</h2>
                <div className="form-row">
                  <TextField name="firstName" label={t('students.field.firstName')} autoComplete="off" maxLength={100} />
                  <TextField name="lastName" label={`${t('students.field.lastName')} ${t('students.optional')}`} autoComplete="off" maxLength={100} />
                </div>
                <div className="form-row">
                  <TextField name="dateOfBirth" label={t('students.field.dateOfBirth')} placeholder="DD/MM/YYYY" inputMode="numeric" maxLength={10} />
                  <SelectField
                    name="gender"
                    label={t('students.field.gender')}
                    placeholder={t('students.apply.choose')}
                    options={[
                      { value: 'female', label: t('students.gender.female') },
                      { value: 'male', label: t('students.gender.male') },
                      { value: 'other', label: t('students.gender.other') },
                    ]}
                  />
                </div>
                <SelectField name="classApplied" label={t('students.apply.classApplied')} placeholder={t('students.apply.chooseClass')} options={CATALOGUE_CLASSES.map((c) => ({ value: c, label: c }))} />
                <CheckboxField name="rte" label={t('students.apply.rte')} />
                <h2>{t('students.apply.guardian')}</h2>
                <div className="form-row">
                  <TextField name="guardian.name" label={t('students.field.guardianName')} autoComplete="name" maxLength={100} />
                  <SelectField
                    name="guardian.relation"
                    label={t('students.apply.relation')}
                    placeholder={t('students.apply.choose')}
                    options={[
                      { value: 'mother', label: t('students.relation.mother') },
                      { value: 'father', label: t('students.relation.father') },
                      { value: 'guardian', label: t('students.relation.guardian') },
                    ]}
                  />
                </div>
                <div className="form-row">
                  <TextField name="guardian.phone" label={t('students.field.phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={16} />
                  <TextField name="guardian.email" label={t('students.apply.email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
                </div>
                <Callout icon="info-sign" title={t('students.apply.consentTitle')}>
                  {t('students.apply.consentPurpose')}
                </Callout>
                <CheckboxField name="consent" label={t('students.apply.consent')} />
                {failure ? (
                  <Callout intent="danger" role="alert">
                    {failure}
                  </Callout>
                ) : null}
                <SubmitButton text={t('students.apply.send')} submitting={submitting} />
              </form>
            )}
          />
        </Card>
      )}
    </main>
  );
}
