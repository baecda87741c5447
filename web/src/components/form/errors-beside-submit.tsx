import { Callout } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useFormState } from 'react-final-form';
import './errors-beside-submit.css';

interface Problem {
  id: string;
  label: string;
}

/** The fields of `form` that show an error now, in the order they appear, with their labels. */
function problemsIn(form: HTMLFormElement | null): Problem[] {
  if (!form) return [];
  const out: Problem[] = [];
  for (const el of form.querySelectorAll<HTMLElement>('[aria-invalid="true"][id]')) {
    const label = form.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent?.trim() || el.getAttribute('aria-label') || el.id;
    out.push({ id: el.id, label });
  }
  return out;
}

/**
 * A long form's errors beside its submit button (issue 36: the first error was 1,000 px above the
 * button, so a tap on it seemed to do nothing). After a submit that validation stopped, it names the
 * fields to correct, each a link to its field, and moves the focus to the first. Place it next to the
 * submit button, inside the react-final-form <form> (`formRef`).
 */
export function ErrorsBesideSubmit(props: { formRef: React.RefObject<HTMLFormElement | null>; title: (count: number) => string }) {
  const state = useFormState({ subscription: { submitFailed: true, hasValidationErrors: true, errors: true, submitErrors: true, dirtySinceLastSubmit: true } });
  const [problems, setProblems] = useState<Problem[]>([]);
  const focused = useRef(0);
  const attempts = useRef(0);
  const failed = state.submitFailed && (state.hasValidationErrors || (!!state.submitErrors && !state.dirtySinceLastSubmit));

  useEffect(() => {
    if (!failed) {
      setProblems([]);
      return;
    }
    const now = problemsIn(props.formRef.current);
    setProblems(now);
    // Once per failed submit: the first field to correct gets the focus.
    if (focused.current !== attempts.current && now[0]) {
      focused.current = attempts.current;
      props.formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(now[0].id)}`)?.focus();
    }
  }, [failed, state.errors, state.submitErrors, props.formRef]);

  useEffect(() => {
    const form = props.formRef.current;
    if (!form) return;
    const count = () => {
      attempts.current += 1;
    };
    form.addEventListener('submit', count, true);
    return () => form.removeEventListener('submit', count, true);
  }, [props.formRef]);

  if (!failed || problems.length === 0) return null;
  return (
    <Callout intent="danger" role="alert" className="vd-errors-beside" icon="error">
      <p className="vd-errors-beside-title">{props.title(problems.length)}</p>
      <ul>
        {problems.map((p) => (
          <li key={p.id}>
            <a
              href={`#${p.id}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(p.id)?.focus();
              }}
            >
              {p.label}
            </a>
          </li>
        ))}
      </ul>
    </Callout>
  );
}
