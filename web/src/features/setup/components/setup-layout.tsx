import { Button, HTMLSelect } from '@blueprintjs/core';
import { UI_MESSAGES } from '@vidyalaya/shared';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAcademicYear } from '../../../lib/school-state/hooks';
import './setup.css';
import { SETUP_TEXT } from '../messages';

export type SetupStepKey = 'school' | 'classes' | 'sections' | 'subjects';

const STEPS: { key: SetupStepKey; label: string }[] = [
  { key: 'school', label: 'School' },
  { key: 'classes', label: 'Classes' },
  { key: 'sections', label: 'Sections' },
  { key: 'subjects', label: 'Subjects' },
];

/** The frame of each setup step: where the wizard is, the heading, the way back to the dashboard. */
export function SetupLayout(props: { step: SetupStepKey; title: string; intro?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  const navigate = useNavigate();
  const current = STEPS.findIndex((s) => s.key === props.step);
  return (
    <div className="app-page setup-page">
      <div className="setup-top">
        <Button variant="minimal" icon="arrow-left" text={UI_MESSAGES.setupSchool.backToDashboard} onClick={() => navigate('/dashboard')} />
        <ol className="setup-steps" aria-label="Setup steps">
          {STEPS.map((s, i) => (
            <li key={s.key} aria-current={i === current ? 'step' : undefined} className={i < current ? 'setup-step--before' : undefined}>
              <span className="setup-step-number" aria-hidden>
                {i + 1}
              </span>
              {s.label}
            </li>
          ))}
        </ol>
      </div>
      <div className="setup-heading">
        <div>
          <h1>{props.title}</h1>
          {props.intro ? <p className="setup-intro">{props.intro}</p> : null}
        </div>
        {props.aside}
      </div>
      {props.children}
    </div>
  );
}

/** The academic year of the step (DECISIONS: chosen on each step, kept across them, sent as chosen). */
export function AcademicYearSelect({ disabled }: { disabled?: boolean }) {
  const { academicYear, options, choose } = useAcademicYear();
  return (
    <div className="setup-year">
      <label htmlFor="academic-year" className="bp6-label">
        {SETUP_TEXT.setup.academicYear}
      </label>
      <HTMLSelect id="academic-year" value={academicYear} onChange={(e) => choose(e.currentTarget.value)} disabled={disabled} options={options} />
    </div>
  );
}
