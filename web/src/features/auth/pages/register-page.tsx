import { DESTRUCTIVE_MESSAGES, FOOTER_MESSAGES, NAV_MESSAGES, TOAST_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { type RegisterFormValues } from '@vidyalaya/shared/auth';
import { Form } from 'react-final-form';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../components/fields';
import { errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { lazyZodValidate } from '../../../lib/forms/lazy-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toast, toastError } from '../../../lib/toast';
import { useRegisterMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { readRegisterPrefill, type VerifyOtpState } from '../verify-otp-state';
import { AUTH_TEXT } from '../messages';

const validate = lazyZodValidate(() => import('../schemas').then((m) => m.registerFormSchema));
const T = AUTH_TEXT.register;

/** Spec §2 /register: 'Create Your Account'. */
export function Component() {
  useDocumentTitle(UI_MESSAGES.register.title);
  const navigate = useNavigate();
  const [register] = useRegisterMutation();
  // Back from /verify-otp to correct a mistyped address: the username and address are kept.
  const { state } = useLocation();
  const initialValues = useMemo(() => ({ ...readRegisterPrefill(state), agreeToTerms: false }), [state]);

  async function onSubmit(values: RegisterFormValues) {
    const username = String(values.username ?? '').trim();
    const email = String(values.email ?? '').trim();
    try {
      await register({ username, email, password: String(values.password ?? '') }).unwrap();
    } catch (e) {
      toastError(DESTRUCTIVE_MESSAGES.register.title, errorDescription(e, DESTRUCTIVE_MESSAGES.register.description));
      return toSubmitErrors(e);
    }
    toast({ title: TOAST_MESSAGES.registrationSuccess });
    navigate('/verify-otp', { state: { username, type: 'registration', email } satisfies VerifyOtpState });
    return undefined;
  }

  return (
    <AuthCard
      title={UI_MESSAGES.register.title}
      intro="Register as your school's administrator. We will email you a code to verify your address."
      footer={
        <p>
          {T.haveAccount} <Link to="/login">{NAV_MESSAGES.login}</Link>
        </p>
      }
    >
      <Form<RegisterFormValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
        {({ handleSubmit, submitting, values }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate>
            <TextField name="username" label="Username" autoComplete="username" leftIcon="user" autoFocus />
            <TextField name="email" label="Email" type="email" autoComplete="email" leftIcon="envelope" />
            <PasswordField name="password" label="Password" autoComplete="new-password" />
            <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
            <CheckboxField
              name="agreeToTerms"
              label={
                <span>
                  {T.termsLead}{' '}
                  <a href="/terms" target="_blank" rel="noopener noreferrer">
                    {FOOTER_MESSAGES.terms}
                  </a>{' '}
                  {T.termsJoin}{' '}
                  <a href="/privacy" target="_blank" rel="noopener noreferrer">
                    {FOOTER_MESSAGES.privacy}
                  </a>
                </span>
              }
            />
            <SubmitButton
              className="auth-submit"
              text={UI_MESSAGES.register.submit}
              submitting={submitting}
              disabled={!values.agreeToTerms}
            />
          </form>
        )}
      </Form>
    </AuthCard>
  );
}
