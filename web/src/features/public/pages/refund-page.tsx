import '../public.css';
import '../public-pages.css';
import { COMPANY, FOOTER_MESSAGES, FREE_TRIAL_DAYS } from '@vidyalaya/shared';
import { LegalPage } from '../components/legal-page';

/** Spec §1: the service is free, there are no paid services and no refunds. */
export function Component() {
  return (
    <LegalPage
      title={FOOTER_MESSAGES.refund}
      summary={<>{COMPANY.name} is currently free. We take no payments, so there is nothing to refund.</>}
    >
      <h2>1. The service is free</h2>
      <p>
        {COMPANY.name} currently offers no paid services. The free trial runs for {FREE_TRIAL_DAYS} days with full access, and no
        payment details are asked for when you register.
      </p>

      <h2>2. No refunds</h2>
      <p>Because no payments are taken, no refunds are issued.</p>

      <h2>3. If paid plans are introduced</h2>
      <p>
        Basic, Standard and Premium plans are coming soon. Before any of them is offered we will publish its price and a refund
        policy for it on this page, and nothing will be charged unless you choose a plan. Payments would be processed by a card
        payment provider.
      </p>

      <h2>4. Questions</h2>
      <p>
        If you believe you have been charged by mistake, e-mail <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> and we will
        look into it straight away.
      </p>
    </LegalPage>
  );
}
