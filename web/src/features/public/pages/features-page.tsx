import '../public.css';
import '../public-pages.css';
import { Card, Tag } from '@blueprintjs/core';
import { NAV_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { ArrowIcon, LinkButton } from '../../../components/layout/link-button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { CheckList } from '../components/check-list';
import { CheckIcon, FeatureIcon } from '../components/icons';
import { PageIntro } from '../components/page-intro';
import { FEATURE_AREAS } from '../content/feature-areas';
import { AVAILABLE_FEATURES, COMING_SOON_FEATURES } from '../content/features';

const F = UI_MESSAGES.features;

/** Spec §2 Features: the six areas, Available Features, Coming Soon, Get Started → /register. */
export function Component() {
  useDocumentTitle(NAV_MESSAGES.features);
  return (
    <>
      <PageIntro eyebrow="Features" title="Everything a school needs, in one place">
        <p>
          From the admission desk to the exam hall, Vidyalaya replaces registers and spreadsheets with one set of records your
          whole staff can trust.
        </p>
      </PageIntro>

      <section className="section" aria-labelledby="areas-title">
        <div className="container">
          <div className="section-head">
            <h2 id="areas-title">Six areas, one platform</h2>
            <p>Each area works with the others, so a student added once shows up everywhere.</p>
          </div>
          <ul className="area-list">
            {FEATURE_AREAS.map((area) => (
              <li key={area.title}>
                <Card className="feature-card" elevation={0}>
                  <span className="feature-icon">
                    <FeatureIcon name={area.icon} />
                  </span>
                  <h3>{area.title}</h3>
                  <p>{area.summary}</p>
                  <CheckList items={area.points} />
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="available-title">
        <div className="container">
          <div className="section-head">
            <h2 id="available-title">{F.available}</h2>
            <p>Ready to use today, included in the free trial.</p>
          </div>
          <ul className="feature-list">
            {AVAILABLE_FEATURES.map((f) => (
              <li key={f.name} className="feature-item">
                <CheckIcon size={20} />
                <div>
                  <h3>{f.name}</h3>
                  <p>{f.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="soon-title">
        <div className="container">
          <div className="section-head">
            <h2 id="soon-title">{F.comingSoon}</h2>
            <p>What we are building next, shaped by the schools already using Vidyalaya.</p>
          </div>
          <ul className="feature-list">
            {COMING_SOON_FEATURES.map((f) => (
              <li key={f.name} className="feature-item feature-item-soon">
                <div>
                  <Tag className="soon-tag" round>
                    Coming soon
                  </Tag>
                  <h3>{f.name}</h3>
                  <p>{f.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="section-cta">
            <h2>See it with your own school’s data</h2>
            <p>Register, set up your classes and try every available feature free.</p>
            <div className="button-row button-row-center">
              <LinkButton to="/register" intent="primary" size="large" endIcon={<ArrowIcon />}>
                {F.getStarted}
              </LinkButton>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
