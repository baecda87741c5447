import { InputGroup } from '@blueprintjs/core';
import type { ImportResult } from '@vidyalaya/shared/students';
import { useEffect, useRef, useState } from 'react';

interface PreviewCellProps {
  value: string;
  /** The input's name ("Row 11, dateOfBirth"). */
  label: string;
  /** The button's name, the value included ("Edit row 11, dateOfBirth: 31/02/2015"). */
  editLabel: string;
  /** The server's message for this cell from the last check (already translated), if any. */
  error?: string;
  onChange: (value: string) => void;
}

/**
 * One cell of the import preview. A cell with an error is an input with its message beside it; any
 * other cell is a button showing its text, and a click, Enter or Space opens the same input
 * (Enter or leaving it closes it, Escape puts the old text back). "Check again" sends the table.
 */
export function PreviewCell({ value, label, editLabel, error, onChange }: PreviewCellProps) {
  const [open, setOpen] = useState(false);
  const before = useRef(value);
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [open]);

  if (error === undefined && !open) {
    return (
      <button
        ref={button}
        type="button"
        className="st-cell-edit"
        aria-label={editLabel}
        onClick={() => {
          before.current = value;
          setOpen(true);
        }}
      >
        {value}
      </button>
    );
  }
  return (
    <>
      <InputGroup
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        aria-invalid={error !== undefined}
        intent={error !== undefined ? 'danger' : 'none'}
        autoFocus={open}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (!open || (e.key !== 'Enter' && e.key !== 'Escape')) return;
          e.preventDefault();
          if (e.key === 'Escape' && value !== before.current) onChange(before.current);
          refocus.current = true;
          setOpen(false);
        }}
      />
      {error !== undefined ? <span className="st-cell-error">{error}</span> : null}
    </>
  );
}

/** The answer's errors about the file as a whole (no header, too many rows), not about a cell. */
export const fileErrorsOf = (result: ImportResult | null) => (result?.errors ?? []).filter((e) => e.field === 'file');

/** Commit is offered only for a checked table with no errors that has not been changed since. */
export function canCommit(result: ImportResult | null, changedSinceCheck: boolean): boolean {
  return !!result && result.rows > 0 && result.invalid === 0 && fileErrorsOf(result).length === 0 && !changedSinceCheck;
}
