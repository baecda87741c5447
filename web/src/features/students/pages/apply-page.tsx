import { Callout, Card, Spinner } from '@blueprintjs/core';
import {
  ADMISSION_CONSENT,
  CATALOGUE_CLASSES,
  createApplicationSchema,
  EMAIL_MAX,
  parseImportDate,
  type CreateApplicationInput,
} from '@vidyalaya/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../../../components/form';
import { asApiError } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { portalSubdomainOf } from '../../../lib/portal-host';
import { useAdmissionSchoolQuery, useApplyMutation } from '../api/students-api';

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

const DOB_MESSAGE = 'Enter the date of birth as DD/MM/YYYY';
const schemaValidate = zodValidate(createApplicationSchema);

/** The form's values as the API takes them: the date typed day first becomes YYYY-MM-DD. */
function toInput(v: Values): Record<string, unknown> {
  return { ...v, dateOfBirth: v.dateOfBirth ? (parseImportDate(v.dateOfBirth) ?? v.dateOfBirth) : undefined, consent: v.consent === true ? true : undefined };
}

function validate(v: Values): Record<string, unknown> | undefined {
  const errors = schemaValidate(toInput(v)) ?? {};
  if (v.dateOfBirth && !parseImportDate(v.dateOfBirth)) errors.dateOfBirth = DOB_MESSAGE;
  else if (errors.dateOfBirth) errors.dateOfBirth = DOB_MESSAGE;
  return Object.keys(errors).length ? errors : undefined;
}

/**
 * The public application for admission (DECISIONS "Admissions"), at `/apply` on the school's
 * portal host: the child, the guardian, RTE, and the guardian's consent to the processing of the
 * child's data, shown with its purpose. The answer is the application number.
 */
export function Component() {
  const appDomain = useAppDomain();
  const subdomain = appDomain ? portalSubdomainOf(window.location.host, appDomain) : null;
  const school = useAdmissionSchoolQuery(subdomain ?? '', { skip: !subdomain });
  const [apply] = useApplyMutation();
  const [number, setNumber] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = school.data?.school.name;
  useDocumentTitle(name ? `Apply for admission: ${name}` : 'Apply for admission');

  if (!appDomain || school.isLoading) {
    return (
      <main className="portal portal--center" aria-busy="true">
        <Spinner size={40} aria-label="Loading" />
      </main>
    );
  }
  if (!subdomain || !school.data) {
    return (
      <main className="portal portal--center">
        <Callout intent="warning" title="Admissions are not open here">
          This school’s page is not available.
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
      if (err.details) return err.details;
      setFailure(err.message);
    }
    return undefined;
  }

  return (
    <main className="portal-main" style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <h1>Apply for admission</h1>
      <p>{name}</p>
      {number ? (
        <Callout intent="success" role="status" title="Application received">
          Your application number is <strong>{number}</strong>. The school has e-mailed you a copy and will write to you when it has decided.
        </Callout>
      ) : (
        <Card elevation={1}>
          <Form<Values>
            onSubmit={onSubmit}
            validate={validate}
            initialValues={{ guardian: {}, rte: false, consent: false }}
            render={({ handleSubmit, submitting }) => (
              <form noValidate aria-label="Application for admission" onSubmit={(e) => void handleSubmit(e)}>
                <h2>The child</h2>
                <div className="form-row">
                  <TextField name="firstName" label="First name" autoComplete="off" maxLength={100} />
                  <TextField name="lastName" label="Last name" optional autoComplete="off" maxLength={100} />
                </div>
                <div className="form-row">
                  <TextField name="dateOfBirth" label="Date of birth" placeholder="DD/MM/YYYY" inputMode="numeric" maxLength={10} />
                  <SelectField
                    name="gender"
                    label="Gender"
                    placeholder="Choose"
                    options={[
                      { value: 'female', label: 'Girl' },
                      { value: 'male', label: 'Boy' },
                      { value: 'other', label: 'Other' },
                    ]}
                  />
                </div>
                <SelectField name="classApplied" label="Class applied for" placeholder="Choose a class" options={CATALOGUE_CLASSES.map((c) => ({ value: c, label: c }))} />
                <CheckboxField name="rte" label="Applying under the RTE Act, section 12(1)(c) (a free seat for a disadvantaged child)" />
                <h2>Parent or guardian</h2>
                <div className="form-row">
                  <TextField name="guardian.name" label="Name" autoComplete="name" maxLength={100} />
                  <SelectField
                    name="guardian.relation"
                    label="Relation to the child"
                    placeholder="Choose"
                    options={[
                      { value: 'mother', label: 'Mother' },
                      { value: 'father', label: 'Father' },
                      { value: 'guardian', label: 'Guardian' },
                    ]}
                  />
                </div>
                <div className="form-row">
                  <TextField name="guardian.phone" label="Mobile number" type="tel" inputMode="tel" autoComplete="tel" maxLength={16} />
                  <TextField name="guardian.email" label="Email address" type="email" autoComplete="email" maxLength={EMAIL_MAX} />
                </div>
                <Callout icon="info-sign" title="Your consent">
                  {ADMISSION_CONSENT.purpose}
                </Callout>
                <CheckboxField name="consent" label="I am the child’s parent or guardian and I agree to the school processing these details for this purpose." />
                {failure ? (
                  <Callout intent="danger" role="alert">
                    {failure}
                  </Callout>
                ) : null}
                <SubmitButton text="Send application" submitting={submitting} />
              </form>
            )}
          />
        </Card>
      )}
    </main>
  );
}
