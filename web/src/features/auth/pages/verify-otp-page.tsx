import { MESSAGES, verifyOtpSchema, type OtpPurpose } from '@vidyalaya/shared';
import { Form } from 'react-final-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form';
import { errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toast, toastError } from '../../../lib/toast';
import { useResendOtpMutation, useVerifyPasswordResetMutation, useVerifyRegistrationMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { OtpField } from '../components/otp-field';
import { readVerifyOtpState, type ResetPasswordState, type VerifyOtpState } from '../verify-otp-state';

type OtpForm = { otp?: string };
const validate = zodValidate(verifyOtpSchema.pick({ otp: true }));
const T = MESSAGES.appFlows.verifyOtp;

/** Spec §2 /verify-otp: needs {username, type} in the navigation state, else /login. */
export function Component() {
  const location = useLocation();
  const state = readVerifyOtpState(location.state);
  if (!state) return <Navigate to="/login" replace />;
  return <VerifyOtp {...state} />;
}

function VerifyOtp({ username, type }: VerifyOtpState) {
  const reset = type === 'password-reset';
  useDocumentTitle(reset ? T.resetTitle : T.title);
  const navigate = useNavigate();
  const [verifyRegistration] = useVerifyRegistrationMutation();
  const [verifyPasswordReset] = useVerifyPasswordResetMutation();
  const [resendOtp, resend] = useResendOtpMutation();
  const purpose: OtpPurpose = reset ? 'password_reset' : 'registration';

  async function onSubmit(values: OtpForm) {
    const otp = String(values.otp ?? '').trim();
    try {
      if (reset) {
        const { resetToken } = await verifyPasswordReset({ username, otp }).unwrap();
        toast({ title: MESSAGES.toast.otpVerified });
        navigate('/reset-password', { state: { resetToken } satisfies ResetPasswordState });
      } else {
        await verifyRegistration({ username, otp }).unwrap();
        toast({ title: MESSAGES.toast.emailVerified });
        navigate('/login');
      }
      return undefined;
    } catch (e) {
      toastError(MESSAGES.destructive.verifyOtp.title, errorDescription(e, MESSAGES.destructive.verifyOtp.description));
      return toSubmitErrors(e);
    }
  }

  async function onResend() {
    try {
      await resendOtp({ username, purpose }).unwrap();
      toast({ title: MESSAGES.toast.otpSent });
    } catch (e) {
      toastError(MESSAGES.destructive.resendOtp.title, errorDescription(e, MESSAGES.destructive.resendOtp.description));
    }
  }

  return (
    <AuthCard
      title={reset ? T.resetTitle : T.title}
      intro={T.intro(username)}
      footer={
        <>
          <p>
            {T.noCode}{' '}
            <button type="button" className="auth-link-button" onClick={() => void onResend()} disabled={resend.isLoading}>
              {MESSAGES.ui.verifyOtp.resend}
            </button>
          </p>
          <p>
            <Link to="/login">{MESSAGES.ui.verifyOtp.backToLogin}</Link>
          </p>
        </>
      }
    >
      <Form<OtpForm> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate>
            <OtpField autoFocus />
            <SubmitButton className="auth-submit" text={MESSAGES.ui.verifyOtp.submit} submitting={submitting} />
          </form>
        )}
      </Form>
    </AuthCard>
  );
}
