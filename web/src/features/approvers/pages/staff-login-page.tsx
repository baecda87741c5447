import { Button, Callout, Card } from '@blueprintjs/core';
import { DESTRUCTIVE_MESSAGES, NOT_ALLOWED_MESSAGES, TOAST_MESSAGES } from '@vidyalaya/shared';
import { type LoginInput, loginSchema } from '@vidyalaya/shared/auth';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { NotAllowed } from '../../../components/not-allowed';
import { PasswordField, SubmitButton, TextField } from '../../../components/form';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { authApi } from '../../../lib/auth/auth-api';
import { endSession, signedIn } from '../../../lib/auth/auth-slice';
import { toast, toastError } from '../../../lib/toast';
import { useStaffLoginMutation } from '../api/staff-api';
import { useSession, useThunkDispatch } from '../hooks/use-session';
import { STAFF_TEXT } from '../messages';

/**
 * Staff sign-in. Only a staff account is let in: anyone else's new session is revoked at once and
 * nothing of it is kept (no token reaches the keychain), and the page says 'Not allowed'.
 */
export function Component() {
  const { status, user } = useSession();
  const [login] = useStaffLoginMutation();
  const dispatch = useThunkDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [refused, setRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;

  if (status === 'authenticated' && user?.role === 'staff' && !refused) return <Navigate to={from ?? '/staff/schools'} replace />;
  if (refused) {
    return (
      <NotAllowed
        description={NOT_ALLOWED_MESSAGES.staffSignInRefused}
        action={<Button text={STAFF_TEXT.signIn} icon="log-in" onClick={() => setRefused(false)} />}
      />
    );
  }

  const onSubmit = async (values: LoginInput) => {
    setError(null);
    const res = await login(values);
    if ('error' in res) {
      const message = (res.error as { message?: string }).message ?? DESTRUCTIVE_MESSAGES.login.description;
      setError(message);
      toastError(DESTRUCTIVE_MESSAGES.login.title, message);
      return;
    }
    const { accessToken, refreshToken, user: who } = res.data;
    if (who.role !== 'staff') {
      // End the session just opened on the server, and whatever this app had signed in before.
      const out = await dispatch(authApi.endpoints.logout.initiate({ refreshToken }));
      if ('error' in out) console.warn('Could not revoke the refused session', out.error);
      await endSession(dispatch);
      setRefused(true);
      return;
    }
    await dispatch(signedIn({ tokens: { accessToken, refreshToken }, user: who }));
    toast({ title: TOAST_MESSAGES.loginSuccess });
    navigate(from ?? '/staff/schools', { replace: true });
  };

  return (
    <main style={{ display: "grid", placeItems: "center", padding: "48px 16px" }}>
      <Card elevation={2} style={{ width: '100%', maxWidth: 420 }}>
        <h1 style={{ marginTop: 0 }}>{STAFF_TEXT.loginTitle}</h1>
        <p>{STAFF_TEXT.loginIntro}</p>
        {error ? (
          <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
            {error}
          </Callout>
        ) : null}
        <Form<LoginInput> onSubmit={onSubmit} validate={zodValidate(loginSchema)}>
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate>
              <TextField name="username" label={STAFF_TEXT.usernameLabel} leftIcon="user" autoComplete="username" autoFocus />
              <PasswordField name="password" label={STAFF_TEXT.passwordLabel} autoComplete="current-password" />
              <SubmitButton text={STAFF_TEXT.signIn} submitting={submitting} fill />
            </form>
          )}
        </Form>
      </Card>
    </main>
  );
}
