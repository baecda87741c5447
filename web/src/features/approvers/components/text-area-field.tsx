import { TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { describedBy, FieldShell, fieldId, visibleError } from '../../../components/form';

/** A Blueprint TextArea bound to a react-final-form field, with its label, help and error. */
export function TextAreaField(props: { name: string; label: ReactNode; helperText?: ReactNode; maxLength?: number; autoFocus?: boolean; rows?: number }) {
  const { input, meta } = useField<string>(props.name);
  const id = fieldId(props.name);
  const error = visibleError(meta);
  return (
    <FieldShell id={id} label={props.label} helperText={props.helperText} error={error}>
      <TextArea
        {...input}
        value={input.value ?? ''}
        id={id}
        rows={props.rows ?? 4}
        fill
        maxLength={props.maxLength}
        autoFocus={props.autoFocus}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={describedBy(id, !!props.helperText, !!error)}
      />
    </FieldShell>
  );
}
