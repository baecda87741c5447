import '../public.css';
import '../public-pages.css';
import { Card } from '@blueprintjs/core';
import { BUSINESS_HOURS, COMPANY, CONTACT_REPLY_WITHIN, CONTACT_RESPONSE_TARGETS, NAV_MESSAGES } from '@vidyalaya/shared';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { ContactForm } from '../components/contact-form';
import { ClockIcon } from '../components/icons';
import { PageIntro } from '../components/page-intro';

/** Spec §2 Contact: the message form, office details and the quick-response list. */
export function Component() {
  useDocumentTitle(NAV_MESSAGES.contact);
  return (
    <>
      <PageIntro eyebrow="Contact" title="Contact Us">
        <p>
          Questions about Vidyalaya, a demo for your staff, or help with your account: write to us and we will get back to you
          within {CONTACT_REPLY_WITHIN}.
        </p>
      </PageIntro>

      <section className="section" aria-label="Contact details and form">
        <div className="container contact-grid">
          <Card className="contact-form-card" elevation={1}>
            <h2>Send us a message</h2>
            <p>All fields are needed so we can reach the right person at your school.</p>
            <ContactForm />
          </Card>

          <div className="contact-aside">
            <Card elevation={0}>
              <h2>Our office</h2>
              <address>
                <strong>{COMPANY.name}</strong>
                <br />
                {COMPANY.address.line1}
                <br />
                {COMPANY.address.city}, {COMPANY.address.state} {COMPANY.address.pinCode}
                <br />
                {COMPANY.address.country}
                <br />
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </address>
            </Card>
            <Card elevation={0}>
              <h2>Business hours</h2>
              <p className="hours">{BUSINESS_HOURS}</p>
              <p className="note">Closed on Saturdays, Sundays and public holidays, except for emergencies.</p>
            </Card>
            <Card elevation={0}>
              <h2>Quick response</h2>
              <p className="note">How soon you can expect to hear from us:</p>
              <dl>
                {CONTACT_RESPONSE_TARGETS.map((t) => (
                  <div key={t.key}>
                    <dt>
                      <ClockIcon />
                      {t.label}
                    </dt>
                    <dd>{t.target}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </div>
        </div>
      </section>
    </>
  );
}
