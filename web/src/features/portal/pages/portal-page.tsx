import { Card, Icon, Spinner } from '@blueprintjs/core';
import { APP_NAME, formatLevel, TAGLINE } from '@vidyalaya/shared';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { mainSiteUrl, portalSubdomainOf } from '../../../lib/portal-host';
import { useFrontDoorQuery, usePublicSchoolQuery } from '../api/portal-api';
import '../components/portal.css';
import { PORTAL_TEXT } from '../messages';

const T = PORTAL_TEXT.portal;
/** The school's own staff and parents sign in on its host (not the provider's administrator login). */
const SIGN_IN = 'Staff and parents: sign in';

/**
 * A school's portal, opened on `{subdomain}.{APP_DOMAIN}`: the school's public profile and a way
 * to sign in; an unknown or inactive subdomain gets a clear 'not available' page.
 */
export function Component() {
  const appDomain = useAppDomain();
  const subdomain = appDomain ? portalSubdomainOf(window.location.host, appDomain) : null;
  const query = usePublicSchoolQuery(subdomain ?? '', { skip: !subdomain });
  const door = useFrontDoorQuery(subdomain ?? '', { skip: !subdomain || !query.data }).data?.school;
  const school = query.data?.school;
  const loading = !appDomain || (subdomain !== null && (query.isLoading || query.isUninitialized));
  useDocumentTitle(school ? school.name : loading ? 'School portal' : T.notAvailable);

  if (loading) {
    return (
      <main className="portal portal--center" aria-busy="true">
        <div role="status" className="portal-loading">
          <Spinner size={40} aria-hidden />
          <p>Loading...</p>
        </div>
      </main>
    );
  }

  const home = mainSiteUrl(appDomain ?? '');
  if (!school) {
    return (
      <main className="portal portal--center">
        <Card className="portal-card portal-card--missing" elevation={2}>
          <Icon icon="office" size={48} className="portal-missing-icon" aria-hidden />
          <h1>{T.notAvailable}</h1>
          <p>{T.notAvailableText}</p>
          <a href={home} className="bp6-button bp6-intent-primary bp6-large portal-link-button">
            {T.goToMainSite}
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
        <a href="/sign-in" className="bp6-button bp6-intent-primary portal-link-button">
          <Icon icon="log-in" aria-hidden /> {SIGN_IN}
        </a>
      </header>
      <main className="portal-main">
        <section className="portal-hero" aria-labelledby="portal-school-name">
          <p className="portal-kicker">School portal</p>
          <h1 id="portal-school-name">{school.name}</h1>
          {door?.principalName ? <p className="portal-location">Principal: {door.principalName}</p> : null}
          {location ? (
            <p className="portal-location">
              <Icon icon="map-marker" aria-hidden /> {location}
            </p>
          ) : null}
        </section>
        <Card className="portal-card" elevation={1}>
          <h2>Admissions</h2>
          <p>Parents and guardians can apply for a place online; the school replies by e-mail.</p>
          <a href="/apply" className="bp6-button bp6-intent-primary bp6-large portal-link-button">
            <Icon icon="new-person" aria-hidden /> Apply for admission
          </a>
        </Card>
        <Card className="portal-card" elevation={1}>
          <h2>About the school</h2>
          <dl className="portal-facts">
            <div>
              <dt>{T.board}</dt>
              <dd>{school.board || '—'}</dd>
            </div>
            <div>
              <dt>Affiliation no.</dt>
              <dd>{door?.affiliationNumber || '—'}</dd>
            </div>
            <div>
              <dt>{T.level}</dt>
              <dd className="portal-capitalise">{formatLevel(school.level)}</dd>
            </div>
            <div>
              <dt>Principal</dt>
              <dd>{door?.principalName || '—'}</dd>
            </div>
          </dl>
        </Card>
        <Card className="portal-card" elevation={1}>
          <h2>Contact</h2>
          <dl className="portal-facts">
            <div>
              <dt>Address</dt>
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
              <dt>Phone</dt>
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
              <dt>E-mail</dt>
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
        <Card className="portal-card" elevation={1}>
          <h2>Staff and parents</h2>
          <p>Teachers, office staff and parents of this school sign in here to the school’s own workspace.</p>
          <a href="/sign-in" className="bp6-button bp6-intent-primary bp6-large portal-link-button">
            <Icon icon="log-in" aria-hidden /> {SIGN_IN}
          </a>
        </Card>
      </main>
      <footer className="portal-footer">
        <p>
          {APP_NAME} — {TAGLINE}
        </p>
      </footer>
    </div>
  );
}
