import { Checkbox } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { describedBy, FieldShell, fieldId, visibleError } from './field-shell';

/**
 * A Blueprint Checkbox bound to a boolean react-final-form field. Its error shows once the box was
 * changed or left, or a submit was tried.
 */
export function CheckboxField(props: { name: string; label: ReactNode; disabled?: boolean; className?: string }) {
  const { input, meta } = useField<boolean>(props.name, { type: 'checkbox' });
  const id = fieldId(props.name);
  const error = visibleError(meta) ?? (meta.modified && typeof meta.error === 'string' ? meta.error : undefined);
  return (
    <FieldShell id={id} label={null} hideLabel error={error} className={props.className}>
      <Checkbox
        id={id}
        name={input.name}
        checked={!!input.checked}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        disabled={props.disabled}
        labelElement={props.label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, false, !!error)}
        size="large"
      />
    </FieldShell>
  );
}
