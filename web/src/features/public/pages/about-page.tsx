import '../public.css';
import '../public-pages.css';
import { Card, Tag } from '@blueprintjs/core';
import { COMPANY, NAV_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { LinkButton } from '../../../components/layout/link-button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { PageIntro } from '../components/page-intro';
import { MISSION, TEAM, TECHNOLOGY, VALUES, VISION } from '../content/about';

/** Spec §2 About: mission, vision, values, team, technology badges and a link to /contact. */
export function Component() {
  useDocumentTitle(NAV_MESSAGES.about);
  return (
    <>
      <PageIntro eyebrow="About us" title={`About ${COMPANY.name}`}>
        <p>
          We are a small team in {COMPANY.address.city}, {COMPANY.address.state}, building school software that is simple enough
          for every teacher and affordable for every school.
        </p>
      </PageIntro>

      <section className="section" aria-label="Mission and vision">
        <div className="container statement-grid">
          <Card className="statement" elevation={0}>
            <h2>Our Mission</h2>
            <p>{MISSION}</p>
          </Card>
          <Card className="statement" elevation={0}>
            <h2>Our Vision</h2>
            <p>{VISION}</p>
          </Card>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <h2 id="values-title">Our Values</h2>
            <p>What we hold to when we decide what to build and how.</p>
          </div>
          <ul className="value-grid">
            {VALUES.map((v) => (
              <li key={v.title}>
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <div className="section-head">
            <h2 id="team-title">Our Team</h2>
            <p>Engineers, former teachers and school administrators who know how a school office really works.</p>
          </div>
          <ul className="team-grid">
            {TEAM.map((t) => (
              <li key={t.title}>
                <span className="team-avatar" aria-hidden="true">
                  {t.initials}
                </span>
                <h3>{t.title}</h3>
                <p>{t.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="tech-title">
        <div className="container">
          <div className="section-head">
            <h2 id="tech-title">Our Technology</h2>
            <p>Proven, open technologies chosen for reliability and security.</p>
          </div>
          <ul className="tech-badges">
            {TECHNOLOGY.map((t) => (
              <li key={t}>
                <Tag round size="large">
                  {t}
                </Tag>
              </li>
            ))}
          </ul>
          <div className="section-cta">
            <h2>Want to know more?</h2>
            <p>We would love to hear about your school and answer your questions.</p>
            <div className="button-row button-row-center">
              <LinkButton to="/contact" intent="primary" size="large">
                {UI_MESSAGES.pricing.contactUs}
              </LinkButton>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
