import { Callout, TextArea } from '@blueprintjs/core';
import { COMPANY, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_REPLY_WITHIN, DESTRUCTIVE_MESSAGES, EMAIL_MAX, SCHOOL_NAME_MAX, TOAST_MESSAGES, VALIDATION_MESSAGES } from '@vidyalaya/shared';
import { contactFormSchema, type ContactFormValues } from '@vidyalaya/shared/contact';
import { useRef, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { describedBy, FieldShell, fieldId, SubmitButton, TextField, visibleError } from '../../../components/form';
import { asApiError } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { toast, toastError } from '../../../lib/toast';
import { useSendContactMessageMutation } from '../api/contact-api';
import { contactFailureMessage } from '../api/contact-errors';

const validate = zodValidate(contactFormSchema);

function MessageField() {
  const { input, meta } = useField<string>('message', {
    subscription: { value: true, error: true, touched: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true },
  });
  const id = fieldId('message');
  const error = visibleError(meta);
  return (
    <FieldShell id={id} label="Message" error={error}>
      <TextArea
        {...input}
        value={input.value ?? ''}
        id={id}
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        placeholder="Tell us about your school and how we can help."
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={describedBy(id, false, !!error)}
        fill
      />
    </FieldShell>
  );
}

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

/**
 * Spec §2 /contact form: name, email, school, message. Name, email and message are checked as the
 * user types (contactFormSchema); sending also needs the school ('All fields are required').
 */
export function ContactForm() {
  const [send] = useSendContactMessageMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);

  async function onSubmit(values: ContactFormValues) {
    setOutcome(null);
    sent.current = false;
    const name = values.name?.trim() ?? '';
    const email = values.email?.trim() ?? '';
    const school = values.school?.trim() ?? '';
    const message = values.message?.trim() ?? '';
    if (!name || !email || !school || !message) {
      toastError(DESTRUCTIVE_MESSAGES.contact.title, VALIDATION_MESSAGES.allFieldsRequired);
      return { school: school ? undefined : VALIDATION_MESSAGES.allFieldsRequired };
    }
    try {
      await send({ name, email, school, message }).unwrap();
    } catch (e) {
      const text = contactFailureMessage(asApiError(e).status);
      toastError(DESTRUCTIVE_MESSAGES.contact.title, text);
      setOutcome({ kind: 'failed', message: text });
      return undefined;
    }
    toast({ title: TOAST_MESSAGES.contactSent });
    setOutcome({ kind: 'sent' });
    sent.current = true;
    return undefined;
  }

  return (
    <Form<ContactFormValues>
      onSubmit={onSubmit}
      validate={validate}
      render={({ handleSubmit, submitting, form }) => (
        <form
          className="contact-form"
          noValidate
          aria-label="Contact form"
          onSubmit={(e) => {
            void handleSubmit(e)?.then(() => {
              // A sent message clears the form; a failed one keeps what was typed.
              if (sent.current) form.restart();
            });
          }}
        >
          <div className="form-row">
            <TextField name="name" label="Your name" autoComplete="name" maxLength={CONTACT_NAME_MAX} />
            <TextField name="email" label="Email address" type="email" autoComplete="email" maxLength={EMAIL_MAX} />
          </div>
          <TextField name="school" label="School name" autoComplete="organization" maxLength={SCHOOL_NAME_MAX} />
          <MessageField />
          {outcome?.kind === 'failed' ? (
            <Callout intent="danger" title={DESTRUCTIVE_MESSAGES.contact.title} role="alert">
              {outcome.message} You can also write to us at <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
            </Callout>
          ) : null}
          {outcome?.kind === 'sent' ? (
            <Callout intent="success" role="status">
              {TOAST_MESSAGES.contactSent}
            </Callout>
          ) : null}
          <div className="contact-form-actions">
            <SubmitButton text="Send Message" submitting={submitting} />
            <p>We reply within {CONTACT_REPLY_WITHIN}.</p>
          </div>
        </form>
      )}
    />
  );
}
