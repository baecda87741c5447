import { HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { describedBy, FieldShell, fieldId, visibleError } from './field-shell';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** A native select (Blueprint HTMLSelect) bound to a react-final-form field. */
export function SelectField(props: {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice ('Select a state'). */
  placeholder?: string;
  optional?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const { input, meta } = useField<string>(props.name);
  const id = fieldId(props.name);
  const error = visibleError(meta);
  return (
    <FieldShell id={id} label={props.label} optional={props.optional} helperText={props.helperText} error={error} className={props.className}>
      <HTMLSelect
        name={input.name}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        id={id}
        fill
        large
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-required={props.optional ? undefined : true}
        aria-describedby={describedBy(id, !!props.helperText, !!error)}
        className={error ? 'vd-select--invalid' : undefined}
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FieldShell>
  );
}
