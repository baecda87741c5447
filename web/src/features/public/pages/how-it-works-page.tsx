import '../public.css';
import '../public-pages.css';
import { NAV_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { ArrowIcon, LinkButton } from '../../../components/layout/link-button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { FaqAccordion } from '../components/faq-accordion';
import { PageIntro } from '../components/page-intro';
import { faqItems } from '../content/faq';
import { STEPS } from '../content/steps';
import { useAppDomain } from '../hooks/use-app-domain';

/** Spec §2 How it works: the four steps, an FAQ accordion, 'Start Your Free Trial' → /register. */
export function Component() {
  useDocumentTitle(NAV_MESSAGES.howItWorks);
  const appDomain = useAppDomain();
  return (
    <>
      <PageIntro eyebrow="How it works" title="From sign-up to your first school day online">
        <p>Four steps, no installation and no payment details. Most schools are ready within a week.</p>
      </PageIntro>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="visually-hidden">
            The four steps
          </h2>
          <ol className="step-detail-list">
            {STEPS.map((step, i) => (
              <li key={step.title} className="step-detail">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>
                    <span className="visually-hidden">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p>{step.summary}</p>
                  <p>{step.detail}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="faq-title">
        <div className="container">
          <div className="section-head">
            <h2 id="faq-title">Frequently asked questions</h2>
            <p>Still wondering about something? Our team is happy to help.</p>
          </div>
          <FaqAccordion items={faqItems(appDomain)} />
          <div className="button-row button-row-center">
            <LinkButton to="/register" intent="primary" size="large" endIcon={<ArrowIcon />}>
              {UI_MESSAGES.howItWorks.startYourFreeTrial}
            </LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}
