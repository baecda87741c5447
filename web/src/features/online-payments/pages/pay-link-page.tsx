import { Callout, Spinner } from '@blueprintjs/core';
import { useParams } from 'react-router';
import { PublicLanguageSwitch } from '../../../components/language-switch';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import { usePayLinkConfirmMutation, usePayLinkOrderMutation, usePayLinkViewQuery } from '../api/online-payments-api';
import { PayPanel } from '../components/pay-panel';
import { useT } from '../i18n';
import '../components/online-payments.css';

/**
 * A pay link on the school's portal (/pay/{token}): one child's dues and the payment, without
 * signing in; nothing else of the school or the child is shown. An expired or unknown link says so.
 */
function PayLinkPage() {
  const t = useT();
  const { token = '' } = useParams();
  const view = usePayLinkViewQuery(token, { skip: !token });
  const [open] = usePayLinkOrderMutation();
  const [confirm] = usePayLinkConfirmMutation();
  const v = view.data;
  const code = (view.error as { data?: { error?: { code?: string } } } | undefined)?.data?.error?.code;
  return (
    <main className="op-page" data-testid="pay-link-page">
      <div className="op-lang">
        <PublicLanguageSwitch label={t('language')} />
      </div>
      <h1>{v ? v.school.name : t('pay.title')}</h1>
      {view.isLoading ? <Spinner size={24} /> : null}
      {view.isError ? (
        <Callout intent="warning" role="alert" data-testid="pay-link-error">
          {code === 'PAY_LINK_EXPIRED' ? t('link.expired') : t('link.invalid')}
        </Callout>
      ) : null}
      {v ? (
        <>
          <p className="op-strong" data-testid="pay-link-student">
            {v.student.className ? t('pay.forChildClass', { name: v.student.name, className: v.student.className }) : t('pay.forChild', { name: v.student.name })}
          </p>
          {v.gateway.provider === 'none' ? (
            <Callout intent="warning">{t('pay.notSetUp')}</Callout>
          ) : (
            <PayPanel
              schoolName={v.school.name}
              studentName={v.student.name}
              asOf={v.asOf}
              instalments={v.instalments}
              testMode={v.gateway.testMode}
              open={async (instalmentIds) => (await open({ token, instalmentIds }).unwrap()).order}
              confirm={(order, body) => confirm({ token, orderId: order.id, body }).unwrap()}
            />
          )}
        </>
      ) : null}
    </main>
  );
}

/**
 * Outside the workspace, like the portal and the application form: the language this device last
 * used is loaded (Hindi's catalogue only when chosen) and provided, with a switch on the page.
 */
export function Component() {
  return (
    <StoredLanguage loading={<Spinner size={24} />}>
      <PayLinkPage />
    </StoredLanguage>
  );
}
