import { Button } from '@blueprintjs/core';
import { PHONE_NUMBERS_MAX } from '@vidyalaya/shared';
import { type SchoolFormValues } from '@vidyalaya/shared/schools';
import { useForm, useFormState } from 'react-final-form';
import { TextField } from '../../../components/form';
import { SETUP_TEXT } from '../messages';

const T = SETUP_TEXT.setupSchool;

/** Spec §2: phone numbers are a list of 1 to 5, with remove when more than one and add while under 5. */
export function PhoneNumbers() {
  const form = useForm<SchoolFormValues>();
  const { values } = useFormState<SchoolFormValues>({ subscription: { values: true } });
  const phones = values.phoneNumbers && values.phoneNumbers.length > 0 ? values.phoneNumbers : [''];

  return (
    <fieldset className="setup-fieldset phone-list">
      <legend className="vd-field-label">Phone numbers</legend>
      <p className="setup-fieldset-help">One to five numbers. Spaces and dashes are fine, and a mobile number without its country code gets +91 (e.g. 98765 43210). The first is shown on your profile.</p>
      {phones.map((_, i) => (
        <div className="phone-row" key={i}>
          <TextField
            name={`phoneNumbers[${i}]`}
            label={`Phone number ${i + 1}`}
            type="tel"
            inputMode="tel"
            autoComplete={i === 0 ? 'tel' : 'off'}
            placeholder="+919876543210"
            leftIcon="phone"
            optional={i > 0}
          />
          {phones.length > 1 ? (
            <Button
              className="phone-remove"
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={T.removePhone(i + 1)}
              onClick={() => form.change('phoneNumbers', phones.filter((__, j) => j !== i))}
            />
          ) : null}
        </div>
      ))}
      {phones.length < PHONE_NUMBERS_MAX ? (
        <Button icon="add" variant="outlined" text={T.addPhone} onClick={() => form.change('phoneNumbers', [...phones, ''])} />
      ) : null}
    </fieldset>
  );
}
