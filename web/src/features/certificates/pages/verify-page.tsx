import { Callout, Spinner, Tag } from '@blueprintjs/core';
import { useParams } from 'react-router';
import { PublicLanguageSwitch } from '../../../components/language-switch';
import { formatDate } from '../../../lib/i18n/format';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import { useVerifyCertificateQuery } from '../api/certificates-api';
import { useT, type MessageId } from '../i18n';
import '../components/certificates.css';

/**
 * The public check a certificate's QR code opens, on the school's portal (/verify/{code}): what the
 * certificate says about itself (kind, number, school, the student's name with the surname as an
 * initial, the day of issue, issued or cancelled) and nothing more. No sign-in.
 */
function VerifyPage() {
  const t = useT();
  const { code = '' } = useParams();
  const check = useVerifyCertificateQuery(code, { skip: !code });
  const c = check.data;
  return (
    <main className="cert-verify">
      <div className="cert-lang">
        <PublicLanguageSwitch label={t('cert.language')} />
      </div>
      <h1>{t('cert.verify.title')}</h1>
      {check.isLoading ? <Spinner size={24} aria-label={t('cert.verify.checking')} /> : null}
      {check.isError ? (
        <Callout intent="warning" role="alert" data-testid="verify-unknown">
          {t('cert.verify.unknown')}
        </Callout>
      ) : null}
      {c ? (
        <>
          <Callout intent={c.status === 'issued' ? 'success' : 'danger'} role="status" data-testid="verify-result" data-status={c.status}>
            {c.status === 'issued' ? t('cert.verify.valid') : t('cert.verify.cancelledNote')}
          </Callout>
          <dl>
            <div>
              <dt>{t('cert.kind')}</dt>
              <dd>{t(`cert.kind.${c.kind}` as MessageId)}</dd>
            </div>
            <div>
              <dt>{t('cert.verify.number')}</dt>
              <dd>{c.number}</dd>
            </div>
            <div>
              <dt>{t('cert.verify.school')}</dt>
              <dd>{c.schoolName}</dd>
            </div>
            <div>
              <dt>{t('cert.verify.student')}</dt>
              <dd>{c.studentName}</dd>
            </div>
            <div>
              <dt>{t('cert.verify.issuedOn')}</dt>
              <dd>{formatDate(c.issuedOn)}</dd>
            </div>
            <div>
              <dt>{t('cert.verify.status')}</dt>
              <dd>
                <Tag intent={c.status === 'issued' ? 'success' : 'danger'}>{t(`cert.register.status.${c.status}` as MessageId)}</Tag>
              </dd>
            </div>
          </dl>
          <p className="cert-muted">{t('cert.verify.privacy')}</p>
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
      <VerifyPage />
    </StoredLanguage>
  );
}
