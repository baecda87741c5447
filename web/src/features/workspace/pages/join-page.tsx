import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { type Language } from '@vidyalaya/shared';
import { newPasswordSchema, newUsernameSchema } from '@vidyalaya/shared/auth';
import { z } from 'zod';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { PasswordField, SubmitButton, TextField } from '../../../components/form';
import { asApiError, toSubmitErrors } from '../../../lib/api/errors';
import { signedIn } from '../../../lib/auth/auth-slice';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { formatDate } from '../../../lib/i18n/format';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { getPlatform } from '../../../lib/platform/platform';
import { portalSubdomainOf } from '../../../lib/portal-host';
import { toast, toastError } from '../../../lib/toast';
import { useAcceptInvitationMutation, useInvitationPreviewQuery, useUpdatePreferencesMutation, useWorkspaceLoginMutation } from '../api/workspace-api';
import { apiErrorText } from '../components/api-error-text';
import { EmptyState } from '../components/empty-state';
import { LanguageSwitch, takeChoiceMadeWhileSignedOut } from '../components/language-switch';
import { translateErrors, useT, type MessageId } from '../i18n';

/** A new account: the username and password (the invitation's e-mail address is the account's). */
const validate = zodValidate(z.object({ username: newUsernameSchema, password: newPasswordSchema }));
type JoinFormValues = { username?: string; password?: string };

/**
 * /join?token=…: the invitation e-mail's link. Shows which school and role it is for; a new person
 * chooses a username and password (the e-mail link proves the address), a signed-in person accepts
 * as themselves. Then they are signed in and land in the school's workspace.
 */
export function Component() {
  const t = useT();
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const auth = useAppSelector((s) => s.auth);
  const appDomain = useAppDomain();
  // On a school's host the server also checks that the invitation is this school's.
  const subdomain = getPlatform().kind === 'web' && appDomain ? (portalSubdomainOf(window.location.host, appDomain) ?? undefined) : undefined;
  const preview = useInvitationPreviewQuery({ token, subdomain }, { skip: !token || (getPlatform().kind === 'web' && !appDomain) });
  const [accept] = useAcceptInvitationMutation();
  const [login] = useWorkspaceLoginMutation();
  const [savePreferences] = useUpdatePreferencesMutation();
  const [accepting, setAccepting] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);
  useDocumentTitle(t('join.title'));

  const invitation = preview.data?.invitation;

  async function acceptAsMe() {
    setAccepting(true);
    try {
      const result = await accept({ token, subdomain }).unwrap();
      toast({ title: t('join.welcome', { school: invitation?.schoolName ?? '' }) });
      navigate(`/workspace/${result.membership.schoolId}`, { replace: true });
    } catch (e) {
      toastError(t('join.failed'), apiErrorText(t, e, 'common.tryAgain'));
    } finally {
      setAccepting(false);
    }
  }

  async function onSubmit(values: JoinFormValues) {
    const username = String(values.username ?? '').trim();
    const password = String(values.password ?? '');
    try {
      const result = await accept({ token, subdomain, username, password }).unwrap();
      const session = await login({ username, password }).unwrap();
      await dispatch(signedIn({ tokens: { accessToken: session.accessToken, refreshToken: session.refreshToken }, user: session.user }));
      // The new account starts in the language the page was read in.
      takeChoiceMadeWhileSignedOut();
      void savePreferences({ language: (i18n.locale || 'en') as Language }).unwrap().catch(() => undefined);
      toast({ title: t('join.welcome', { school: invitation?.schoolName ?? '' }) });
      navigate(`/workspace/${result.membership.schoolId}`, { replace: true });
      return undefined;
    } catch (e) {
      // The address already has an account: that person signs in, then accepts as themselves.
      if (asApiError(e).code === 'EMAIL_TAKEN') {
        setEmailTaken(true);
        return undefined;
      }
      toastError(t('join.failed'), apiErrorText(t, e, 'common.tryAgain'));
      return translateErrors(t, toSubmitErrors(e));
    }
  }

  let body;
  if (!token || (preview.isError && asApiError(preview.error).status === 404) || (preview.isError && asApiError(preview.error).status === 400)) {
    body = <EmptyState icon="disable" title={t('join.invalid.title')} description={t('join.invalid.text')} />;
  } else if (preview.isError) {
    body = <EmptyState icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} action={<Button className="ws-touch" text={t('common.retry')} onClick={() => void preview.refetch()} />} />;
  } else if (!invitation) {
    body = <Spinner size={32} aria-label={t('common.loading')} />;
  } else {
    body = (
      <Card className="ws-card ws-auth-card" elevation={1}>
        <h1>{t('join.heading', { school: invitation.schoolName })}</h1>
        <p>{t('join.invitedAs', { name: invitation.name, role: t(`role.${invitation.role}` as MessageId) })}</p>
        <p className="ws-muted">
          {invitation.email} · {t('join.expires', { date: formatDate(invitation.expiresAt) })}
        </p>
        {auth.status === 'authenticated' && auth.user ? (
          <div className="ws-form">
            <p>{t('join.signedInAs', { username: auth.user.username })}</p>
            <Button className="ws-touch ws-submit" intent="primary" size="large" loading={accepting} text={t('join.acceptAsMe')} onClick={() => void acceptAsMe()} />
          </div>
        ) : (
          <>
            {emailTaken ? (
              <Callout intent="warning" className="ws-callout" role="alert">
                {t('join.emailTaken')}
              </Callout>
            ) : null}
            <h2 className="ws-subheading">{t('join.chooseTitle')}</h2>
            <Form<JoinFormValues> onSubmit={onSubmit} validate={(v) => translateErrors(t, validate(v))}>
              {({ handleSubmit, submitting }) => (
                <form onSubmit={handleSubmit} noValidate className="ws-form">
                  <TextField name="username" label={t('join.username')} autoComplete="username" leftIcon="user" autoFocus />
                  <PasswordField name="password" label={t('join.password')} autoComplete="new-password" helperText={t('join.passwordHelp')} />
                  <SubmitButton className="ws-submit" text={t('join.submit')} submitting={submitting} />
                </form>
              )}
            </Form>
            <p className="ws-muted ws-auth-foot">
              {t('join.haveAccount')} <Link to="/sign-in" state={{ from: `/join?token=${encodeURIComponent(token)}` }}>{t('join.signInFirst')}</Link>
            </p>
          </>
        )}
      </Card>
    );
  }

  return (
    <main className="ws-page ws-page--center">
      <div className="ws-page-tools">
        <LanguageSwitch />
      </div>
      {body}
    </main>
  );
}
