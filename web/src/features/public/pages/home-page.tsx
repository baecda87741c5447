import '../public.css';
import { APPROVAL_TIME, FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS, HOME_MESSAGES, TAGLINE } from '@vidyalaya/shared';
import { BP } from '../../../components/blueprint/bp';
import { ArrowIcon, LinkButton } from '../../../components/layout/link-button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { CheckList } from '../components/check-list';
import { FeatureIcon } from '../components/icons';
import { FEATURE_AREAS } from '../content/feature-areas';
import { FREE_TRIAL_INCLUDES } from '../content/free-trial';
import { STEPS } from '../content/steps';

const HOME = HOME_MESSAGES;

/** Spec §2 Home page: hero, feature grid, four steps, free trial, closing call to action. */
export function Component() {
  useDocumentTitle(TAGLINE);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">School management for Indian schools</p>
            <h1 id="hero-title">{TAGLINE}</h1>
            <p className="hero-lead">
              Vidyalaya brings admissions, attendance, exams, report cards, timetables and fees into one simple platform, built
              for Indian schools from Nursery to Class 12.
            </p>
            <div className="button-row">
              <LinkButton to="/register" intent="primary" size="large" endIcon={<ArrowIcon />}>
                {HOME.startFreeTrial}
              </LinkButton>
              <LinkButton to="/features" variant="outlined" size="large">
                {HOME.watchDemo}
              </LinkButton>
            </div>
            <ul className="hero-facts" aria-label="Free trial at a glance">
              <li>
                <strong>{FREE_TRIAL_DAYS} days</strong> free
              </li>
              <li>
                <strong>{FREE_TRIAL_MAX_STUDENTS}</strong> students
              </li>
              <li>
                Approval in <strong>{APPROVAL_TIME}</strong>
              </li>
            </ul>
          </div>
          <div className="hero-art">
            <img
              src="/illustrations/hero-dashboard.svg"
              width={560}
              height={420}
              alt="The Vidyalaya dashboard: today's attendance, fee collection, upcoming exams and a class list."
              fetchPriority="high"
              decoding="async"
              // The boot script waits for this picture's paint before it asks for the page's scripts
              // (scripts/prerender.mjs).
              {...{ elementtiming: 'hero' }}
            />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Features</p>
            <h2 id="features-title">Everything your school runs on</h2>
            <p>Six areas that cover the whole school day, from the admission desk to the report card.</p>
          </div>
          <ul className="feature-grid">
            {FEATURE_AREAS.map((area) => (
              <li key={area.title}>
                <div className={`${BP.CARD} ${BP.ELEVATION_0} feature-card`}>
                  <span className="feature-icon">
                    <FeatureIcon name={area.icon} />
                  </span>
                  <h3>{area.title}</h3>
                  <p>{area.summary}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="steps-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">How it works</p>
            <h2 id="steps-title">Up and running in four steps</h2>
            <p>Most schools go from sign-up to their first attendance register within a week.</p>
          </div>
          <ol className="steps">
            {STEPS.map((step, i) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.summary}</p>
              </li>
            ))}
          </ol>
          <div className="button-row button-row-center">
            <LinkButton to="/register" intent="primary" size="large" endIcon={<ArrowIcon />}>
              {HOME.startYourJourney}
            </LinkButton>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="trial-title">
        <div className="container trial-band">
          <div>
            <p className="eyebrow">Free Trial</p>
            <h2 id="trial-title">Try everything free for {FREE_TRIAL_DAYS} days</h2>
            <p>
              Start with the full platform for up to {FREE_TRIAL_MAX_STUDENTS} students. Our team helps you set up, and your
              questions go to the front of the queue.
            </p>
            <LinkButton to="/pricing" intent="primary" size="large">
              See Plans &amp; Pricing
            </LinkButton>
          </div>
          <div className={`${BP.CARD} bp6-elevation-1 trial-card`}>
            <p className="trial-card-label">The Free Trial includes</p>
            <CheckList items={FREE_TRIAL_INCLUDES} />
          </div>
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container cta-band-inner">
          <h2 id="cta-title">Ready to bring your school online?</h2>
          <p>Register today and have your classes, sections and subjects ready before the next bell.</p>
          <div className="button-row button-row-center">
            <LinkButton to="/register" size="large" className="cta-primary">
              {HOME.getStartedToday}
            </LinkButton>
            <LinkButton to="/contact" variant="outlined" size="large" className="cta-secondary">
              {HOME.talkToSales}
            </LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}
