import { PlainButton as Button, PlainCallout as Callout } from '../../../components/blueprint/plain-controls';
import { DESTRUCTIVE_MESSAGES, NAV_MESSAGES, TOAST_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { type ForgotPasswordInput, type ForgotPasswordNewPasswordFormValues } from '@vidyalaya/shared/auth';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link } from 'react-router';
import { PasswordField, SubmitButton, TextField } from '../components/fields';
import { errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { lazyZodValidate } from '../../../lib/forms/lazy-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toast, toastError } from '../../../lib/toast';
import {
  useForgotPasswordMutation,
  useResendOtpMutation,
  useResetPasswordMutation,
  useVerifyPasswordResetMutation,
} from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { OtpField } from '../components/otp-field';
import { AUTH_TEXT } from '../messages';

type Step = 'username' | 'code' | 'password';
const STEPS: { key: Step; label: string }[] = [
  { key: 'username', label: '1. Username' },
  { key: 'code', label: '2. Reset code' },
  { key: 'password', label: '3. New password' },
];

const validateUsername = lazyZodValidate(() => import('../schemas').then((m) => m.forgotPasswordSchema));
const validateCode = lazyZodValidate(() => import('../schemas').then((m) => m.otpSchema));
const validatePassword = lazyZodValidate(() => import('../schemas').then((m) => m.forgotPasswordNewPasswordFormSchema));
const T = AUTH_TEXT.forgotPassword;
const D = DESTRUCTIVE_MESSAGES;

/**
 * Spec §2 /forgot-password: three steps on one page — username, the 6-digit code (with resend),
 * then the new password — and back to the first step with a message once the password is reset.
 */
export function Component() {
  useDocumentTitle(T.title);
  const [step, setStep] = useState<Step>('username');
  const [username, setUsername] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [done, setDone] = useState(false);
  const [forgotPassword] = useForgotPasswordMutation();
  const [verifyPasswordReset] = useVerifyPasswordResetMutation();
  const [resendOtp, resend] = useResendOtpMutation();
  const [resetPassword] = useResetPasswordMutation();
  const current = STEPS.findIndex((s) => s.key === step);

  async function sendCode(values: ForgotPasswordInput) {
    const name = String(values.username ?? '').trim();
    try {
      await forgotPassword({ username: name }).unwrap();
    } catch (e) {
      toastError(D.sendResetCode.title, errorDescription(e, D.sendResetCode.description));
      return toSubmitErrors(e);
    }
    toast({ title: TOAST_MESSAGES.resetCodeSent });
    setUsername(name);
    setDone(false);
    setStep('code');
    return undefined;
  }

  async function verifyCode(values: { otp?: string }) {
    try {
      const result = await verifyPasswordReset({ username, otp: String(values.otp ?? '').trim() }).unwrap();
      setResetToken(result.resetToken);
    } catch (e) {
      const description = errorDescription(e, D.invalidCode.description);
      toastError(D.invalidCode.title, description);
      // The message also stays at the code field (issue 20), where the eyes are.
      return toSubmitErrors(e) ?? { otp: description };
    }
    toast({ title: TOAST_MESSAGES.codeVerified });
    setStep('password');
    return undefined;
  }

  async function resendCode() {
    try {
      await resendOtp({ username, purpose: 'password_reset' }).unwrap();
      toast({ title: TOAST_MESSAGES.resetCodeSent });
    } catch (e) {
      toastError(D.resendCode.title, errorDescription(e, D.resendCode.description));
    }
  }

  async function setPassword(values: ForgotPasswordNewPasswordFormValues) {
    try {
      await resetPassword({ resetToken, newPassword: String(values.newPassword ?? '') }).unwrap();
    } catch (e) {
      toastError(D.resetPasswordFailed.title, errorDescription(e, D.resetPasswordFailed.description));
      return toSubmitErrors(e);
    }
    toast({ title: TOAST_MESSAGES.passwordResetSuccess });
    setResetToken('');
    setDone(true);
    setStep('username');
    return undefined;
  }

  return (
    <AuthCard
      title={T.title}
      footer={
        <p>
          {T.rememberPassword} <Link to="/login">{NAV_MESSAGES.login}</Link>
        </p>
      }
    >
      <ol className="auth-steps" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.key} aria-current={i === current ? 'step' : undefined} className={i < current ? 'auth-step--done' : undefined}>
            {s.label}
          </li>
        ))}
      </ol>

      {step === 'username' ? (
        <>
          {done ? (
            <Callout intent="success" icon="tick-circle" className="auth-callout" role="status">
              <p>{T.done}</p>
              <Link to="/login">{NAV_MESSAGES.login}</Link>
            </Callout>
          ) : null}
          <p className="auth-intro">{T.stepUsername}</p>
          <Form<ForgotPasswordInput> onSubmit={sendCode} validate={validateUsername} initialValues={{ username }}>
            {({ handleSubmit, submitting }) => (
              <form className="auth-form" onSubmit={handleSubmit} noValidate>
                <TextField name="username" label="Username" autoComplete="username" leftIcon="user" autoFocus />
                <SubmitButton className="auth-submit" text={T.sendCode} submitting={submitting} />
              </form>
            )}
          </Form>
        </>
      ) : null}

      {step === 'code' ? (
        <>
          <p className="auth-intro">{T.stepCode(username)}</p>
          <Form<{ otp?: string }> onSubmit={verifyCode} validate={validateCode}>
            {({ handleSubmit, submitting }) => (
              <form className="auth-form" onSubmit={handleSubmit} noValidate>
                <OtpField label="Reset code" autoFocus />
                <SubmitButton className="auth-submit" text={UI_MESSAGES.verifyOtp.submit} submitting={submitting} />
              </form>
            )}
          </Form>
          <p className="auth-resend">
            {AUTH_TEXT.verifyOtp.noCode}{' '}
            <button type="button" className="auth-link-button" onClick={() => void resendCode()} disabled={resend.isLoading}>
              {T.resendCode}
            </button>
          </p>
          <Button variant="minimal" icon="arrow-left" text="Use a different username" onClick={() => setStep('username')} />
        </>
      ) : null}

      {step === 'password' ? (
        <>
          <p className="auth-intro">{T.stepPassword}</p>
          <Form<ForgotPasswordNewPasswordFormValues> onSubmit={setPassword} validate={validatePassword}>
            {({ handleSubmit, submitting, form }) => (
              <form
                className="auth-form"
                noValidate
                onSubmit={(event) => {
                  // Spec §5: a too-short or mismatched new password is also announced by a toast.
                  const { errors, hasValidationErrors } = form.getState();
                  if (hasValidationErrors) {
                    if (errors?.newPassword) toastError(D.passwordTooShort.title, D.passwordTooShort.description);
                    else if (errors?.confirmPassword) toastError(D.passwordsMismatch.title, D.passwordsMismatch.description);
                  }
                  return handleSubmit(event);
                }}
              >
                <PasswordField name="newPassword" label="New password" autoComplete="new-password" autoFocus />
                <PasswordField name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
                <SubmitButton className="auth-submit" text={T.resetPassword} submitting={submitting} />
              </form>
            )}
          </Form>
        </>
      ) : null}
    </AuthCard>
  );
}
