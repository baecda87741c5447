import { PlainButton as Button, PlainCallout as Callout } from '../../../components/blueprint/plain-controls';
import { DESTRUCTIVE_MESSAGES, TOAST_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { type LoginInput } from '@vidyalaya/shared/auth';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks';
import { PasswordField, SubmitButton, TextField } from '../components/fields';
import { asApiError, errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { signedIn } from '../../../lib/auth/auth-slice';
import { rememberedOrigin } from '../../../lib/auth/guest-only';
import { lazyZodValidate } from '../../../lib/forms/lazy-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toast, toastError } from '../../../lib/toast';
import { useLoginMutation, useResendOtpMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import type { VerifyOtpState } from '../verify-otp-state';
import { AUTH_TEXT } from '../messages';

const validate = lazyZodValidate(() => import('../schemas').then((m) => m.loginSchema));
const T = AUTH_TEXT.login;

/** Spec §2 /login: 'Login to Platform'. */
export function Component() {
  useDocumentTitle(UI_MESSAGES.login.title);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login] = useLoginMutation();
  const [resendOtp, resend] = useResendOtpMutation();
  /** DECISIONS: logging in before verification answers 403 EMAIL_NOT_VERIFIED; offer to verify. */
  const [unverified, setUnverified] = useState<{ username: string; message: string } | null>(null);

  async function onSubmit(values: LoginInput) {
    const username = String(values.username ?? '').trim();
    setUnverified(null);
    try {
      const result = await login({ username, password: String(values.password ?? '') }).unwrap();
      toast({ title: TOAST_MESSAGES.loginSuccess });
      // GuestOnly now sends the user on; doing it here too keeps the order explicit.
      await dispatch(signedIn({ tokens: { accessToken: result.accessToken, refreshToken: result.refreshToken }, user: result.user }));
      navigate(rememberedOrigin(location.state) ?? '/dashboard', { replace: true });
      return undefined;
    } catch (e) {
      const error = asApiError(e);
      if (error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverified({ username, message: error.message });
        return undefined;
      }
      toastError(DESTRUCTIVE_MESSAGES.login.title, errorDescription(e, DESTRUCTIVE_MESSAGES.login.description));
      return toSubmitErrors(e);
    }
  }

  async function verifyEmail() {
    if (!unverified) return;
    const state: VerifyOtpState = { username: unverified.username, type: 'registration' };
    try {
      await resendOtp({ username: unverified.username, purpose: 'registration' }).unwrap();
      toast({ title: TOAST_MESSAGES.otpSent });
    } catch (e) {
      toastError(DESTRUCTIVE_MESSAGES.resendOtp.title, errorDescription(e, DESTRUCTIVE_MESSAGES.resendOtp.description));
      // Too many requests: the code sent a moment ago is still valid, so verifying can go on.
      if (asApiError(e).status !== 429) return;
    }
    navigate('/verify-otp', { state });
  }

  return (
    <AuthCard
      title={UI_MESSAGES.login.title}
      intro="Sign in to manage your school."
      footer={
        <p>
          {T.noAccount} <Link to="/register">{T.createAccount}</Link>
        </p>
      }
    >
      {unverified ? (
        <Callout intent="warning" icon="envelope" className="auth-callout" role="alert">
          <p>{unverified.message}</p>
          <Button intent="warning" text={T.verifyEmail} loading={resend.isLoading} onClick={() => void verifyEmail()} />
        </Callout>
      ) : null}
      <Form<LoginInput> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate>
            <TextField name="username" label="Username" autoComplete="username" leftIcon="user" autoFocus />
            <PasswordField name="password" label="Password" autoComplete="current-password" />
            <div className="auth-row">
              <Link to="/forgot-password">{T.forgotPassword}</Link>
            </div>
            <SubmitButton className="auth-submit" text={UI_MESSAGES.login.submit} submitting={submitting} />
          </form>
        )}
      </Form>
    </AuthCard>
  );
}
