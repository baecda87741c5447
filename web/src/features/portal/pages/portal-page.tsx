import { Card, Icon, Spinner } from '@blueprintjs/core';
import { APP_NAME, formatLevel } from '@vidyalaya/shared';
import { PublicLanguageSwitch } from '../../../components/language-switch';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import { mainSiteUrl, portalSubdomainOf } from '../../../lib/portal-host';
import { useFrontDoorQuery, usePublicSchoolQuery, usePublishedTcListQuery } from '../api/portal-api';
import '../components/portal.css';
import { useT, type MessageId } from '../i18n';

/**
 * The portal sits outside the workspace: like the application page it loads the language this
 * device last used (Hindi's catalogue only when chosen) and provides it, so the page follows the
 * same choice as the workspace and the switch in its header.
 */
export function Component() {
  return (
    <StoredLanguage loading={<Loading text="Loading..." />}>
      <PortalPage />
    </StoredLanguage>
  );
}

function Loading(props: { text: string }) {
  return (
    <main className="portal portal--center" aria-busy="true">
      <div role="status" className="portal-loading">
        <Spinner size={40} aria-hidden />
        <p>{props.text}</p>
      </div>
    </main>
  );
}

/**
 * A school's portal, opened on `{subdomain}.{APP_DOMAIN}`: the school's public profile (contact
 * details, address, principal, board and affiliation), the way to apply for admission and to sign
 * in, in English or Hindi; an unknown or inactive subdomain gets a clear 'not available' page.
 */
function PortalPage() {
  const t = useT();
  const appDomain = useAppDomain();
  const subdomain = appDomain ? portalSubdomainOf(window.location.host, appDomain) : null;
  const query = usePublicSchoolQuery(subdomain ?? '', { skip: !subdomain });
  const door = useFrontDoorQuery(subdomain ?? '', { skip: !subdomain || !query.data }).data?.school;
  // Shown only when the school publishes its TC list (the call answers 404 otherwise).
  const tcList = usePublishedTcListQuery(subdomain ?? '', { skip: !subdomain || !query.data }).data;
  const school = query.data?.school;
  const loading = !appDomain || (subdomain !== null && (query.isLoading || query.isUninitialized));
  useDocumentTitle(school ? school.name : loading ? t('portal.docTitle') : t('portal.notAvailable'));

  if (loading) {
    return <Loading text={t('portal.loading')} />;
  }

  const home = mainSiteUrl(appDomain ?? '');
  if (!school) {
    return (
      <main className="portal portal--center">
        <Card className="portal-card portal-card--missing" elevation={2}>
          <Icon icon="office" size={48} className="portal-missing-icon" aria-hidden />
          <h1>{t('portal.notAvailable')}</h1>
          <p>{t('portal.notAvailableText')}</p>
          <a href={home} className="bp6-button bp6-intent-primary bp6-large portal-link-button">
            {t('portal.goToMainSite')}
          </a>
        </Card>
      </main>
    );
  }

  const location = [school.city, school.state].filter(Boolean).join(', ');
  return (
    <div className="portal">
      <header className="portal-header">
        <a href={home} className="portal-brand">
          <Icon icon="learning" size={20} aria-hidden /> {APP_NAME}
        </a>
        <div className="portal-header-actions">
          <PublicLanguageSwitch label={t('portal.language')} />
          <a href="/sign-in" className="bp6-button bp6-intent-primary portal-link-button">
            <Icon icon="log-in" aria-hidden /> {t('portal.signIn')}
          </a>
        </div>
      </header>
      <main className="portal-main">
        <section className="portal-hero" aria-labelledby="portal-school-name">
          <p className="portal-kicker">{t('portal.kicker')}</p>
          <h1 id="portal-school-name">{school.name}</h1>
          {door?.principalName ? <p className="portal-location">{t('portal.principalLine', { name: door.principalName })}</p> : null}
          {location ? (
            <p className="portal-location">
              <Icon icon="map-marker" aria-hidden /> {location}
            </p>
          ) : null}
        </section>
        <Card className="portal-card" elevation={1}>
          <h2>{t('portal.admissions.title')}</h2>
          <p>{t('portal.admissions.text')}</p>
          <a href="/apply" className="bp6-button bp6-intent-primary bp6-large portal-link-button">
            <Icon icon="new-person" aria-hidden /> {t('portal.apply')}
          </a>
        </Card>
        <Card className="portal-card" elevation={1}>
          <h2>{t('portal.about')}</h2>
          <dl className="portal-facts">
            <div>
              <dt>{t('portal.board')}</dt>
              <dd>{school.board || '—'}</dd>
            </div>
            <div>
              <dt>{t('portal.affiliation')}</dt>
              <dd>{door?.affiliationNumber || '—'}</dd>
            </div>
            <div>
              <dt>{t('portal.level')}</dt>
              <dd className="portal-capitalise">{levelName(t, school.level)}</dd>
            </div>
            <div>
              <dt>{t('portal.principal')}</dt>
              <dd>{door?.principalName || '—'}</dd>
            </div>
          </dl>
        </Card>
        <Card className="portal-card" elevation={1}>
          <h2>{t('portal.contact')}</h2>
          <dl className="portal-facts">
            <div>
              <dt>{t('portal.address')}</dt>
              <dd>
                <address className="portal-address">
                  {door
                    ? [door.address.address1, door.address.address2, door.address.locality, door.address.landmark, `${door.address.city}, ${door.address.state} ${door.address.pinCode}`]
                        .filter(Boolean)
                        .map((line) => (
                          <span key={line} className="portal-line">
                            {line}
                          </span>
                        ))
                    : location || '—'}
                </address>
              </dd>
            </div>
            <div>
              <dt>{t('portal.phone')}</dt>
              <dd>
                {door?.phoneNumbers.length
                  ? door.phoneNumbers.map((p) => (
                      <a key={p} className="portal-line portal-tap" href={`tel:${p.replace(/\s/g, '')}`}>
                        {p}
                      </a>
                    ))
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('portal.email')}</dt>
              <dd>
                {door?.email ? (
                  <a className="portal-tap" href={`mailto:${door.email}`}>
                    {door.email}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </dl>
        </Card>
        {tcList ? (
          <Card className="portal-card" elevation={1} data-testid="portal-tc-list">
            <h2>{t('portal.tcList.title')}</h2>
            <p>{t('portal.tcList.text')}</p>
            <a href="/transfer-certificates" className="bp6-button bp6-large portal-link-button">
              <Icon icon="document" aria-hidden /> {t('portal.tcList.open')}
            </a>
          </Card>
        ) : null}
        <Card className="portal-card" elevation={1}>
          <h2>{t('portal.staff.title')}</h2>
          <p>{t('portal.staff.text')}</p>
          <a href="/sign-in" className="bp6-button bp6-intent-primary bp6-large portal-link-button">
            <Icon icon="log-in" aria-hidden /> {t('portal.signIn')}
          </a>
        </Card>
      </main>
      <footer className="portal-footer">
        <p>
          {APP_NAME} — {t('portal.tagline')}
        </p>
      </footer>
    </div>
  );
}

/** The school's level in the page's language ('mixed', 'मिश्रित'); an unknown one as stored. */
function levelName(t: ReturnType<typeof useT>, level: string): string {
  const id = `portal.level.${level}` as MessageId;
  const text = t(id);
  return text === id ? formatLevel(level) : text;
}
