import { Icon } from '@blueprintjs/core';
import { useLingui } from '@lingui/react';
import { parseImportDate } from '@vidyalaya/shared/students';
import { useRef, useState, type CSSProperties } from 'react';
import './date-input.css';

const shown = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

export interface DateInputProps {
  /** The date on the wire, 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** Called with 'YYYY-MM-DD' once the typed text is a whole date, '' when it is cleared or not a date. */
  onChange: (iso: string) => void;
  id?: string;
  name?: string;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A date typed or picked, always shown DD/MM/YYYY (issue 36): the browser's own date field follows
 * the phone's settings, so beside the register's DD/MM/YYYY it showed mm/dd/yyyy on most phones. The
 * text takes DD/MM/YYYY (or YYYY-MM-DD); the calendar button opens the browser's own picker (a
 * hidden native date field), whose choice is shown the same way. The value in and out is the wire's
 * 'YYYY-MM-DD'. The field and the button are 44 px tall.
 */
export function DateInput(props: DateInputProps) {
  const { i18n } = useLingui();
  const [text, setText] = useState(() => shown(props.value));
  const [seen, setSeen] = useState(props.value);
  const native = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, a default) replaces what is shown.
  if (props.value !== seen) {
    setSeen(props.value);
    if ((parseImportDate(text) ?? '') !== props.value) setText(shown(props.value));
  }
  const typed = text.trim();
  const iso = typed === '' ? '' : parseImportDate(typed);
  const outOfRange = !!iso && ((props.min && iso < props.min) || (props.max && iso > props.max));
  const invalid = props['aria-invalid'] || (typed !== '' && iso === null) || !!outOfRange;

  function type(next: string) {
    setText(next);
    const parsed = next.trim() === '' ? '' : parseImportDate(next);
    const value = parsed ?? '';
    setSeen(value);
    if (value !== props.value) props.onChange(value);
  }

  function openPicker() {
    const el = native.current;
    if (!el || props.disabled) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
      el.click();
    }
  }

  const pick = i18n.locale === 'hi' ? 'कैलेंडर से तिथि चुनें' : 'Choose a date from the calendar';
  return (
    <span className={`vd-date ${props.className ?? ''}`} style={props.style}>
      <input
        id={props.id}
        name={props.name}
        className={`bp6-input vd-date-text${invalid ? ' bp6-intent-danger' : ''}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="DD/MM/YYYY"
        maxLength={10}
        value={text}
        required={props.required}
        disabled={props.disabled}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={invalid || undefined}
        onChange={(e) => type(e.target.value)}
        onBlur={() => {
          if (iso) setText(shown(iso));
        }}
      />
      {/* Named by its title, not aria-label: a form's "Date" or "From" label must find the field, not this button too. */}
      <button type="button" className="bp6-button bp6-minimal vd-date-pick" title={pick} disabled={props.disabled} onClick={openPicker}>
        <Icon icon="calendar" aria-hidden />
      </button>
      <input
        ref={native}
        className="vd-date-native"
        type="date"
        tabIndex={-1}
        aria-hidden
        min={props.min}
        max={props.max}
        value={iso || ''}
        onChange={(e) => {
          setText(shown(e.target.value));
          setSeen(e.target.value);
          if (e.target.value !== props.value) props.onChange(e.target.value);
        }}
      />
    </span>
  );
}
