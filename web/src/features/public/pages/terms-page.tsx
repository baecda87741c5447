import '../public.css';
import '../public-pages.css';
import { APPROVAL_TIME, COMPANY, FOOTER_MESSAGES, FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS, GOVERNING_LAW, MIN_REGISTRANT_AGE } from '@vidyalaya/shared';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';

/** Spec §1 Terms: free service, no paid services or refunds, 18+, data kept until deletion is asked for, Uttar Pradesh law. */
export function Component() {
  return (
    <LegalPage
      title={FOOTER_MESSAGES.terms}
      summary={
        <>
          {COMPANY.name} is currently free: there are no paid services and so no refunds. You must be {MIN_REGISTRANT_AGE} or over
          and authorised to act for your school. These terms are governed by the laws of {GOVERNING_LAW}, India.
        </>
      }
    >
      <h2>1. About these terms</h2>
      <p>
        These terms govern your use of {COMPANY.name}, a school management platform run by {COMPANY.name} from{' '}
        {COMPANY.address.city}, India (“we”, “us”). By registering an account or using the platform you agree to them. If you do
        not agree, please do not use the platform.
      </p>

      <h2>2. Who may register</h2>
      <p>
        Only school administrators register directly. By registering you confirm that you are at least {MIN_REGISTRANT_AGE} years
        old and that you are authorised to act on behalf of the school you register. Teachers and students are added by the
        school’s administrator and are users of the platform under these terms too; the administrator is responsible for making
        sure they may be added.
      </p>

      <h2>3. Your account</h2>
      <ul>
        <li>Keep your username and password secret; you are responsible for everything done with your account.</li>
        <li>Give accurate information about yourself and your school, and keep it up to date.</li>
        <li>Tell us straight away at {COMPANY.email} if you think someone else has used your account.</li>
      </ul>

      <h2>4. Approval of schools</h2>
      <p>
        Every new school is reviewed by our team, usually within {APPROVAL_TIME}. We may refuse a school, or suspend one later,
        if its details are false or the platform is misused. After approval the school’s portal is available under its own
        subdomain.
      </p>

      <h2>5. Fees and the free trial</h2>
      <p>
        The service is currently free of charge and we offer no paid services. The free trial gives full access for{' '}
        {FREE_TRIAL_DAYS} days, for up to {FREE_TRIAL_MAX_STUDENTS} students. If we introduce paid plans we will publish their
        prices and terms first, and nothing will be charged unless you choose a plan. Any future payments may be processed by a
        card payment provider; we never store card numbers ourselves.
      </p>

      <h2>6. Refunds</h2>
      <p>
        As no payments are taken, there is nothing to refund and no refunds are given. See our{' '}
        <Link to="/refund">{FOOTER_MESSAGES.refund}</Link>.
      </p>

      <h2>7. Acceptable use</h2>
      <ul>
        <li>Use the platform only to run your school and only with data you are allowed to hold.</li>
        <li>Do not try to reach another school’s data, break the platform’s security or overload it.</li>
        <li>Do not use the platform to send spam or unlawful content.</li>
      </ul>

      <h2>8. Your data</h2>
      <p>
        The records you enter belong to your school. We use them only to provide the service, as our{' '}
        <Link to="/privacy">{FOOTER_MESSAGES.privacy}</Link> explains. Transactional e-mails (such as verification codes and
        approval decisions) are sent through an e-mail provider, and the platform is hosted on a cloud provider. Personal data
        is kept indefinitely unless you ask us to delete it by e-mail to {COMPANY.email}.
      </p>

      <h2>9. Availability and liability</h2>
      <p>
        We work hard to keep the platform available and your data safe, but the service is provided “as is”, without any
        guarantee that it will always be uninterrupted or error-free. To the extent the law allows, we are not liable for
        indirect losses arising from the use of the platform.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms. The date at the top of this page shows when they last changed; for important changes we will
        also tell administrators by e-mail.
      </p>

      <h2>11. Governing law</h2>
      <p>
        These terms are governed by the laws of {GOVERNING_LAW}, India. Our office is in {COMPANY.address.city},{' '}
        {COMPANY.address.country}.
      </p>
    </LegalPage>
  );
}
