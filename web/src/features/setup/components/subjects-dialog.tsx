import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { DESTRUCTIVE_MESSAGES, ONBOARDING_TEXT, SCREEN_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { type ClassWithDetails, type GlobalSubject } from '@vidyalaya/shared/academics';
import { useState } from 'react';
import { SETUP_TEXT } from '../messages';

const UI = UI_MESSAGES.setupSubjects;
const S = SETUP_TEXT.setup;
const O = ONBOARDING_TEXT.setup;

/**
 * 'Select Subjects for {class}': the global subjects as a checkbox list (name and description),
 * the selected count, Cancel and 'Save Selection (n)' (disabled at 0). Subjects the class already
 * has are shown ticked and cannot be chosen again.
 */
export function SubjectsDialog(props: {
  cls: ClassWithDetails;
  pending: string[];
  subjects: GlobalSubject[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onCancel: () => void;
  onSave: (names: string[]) => void;
}) {
  const { cls, subjects } = props;
  const existing = new Set(cls.subjects.map((s) => s.name.toLowerCase()));
  const [selected, setSelected] = useState<string[]>(() => props.pending.filter((name) => !existing.has(name.toLowerCase())));
  // A search box narrows the list (issue 20); what is ticked stays ticked while hidden.
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = (subjects ?? []).filter(
    (subject) => needle === '' || subject.name.toLowerCase().includes(needle) || (subject.description ?? '').toLowerCase().includes(needle),
  );

  function toggle(name: string, on: boolean) {
    setSelected((list) => (on ? [...list, name] : list.filter((n) => n !== name)));
  }

  let body: React.ReactNode;
  if (props.loading) {
    body = (
      <div className="setup-loading" role="status">
        <Spinner size={24} aria-hidden />
        <p>Loading subjects...</p>
      </div>
    );
  } else if (props.failed) {
    body = (
      <Callout intent="danger" icon="error">
        <p>{DESTRUCTIVE_MESSAGES.loadGlobalSubjects.short}</p>
        <Button icon="refresh" text={SETUP_TEXT.retry} onClick={props.onRetry} />
      </Callout>
    );
  } else if (!subjects || subjects.length === 0) {
    body = <p className="empty-hint">{SCREEN_MESSAGES.noGlobalSubjects}</p>;
  } else {
    body = (
      <>
        <InputGroup
          type="search"
          leftIcon="search"
          className="subject-search"
          size="large"
          placeholder={O.searchSubjects}
          aria-label={O.searchSubjects}
          value={query}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setQuery(e.target.value)}
        />
        <p className="subject-count" aria-live="polite">
          {S.selectedCount(selected.length)}
        </p>
        {shown.length === 0 ? <p className="empty-hint">{O.noSubjectMatches(query.trim())}</p> : null}
        <ul className="subject-options" aria-label="Subjects">
          {shown.map((subject) => {
            const already = existing.has(subject.name.toLowerCase());
            return (
              <li key={subject.id}>
                <Checkbox
                  checked={already || selected.includes(subject.name)}
                  disabled={already}
                  onChange={(e) => toggle(subject.name, e.currentTarget.checked)}
                  labelElement={
                    <span>
                      <span className="subject-name">{subject.name}</span>{' '}
                      {already ? (
                        <Tag minimal round intent="success">
                          {S.alreadyAdded}
                        </Tag>
                      ) : null}
                      {subject.description ? <span className="subject-description">{subject.description}</span> : null}
                    </span>
                  }
                />
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <Dialog isOpen title={UI.dialogTitle(cls.name)} onClose={props.onCancel} className="subjects-dialog">
      <DialogBody>{body}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={UI.cancel} onClick={props.onCancel} />
            <Button intent="primary" text={UI.saveSelection(selected.length)} disabled={selected.length === 0} onClick={() => props.onSave(selected)} />
          </>
        }
      />
    </Dialog>
  );
}
