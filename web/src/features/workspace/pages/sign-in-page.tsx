import { Card } from '@blueprintjs/core';
import { loginSchema, type LoginInput } from '@vidyalaya/shared/auth';
import { Form } from 'react-final-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { PasswordField, SubmitButton, TextField } from '../../../components/form';
import { toSubmitErrors } from '../../../lib/api/errors';
import { signedIn } from '../../../lib/auth/auth-slice';
import { rememberedOrigin } from '../../../lib/auth/guards';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { getPlatform } from '../../../lib/platform/platform';
import { mainSiteUrl, portalSubdomainOf } from '../../../lib/portal-host';
import { toastError } from '../../../lib/toast';
import { useWorkspaceLoginMutation } from '../api/workspace-api';
import { apiErrorText } from '../components/api-error-text';
import { LanguageSwitch } from '../components/language-switch';
import { translateErrors, useT } from '../i18n';

const validate = zodValidate(loginSchema);

/** Sign-in to the workspace (on a school's host, and in the desktop app), in either language. */
export function Component() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const [login] = useWorkspaceLoginMutation();
  useDocumentTitle(t('signIn.title'));
  const appDomain = useAppDomain();
  const onPortal = getPlatform().kind === 'web' && !!appDomain && !!portalSubdomainOf(window.location.host, appDomain);
  const next = rememberedOrigin(location.state) ?? '/workspace';
  if (status === 'authenticated') return <Navigate to={next} replace />;

  async function onSubmit(values: Partial<LoginInput>) {
    try {
      const result = await login({ username: String(values.username ?? '').trim(), password: String(values.password ?? '') }).unwrap();
      await dispatch(signedIn({ tokens: { accessToken: result.accessToken, refreshToken: result.refreshToken }, user: result.user }));
      navigate(next, { replace: true });
      return undefined;
    } catch (e) {
      toastError(t('signIn.failed'), apiErrorText(t, e, 'signIn.failedText'));
      return translateErrors(t, toSubmitErrors(e));
    }
  }

  return (
    <main className="ws-page ws-page--center">
      <div className="ws-page-tools">
        <LanguageSwitch />
      </div>
      <Card className="ws-card ws-auth-card" elevation={1}>
        <h1>{t('signIn.title')}</h1>
        <p className="ws-muted">{t('signIn.intro')}</p>
        <Form<Partial<LoginInput>> onSubmit={onSubmit} validate={(v) => translateErrors(t, validate(v))}>
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate className="ws-form">
              <TextField name="username" label={t('signIn.username')} autoComplete="username" leftIcon="user" autoFocus />
              <PasswordField name="password" label={t('signIn.password')} autoComplete="current-password" />
              <SubmitButton className="ws-submit" text={t('signIn.submit')} submitting={submitting} />
            </form>
          )}
        </Form>
        <p className="ws-muted ws-auth-foot">{t('signIn.invited')}</p>
        <p className="ws-auth-foot">
          {onPortal && appDomain ? <a href={mainSiteUrl(appDomain, '/forgot-password')}>{t('signIn.forgot')}</a> : <Link to="/forgot-password">{t('signIn.forgot')}</Link>}
        </p>
      </Card>
    </main>
  );
}
