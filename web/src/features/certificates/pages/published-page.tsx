import { Callout, FormGroup, HTMLSelect, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { PublicLanguageSwitch } from '../../../components/language-switch';
import { formatDate } from '../../../lib/i18n/format';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import { portalSubdomainOf } from '../../../lib/portal-host';
import { usePublishedTcsQuery } from '../api/certificates-api';
import { useT, type MessageId } from '../i18n';
import '../components/certificates.css';

/**
 * The school's published transfer certificates on its portal ({portal}/transfer-certificates), when
 * the school turns it on: number, the pupil's initials, class, date of issue and status, by year.
 * No sign-in; nothing else about a child.
 */
function PublishedPage() {
  const t = useT();
  const appDomain = useAppDomain();
  const subdomain = appDomain ? portalSubdomainOf(window.location.host, appDomain) : null;
  const [academicYear, setAcademicYear] = useState<string | undefined>(undefined);
  const list = usePublishedTcsQuery({ subdomain: subdomain ?? '', academicYear }, { skip: !subdomain });
  const d = list.data;
  return (
    <main className="cert-verify cert-published">
      <div className="cert-lang">
        <PublicLanguageSwitch label={t('cert.language')} />
      </div>
      <h1>{t('cert.published.title')}</h1>
      {d ? <p className="cert-muted">{d.schoolName}</p> : null}
      {list.isLoading || !appDomain ? <Spinner size={24} aria-label={t('cert.verify.checking')} /> : null}
      {list.isError || (appDomain && !subdomain) ? (
        <Callout intent="warning" role="alert" data-testid="published-unavailable">
          {t('cert.published.unavailable')}
        </Callout>
      ) : null}
      {d ? (
        <>
          {d.academicYears.length > 1 ? (
            <FormGroup label={t('cert.register.year')} labelFor="cert-published-year">
              <HTMLSelect id="cert-published-year" large value={d.academicYear} onChange={(e) => setAcademicYear(e.target.value)}>
                {d.academicYears.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : (
            <p>{t('cert.published.year', { year: d.academicYear })}</p>
          )}
          {d.items.length === 0 ? <p>{t('cert.published.empty')}</p> : null}
          {d.items.length > 0 ? (
            <div className="cert-table-wrap">
              <HTMLTable compact striped data-testid="published-list">
                <thead>
                  <tr>
                    <th>{t('cert.register.number')}</th>
                    <th>{t('cert.published.initials')}</th>
                    <th className="cert-hide-narrow">{t('cert.published.class')}</th>
                    <th>{t('cert.register.issuedOn')}</th>
                    <th>{t('cert.register.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((c) => (
                    <tr key={c.number}>
                      <td>{c.number}</td>
                      <td>{c.initials}</td>
                      <td className="cert-hide-narrow">{c.className ?? '—'}</td>
                      <td>{formatDate(c.issuedOn)}</td>
                      <td>
                        <Tag intent={c.status === 'issued' ? 'success' : 'danger'}>{t(`cert.register.status.${c.status}` as MessageId)}</Tag>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          ) : null}
          <p className="cert-muted">{t('cert.published.privacy')}</p>
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
      <PublishedPage />
    </StoredLanguage>
  );
}
