import '../public.css';
import '../public-pages.css';
import { Card, Tag } from '@blueprintjs/core';
import { FREE_TRIAL_DAYS, NAV_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { LinkButton } from '../../../components/layout/link-button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { UPCOMING_PLANS } from '../../../lib/plans';
import { CheckList } from '../components/check-list';
import { PageIntro } from '../components/page-intro';
import { FREE_TRIAL_INCLUDES } from '../content/free-trial';

const P = UI_MESSAGES.pricing;

const CUSTOM_INCLUDES = [
  'Large schools and school groups',
  'Help moving records from your current system',
  'Onboarding and training for your staff',
  'A plan shaped around how your school works',
] as const;

/** Spec §2 Pricing: the Free Trial card and the Custom Solutions card; Basic/Standard/Premium coming soon, no prices. */
export function Component() {
  useDocumentTitle(NAV_MESSAGES.pricing);
  return (
    <>
      <PageIntro eyebrow="Pricing" title="Simple pricing: start free">
        <p>
          Today there is one plan, and it is free. Try the whole platform for {FREE_TRIAL_DAYS} days with our team alongside you.
        </p>
      </PageIntro>

      <section className="section" aria-label="Plans">
        <div className="container">
          <div className="pricing-grid">
            <Card className="plan-card plan-card-featured" elevation={1}>
              <div className="plan-card-head">
                <h2>{P.freeTrial}</h2>
                <Tag className="plan-tag" round>
                  Available now
                </Tag>
              </div>
              <p className="plan-price">
                Free<small>for {FREE_TRIAL_DAYS} days</small>
              </p>
              <p className="plan-summary">Everything Vidyalaya offers today, for one school, with help getting set up.</p>
              <CheckList items={FREE_TRIAL_INCLUDES} />
              <LinkButton to="/register" intent="primary" size="large" fill>
                {P.startFreeTrial}
              </LinkButton>
            </Card>

            <Card className="plan-card" elevation={1}>
              <div className="plan-card-head">
                <h2>{P.customSolutions}</h2>
              </div>
              <p className="plan-price">
                Let’s talk<small>tailored to you</small>
              </p>
              <p className="plan-summary">Running several schools or a large campus? We will work out the right set-up together.</p>
              <CheckList items={CUSTOM_INCLUDES} />
              <LinkButton to="/contact" variant="outlined" intent="primary" size="large" fill>
                {P.contactUs}
              </LinkButton>
            </Card>
          </div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="upcoming-title">
        <div className="container">
          <div className="section-head">
            <h2 id="upcoming-title">More plans are on the way</h2>
            <p>Basic, Standard and Premium plans are coming soon. Their prices will be published here before they launch.</p>
          </div>
          <ul className="upcoming-plans">
            {UPCOMING_PLANS.map((plan) => (
              <li key={plan.name} className="upcoming-plan">
                <h3>{plan.name}</h3>
                <Tag className="soon-tag" round>
                  Coming soon
                </Tag>
                <p>{plan.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
