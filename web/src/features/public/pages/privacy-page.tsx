import '../public.css';
import '../public-pages.css';
import { APP_NAME, COMPANY, FOOTER_MESSAGES, MIN_REGISTRANT_AGE } from '@vidyalaya/shared';
import { LegalPage } from '../components/legal-page';

/** Spec §1: no tracking cookies, login tokens stored locally, data kept until deletion is requested by e-mail. */
export function Component() {
  return (
    <LegalPage
      title={FOOTER_MESSAGES.privacy}
      summary={
        <>
          We collect only what is needed to run your school’s account, use no tracking cookies, never sell your data, and delete
          it when you ask us to by e-mail.
        </>
      }
    >
      <h2>1. What we collect</h2>
      <ul>
        <li>
          <strong>Your account:</strong> username, e-mail address and password. Passwords are stored only as secure hashes, never
          in readable form.
        </li>
        <li>
          <strong>Your school’s profile:</strong> name, address, phone numbers, e-mail, principal’s name, board and similar
          details you enter.
        </li>
        <li>
          <strong>School records:</strong> the classes, sections, subjects, teachers and students your school adds.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact form (name, e-mail, school and message).
        </li>
      </ul>

      <h2>2. How we use it</h2>
      <p>
        Only to provide and support {APP_NAME}: to run your account, review and approve schools, send transactional e-mails such as
        verification codes and approval decisions, and answer your messages. We do not sell personal data or use it for
        advertising.
      </p>

      <h2>3. Who else handles it</h2>
      <ul>
        <li>An e-mail provider delivers our transactional e-mails.</li>
        <li>A cloud provider hosts the platform and its database.</li>
        <li>If paid plans are introduced, a card payment provider may process payments; we would not store card numbers.</li>
      </ul>
      <p>Each of them handles data only on our behalf and only for these purposes.</p>

      <h2>4. Cookies and local storage</h2>
      <p>
        We use no tracking or advertising cookies. To keep you signed in, your login tokens are stored locally on your device: in
        your browser’s local storage on the web, or in your computer’s secure keychain in the desktop app. Signing out removes
        them.
      </p>

      <h2>5. How long we keep it</h2>
      <p>
        Personal data is kept indefinitely, so that your school’s records are there whenever you need them, unless you ask us to
        delete it. To request deletion, e-mail <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> from the address on your
        account.
      </p>

      <h2>6. How we protect it</h2>
      <p>
        Connections are encrypted, passwords are hashed, and each school can reach only its own records. Access by our staff is
        limited to what is needed to support you.
      </p>

      <h2>7. Your choices</h2>
      <p>
        You can see and correct your details in the app, and ask us at any time for a copy of your data, a correction or its
        deletion. Registration is for adults aged {MIN_REGISTRANT_AGE} or over; students’ details are entered by their school.
      </p>
    </LegalPage>
  );
}
