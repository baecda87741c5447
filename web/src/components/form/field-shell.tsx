import type { FieldMetaState } from 'react-final-form';
import type { ReactNode } from 'react';

/** 'address.city' / 'phoneNumbers[1]' → 'field-address-city' / 'field-phoneNumbers-1'. */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^a-zA-Z0-9_-]+/g, '-').replace(/-+$/, '')}`;
}

/**
 * The message to show beside a field: a submission error from the server until the field changes,
 * else the validation message once the field was left (touched) or a submit was tried.
 */
export function visibleError(meta: FieldMetaState<unknown>): string | undefined {
  if (!meta.dirtySinceLastSubmit && typeof meta.submitError === 'string') return meta.submitError;
  // A field the user only passed through (focused, left, never changed) shows nothing until a
  // submit: an error appearing under an empty autofocused field would shift the form under the
  // pointer. Fields that do not subscribe to `modified` keep the plain touched rule.
  const passedThrough = meta.modified === false;
  if ((meta.submitFailed || (meta.touched && !passedThrough)) && typeof meta.error === 'string') return meta.error;
  return undefined;
}

/** The ids a control's aria-describedby lists: its helper text, then its error. */
export function describedBy(id: string, hasHelper: boolean, hasError: boolean): string | undefined {
  const ids = [hasHelper ? `${id}-help` : null, hasError ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * Label above, the control, then helper text and the error text right under it (Blueprint's
 * FormGroup look, with ids so the control can point at them).
 */
export function FieldShell(props: {
  id: string;
  label: ReactNode;
  optional?: boolean;
  helperText?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
  /** Checkboxes carry their own label. */
  hideLabel?: boolean;
}) {
  const { id, label, optional, helperText, error, children, className, hideLabel } = props;
  return (
    <div className={`bp6-form-group vd-field${error ? ' bp6-intent-danger vd-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      {hideLabel ? null : (
        <label className="bp6-label vd-field-label" htmlFor={id}>
          {label}
          {optional ? <span className="vd-field-optional"> (optional)</span> : null}
        </label>
      )}
      <div className="bp6-form-content">
        {children}
        {helperText ? (
          <div className="vd-field-help" id={`${id}-help`}>
            {helperText}
          </div>
        ) : null}
        {/* The message's line is kept even while empty: a message appearing on blur must not
            move the controls below it, or the click aimed at them lands on empty space. */}
        <div className="vd-field-message">
          {error ? (
            <div className="vd-field-error" id={`${id}-error`}>
              {error}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
