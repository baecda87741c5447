import { DESTRUCTIVE_MESSAGES, TOAST_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { type ResetPasswordFormValues } from '@vidyalaya/shared/auth';
import { Form } from 'react-final-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PasswordField, SubmitButton } from '../components/fields';
import { errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { lazyZodValidate } from '../../../lib/forms/lazy-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toast, toastError } from '../../../lib/toast';
import { useResetPasswordMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { readResetToken } from '../verify-otp-state';
import { AUTH_TEXT } from '../messages';

const validate = lazyZodValidate(() => import('../schemas').then((m) => m.resetPasswordFormSchema));
const T = AUTH_TEXT.resetPassword;

/**
 * Spec §2 /reset-password: needs a reset token in the navigation state; without one it renders
 * nothing and goes to /forgot-password.
 */
export function Component() {
  const location = useLocation();
  const resetToken = readResetToken(location.state);
  if (!resetToken) return <Navigate to="/forgot-password" replace />;
  return <ResetPassword resetToken={resetToken} />;
}

function ResetPassword({ resetToken }: { resetToken: string }) {
  useDocumentTitle(T.title);
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();

  async function onSubmit(values: ResetPasswordFormValues) {
    try {
      await resetPassword({ resetToken, newPassword: String(values.password ?? '') }).unwrap();
    } catch (e) {
      const D = DESTRUCTIVE_MESSAGES.passwordReset;
      toastError(D.title, errorDescription(e, D.description));
      return toSubmitErrors(e);
    }
    toast(TOAST_MESSAGES.resetPasswordPage);
    navigate('/login', { replace: true });
    return undefined;
  }

  return (
    <AuthCard
      title={T.title}
      intro={AUTH_TEXT.forgotPassword.stepPassword}
      footer={
        <p>
          <Link to="/login">{UI_MESSAGES.verifyOtp.backToLogin}</Link>
        </p>
      }
    >
      <Form<ResetPasswordFormValues> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form className="auth-form" onSubmit={handleSubmit} noValidate>
            <PasswordField name="password" label="New password" autoComplete="new-password" autoFocus />
            <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
            <SubmitButton className="auth-submit" text={AUTH_TEXT.forgotPassword.resetPassword} submitting={submitting} />
          </form>
        )}
      </Form>
    </AuthCard>
  );
}
