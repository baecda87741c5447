import { useRef } from 'react';
import { DESTRUCTIVE_MESSAGES, maskEmail, ONBOARDING_TEXT, type OtpPurpose, TOAST_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '../components/fields';
import { asApiError, errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { lazyZodValidate } from '../../../lib/forms/lazy-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toast, toastError } from '../../../lib/toast';
import { useResendOtpMutation, useVerifyPasswordResetMutation, useVerifyRegistrationMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { OtpField } from '../components/otp-field';
import type { RegisterPrefill, ResetPasswordState, VerifyOtpState } from '../verify-otp-state';
import { AUTH_TEXT } from '../messages';

type OtpForm = { otp?: string };
const validate = lazyZodValidate(() => import('../schemas').then((m) => m.otpSchema));
const T = AUTH_TEXT.verifyOtp;
const O = ONBOARDING_TEXT.verifyOtp;

/** Spec §2 /verify-otp, once its route (verify-otp-route.tsx) found {username, type} in the navigation state. */
export default function VerifyOtp({ username, type, email }: VerifyOtpState) {
  const reset = type === 'password-reset';
  useDocumentTitle(reset ? T.resetTitle : T.title);
  const navigate = useNavigate();
  const [verifyRegistration] = useVerifyRegistrationMutation();
  const [verifyPasswordReset] = useVerifyPasswordResetMutation();
  const [resendOtp, resend] = useResendOtpMutation();
  const purpose: OtpPurpose = reset ? 'password_reset' : 'registration';

  // Once a code was accepted, a second submit (Enter pressed twice) must not report a failure.
  const verified = useRef(false);

  async function onSubmit(values: OtpForm) {
    const otp = String(values.otp ?? '').trim();
    if (verified.current) return undefined;
    try {
      if (reset) {
        const { resetToken } = await verifyPasswordReset({ username, otp }).unwrap();
        verified.current = true;
        toast({ title: TOAST_MESSAGES.otpVerified });
        navigate('/reset-password', { state: { resetToken } satisfies ResetPasswordState });
      } else {
        await verifyRegistration({ username, otp }).unwrap();
        verified.current = true;
        toast({ title: TOAST_MESSAGES.emailVerified });
        navigate('/login');
      }
      return undefined;
    } catch (e) {
      const description = errorDescription(e, DESTRUCTIVE_MESSAGES.verifyOtp.description);
      toastError(DESTRUCTIVE_MESSAGES.verifyOtp.title, description);
      // The message also stays at the field, where the eyes are (the toast goes after 8 s).
      return toSubmitErrors(e) ?? { otp: asApiError(e).status === 429 ? asApiError(e).message || description : description };
    }
  }

  async function onResend() {
    try {
      await resendOtp({ username, purpose }).unwrap();
      toast({ title: TOAST_MESSAGES.otpSent });
    } catch (e) {
      toastError(DESTRUCTIVE_MESSAGES.resendOtp.title, errorDescription(e, DESTRUCTIVE_MESSAGES.resendOtp.description));
    }
  }

  return (
    <AuthCard
      title={reset ? T.resetTitle : T.title}
      intro={
        <>
          {email ? O.sentTo(username, maskEmail(email)) : T.intro(username)} {O.validity}
        </>
      }
      footer={
        <>
          {email && !reset ? (
            <p>
              {O.wrongEmail}{' '}
              <Link to="/register" state={{ username, email } satisfies RegisterPrefill}>
                {O.fixEmail}
              </Link>
            </p>
          ) : null}
          <p>
            {T.noCode}{' '}
            <button type="button" className="auth-link-button" onClick={() => void onResend()} disabled={resend.isLoading}>
              {UI_MESSAGES.verifyOtp.resend}
            </button>
          </p>
          <p>
            <Link to="/login">{UI_MESSAGES.verifyOtp.backToLogin}</Link>
          </p>
        </>
      }
    >
      <Form<OtpForm> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate>
            <OtpField autoFocus />
            <SubmitButton className="auth-submit" text={UI_MESSAGES.verifyOtp.submit} submitting={submitting} />
          </form>
        )}
      </Form>
    </AuthCard>
  );
}
