import { InputGroup } from '@blueprintjs/core';
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { useField } from 'react-final-form';
import { describedBy, FieldShell, fieldId, visibleError } from './field-shell';

export type TextFieldProps = {
  name: string;
  label: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password' | 'url';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
  placeholder?: string;
  optional?: boolean;
  helperText?: ReactNode;
  leftIcon?: 'user' | 'envelope' | 'lock' | 'key' | 'phone' | 'globe' | 'office';
  rightElement?: React.JSX.Element;
  autoFocus?: boolean;
  disabled?: boolean;
  className?: string;
  /** Called with the typed text on each change the user makes (not on programmatic changes). */
  onUserChange?: (value: string) => void;
  /** Extra ids for aria-describedby (e.g. a live availability message). */
  describedById?: string;
  /** Choices offered as the user types (a datalist); any other text is still allowed. */
  suggestions?: readonly string[];
};

/** A Blueprint InputGroup bound to a react-final-form field, with its label and its error beside it. */
export function TextField(props: TextFieldProps) {
  const { input, meta } = useField<string>(props.name, { subscription: { value: true, error: true, touched: true, modified: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true } });
  const id = fieldId(props.name);
  const error = visibleError(meta);
  const describedIds = [describedBy(id, !!props.helperText, !!error), props.describedById].filter(Boolean).join(' ') || undefined;
  return (
    <FieldShell id={id} label={props.label} optional={props.optional} helperText={props.helperText} error={error} className={props.className}>
      <InputGroup
        {...input}
        value={input.value ?? ''}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          input.onChange(e);
          props.onUserChange?.(e.target.value);
        }}
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        leftIcon={props.leftIcon}
        rightElement={props.rightElement}
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-required={props.optional ? undefined : true}
        aria-describedby={describedIds}
        size="large"
        list={props.suggestions ? `${id}-list` : undefined}
      />
      {props.suggestions ? (
        <datalist id={`${id}-list`}>
          {props.suggestions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
    </FieldShell>
  );
}
