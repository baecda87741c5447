import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { PlainButton, PlainCheckbox, PlainInputGroup, type PlainIconName } from '../../../components/blueprint/plain-controls';
import { PlainSpinner } from '../../../components/blueprint/plain-spinner';
import { describedBy, FieldShell, fieldId, visibleError } from '../../../components/form/field-shell';

/**
 * The account screens' fields: components/form's TextField, PasswordField, CheckboxField and
 * SubmitButton (same props, DOM, messages and behaviour), drawn with plain markup in Blueprint's
 * classes, so the sign-in pages load none of Blueprint's code (docs/performance.md).
 */
export type AuthTextFieldProps = {
  name: string;
  label: ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  leftIcon?: PlainIconName;
  rightElement?: React.JSX.Element;
  autoFocus?: boolean;
  className?: string;
};

export function TextField(props: AuthTextFieldProps) {
  const { input, meta } = useField<string>(props.name, {
    subscription: { value: true, error: true, touched: true, modified: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true },
  });
  const id = fieldId(props.name);
  const error = visibleError(meta);
  return (
    <FieldShell id={id} label={props.label} error={error} className={props.className}>
      <PlainInputGroup
        {...input}
        value={input.value ?? ''}
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        leftIcon={props.leftIcon}
        rightElement={props.rightElement}
        autoFocus={props.autoFocus}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={describedBy(id, false, !!error)}
        size="large"
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle reachable by keyboard. */
export function PasswordField(props: Omit<AuthTextFieldProps, 'type' | 'rightElement'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      leftIcon={props.leftIcon ?? 'lock'}
      rightElement={
        <PlainButton
          variant="minimal"
          icon={shown ? 'eye-off' : 'eye-open'}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
        />
      }
    />
  );
}

/** A boolean field as Blueprint's large Checkbox; its error shows once it was changed or left, or a submit was tried. */
export function CheckboxField(props: { name: string; label: ReactNode }) {
  const { input, meta } = useField<boolean>(props.name, { type: 'checkbox' });
  const id = fieldId(props.name);
  const error = visibleError(meta) ?? (meta.modified && typeof meta.error === 'string' ? meta.error : undefined);
  return (
    <FieldShell id={id} label={null} hideLabel error={error}>
      <PlainCheckbox
        id={id}
        name={input.name}
        checked={!!input.checked}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        labelElement={props.label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, false, !!error)}
        size="large"
      />
    </FieldShell>
  );
}

/**
 * A form's submit button. Spec §4: while submitting it is disabled and shows a spinner; the label
 * stays readable so the button keeps its name.
 */
export function SubmitButton(props: { text: string; submitting?: boolean; disabled?: boolean; className?: string }) {
  const { text, submitting, disabled, className } = props;
  return (
    <PlainButton
      intent="primary"
      size="large"
      className={className}
      type="submit"
      disabled={!!disabled || !!submitting}
      aria-busy={submitting || undefined}
      icon={submitting ? <PlainSpinner size={16} /> : undefined}
      text={text}
    />
  );
}
