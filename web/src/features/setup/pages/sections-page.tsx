import { Button, Callout, Card, InputGroup, Tag } from '@blueprintjs/core';
import {
  DEFAULT_SECTION_NAMES,
  DESTRUCTIVE_MESSAGES,
  hasDuplicateSectionNames,
  nextSectionName,
  ONBOARDING_TEXT,
  SCREEN_MESSAGES,
  sectionNameSchema,
  TOAST_MESSAGES,
  UI_MESSAGES,
  VALIDATION_MESSAGES,
} from '@vidyalaya/shared';
import { type ClassWithDetails, createSectionsSchema } from '@vidyalaya/shared/academics';
import { useMemo, useState } from 'react';
import { Form, useForm, useFormState } from 'react-final-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks';
import { SubmitButton } from '../../../components/form';
import { errorDescription } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useAcademicYear, useSetupSchoolId } from '../../../lib/school-state/hooks';
import { schoolStateActions } from '../../../lib/school-state/school-state';
import { toast, toastError } from '../../../lib/toast';
import { useCreateSectionsMutation } from '../api/setup-api';
import { AcademicYearSelect, SetupLayout } from '../components/setup-layout';
import { ClassesLoadState, SchoolIdRequired } from '../components/setup-states';
import { useClassesSections } from '../hooks/use-classes-sections';
import { SETUP_TEXT } from '../messages';

type Draft = { id: number; name: string };
type SectionsForm = { drafts: Record<string, Draft[]> };

const validateSections = zodValidate(createSectionsSchema);
const S = SETUP_TEXT.setup;
const O = ONBOARDING_TEXT.setup;
let draftIds = 0;
const draft = (name: string): Draft => ({ id: ++draftIds, name });

/** Spec §2 /setup/sections. */
export function Component() {
  const schoolId = useSetupSchoolId();
  if (!schoolId) return <SchoolIdRequired step="sections" />;
  return <SectionsStep schoolId={schoolId} />;
}

function SectionsStep({ schoolId }: { schoolId: string }) {
  useDocumentTitle('Set up sections');
  const navigate = useNavigate();
  const { academicYear } = useAcademicYear();
  const query = useClassesSections(schoolId, academicYear);
  const classes = query.currentData?.classes;

  const body = classes && classes.length > 0 && !query.isFetching ? (
    <SectionsForm key={`${academicYear}:${query.fulfilledTimeStamp}`} schoolId={schoolId} academicYear={academicYear} classes={classes} onBack={() => navigate('/dashboard')} />
  ) : (
    <ClassesLoadState schoolId={schoolId} noClassesDescription={SCREEN_MESSAGES.noClassesFound.description} query={query} />
  );

  return (
    <SetupLayout
      step="sections"
      title="Set Up Sections"
      intro="Each class can be divided into sections. New classes start with sections A, B and C; rename, remove or add as you need."
      aside={<AcademicYearSelect />}
    >
      {body}
    </SetupLayout>
  );
}

function SectionsForm(props: { schoolId: string; academicYear: string; classes: ClassWithDetails[]; onBack: () => void }) {
  const { schoolId, academicYear, classes } = props;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createSections] = useCreateSectionsMutation();
  // Spec §2: a class with no sections starts with three drafts named A, B and C.
  const initialValues = useMemo<SectionsForm>(
    () => ({
      drafts: Object.fromEntries(classes.map((c) => [c.name, c.sections.length === 0 ? DEFAULT_SECTION_NAMES.map(draft) : []])),
    }),
    [classes],
  );

  async function onSubmit(values: SectionsForm) {
    const sections = classes
      .map((c) => ({ className: c.name, sectionNames: (values.drafts[c.name] ?? []).map((d) => d.name.trim()) }))
      .filter((entry) => entry.sectionNames.length > 0);
    const N = DESTRUCTIVE_MESSAGES.noSectionsToCreate;
    if (sections.length === 0) {
      toastError(N.title, N.description);
      return undefined;
    }
    const payload = { schoolId, academicYear, sections };
    const errors = validateSections(payload);
    if (errors) {
      toastError(DESTRUCTIVE_MESSAGES.createSections.title, firstMessage(errors) ?? N.description);
      return undefined;
    }
    let count = sections.reduce((n, entry) => n + entry.sectionNames.length, 0);
    try {
      const result = await createSections(payload as Parameters<typeof createSections>[0]).unwrap();
      // The server says how many were new (existing ones are left as they are).
      if (typeof (result as { created?: unknown })?.created === 'number') count = (result as { created: number }).created;
    } catch (e) {
      const D = DESTRUCTIVE_MESSAGES.createSections;
      toastError(D.title, errorDescription(e, D.description));
      return undefined;
    }
    if (count === 0) toast({ title: O.nothingCreated.title, description: O.nothingCreated.sections, intent: 'primary' });
    else toast({ title: TOAST_MESSAGES.sectionsCreated.title, description: TOAST_MESSAGES.sectionsCreated.description(count) });
    dispatch(schoolStateActions.stepCompleted('sectionsAdded'));
    navigate('/dashboard');
    return undefined;
  }

  return (
    <Form<SectionsForm> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, values }) => {
        const total = Object.values(values.drafts ?? {}).reduce((n, list) => n + list.length, 0);
        const N = DESTRUCTIVE_MESSAGES.noSectionsToCreate;
        return (
          <form onSubmit={handleSubmit} noValidate>
            {classes.length > 1 ? <SameSectionsForAll classes={classes} /> : null}
            <div className="class-cards">
              {classes.map((c) => (
                <ClassSectionsCard key={c.id} cls={c} />
              ))}
            </div>
            {total === 0 ? (
              <Callout intent="warning" icon="info-sign" className="setup-callout sections-none" role="status">
                <strong>{N.title}</strong> — {N.description}
              </Callout>
            ) : null}
            <div className="setup-actions">
              <Button size="large" text={UI_MESSAGES.setupSchool.backToDashboard} onClick={props.onBack} disabled={submitting} />
              <SubmitButton text={S.createSections} submitting={submitting} disabled={total === 0} />
            </div>
          </form>
        );
      }}
    </Form>
  );
}

/**
 * "Same sections for every class" (issue 20, in addition to the per-class drafts of spec §2): the
 * new sections of the first class that has any become every class's new sections, leaving out
 * names a class already has.
 */
function SameSectionsForAll({ classes }: { classes: ClassWithDetails[] }) {
  const form = useForm<SectionsForm>();
  const { values } = useFormState<SectionsForm>({ subscription: { values: true } });
  const source = classes.find((c) => (values.drafts?.[c.name] ?? []).length > 0);
  if (!source) return null;
  const names = (values.drafts?.[source.name] ?? []).map((d) => d.name);

  function apply() {
    const next: Record<string, Draft[]> = {};
    for (const c of classes) {
      const have = new Set(c.sections.map((s) => s.name.toLowerCase()));
      next[c.name] = c.name === source!.name ? values.drafts[c.name]! : names.filter((n) => !have.has(n.toLowerCase())).map(draft);
    }
    form.change('drafts', next);
  }

  return (
    <div className="same-sections">
      <Button icon="duplicate" variant="outlined" text={O.sameSectionsApply(source.name)} onClick={apply} />
      <span className="same-sections-hint">
        {O.sameSectionsForAll}: {names.join(', ')}
      </span>
    </div>
  );
}

function firstMessage(errors: unknown): string | undefined {
  if (typeof errors === 'string') return errors;
  if (errors && typeof errors === 'object') {
    for (const value of Object.values(errors)) {
      const found = firstMessage(value);
      if (found) return found;
    }
  }
  return undefined;
}

/** One class: its saved sections as badges, then its drafts with rename and remove, and Add Section. */
function ClassSectionsCard({ cls }: { cls: ClassWithDetails }) {
  const form = useForm<SectionsForm>();
  const { values } = useFormState<SectionsForm>({ subscription: { values: true } });
  const drafts = values.drafts?.[cls.name] ?? [];
  const existing = cls.sections.map((s) => s.name);
  const headingId = `class-${cls.id}`;

  function setDrafts(next: Draft[]) {
    form.change('drafts', { ...form.getState().values.drafts, [cls.name]: next });
  }

  return (
    <Card className="class-card" elevation={1} role="group" aria-labelledby={headingId}>
      <div className="class-card-head">
        <h2 id={headingId}>{cls.name}</h2>
        <Button
          icon="add"
          variant="outlined"
          text={UI_MESSAGES.setupSections.addSection}
          aria-label={`${UI_MESSAGES.setupSections.addSection} to ${cls.name}`}
          onClick={() => setDrafts([...drafts, draft(nextSectionName([...existing, ...drafts.map((d) => d.name)]))])}
        />
      </div>
      {existing.length > 0 ? (
        <>
          <p className="chip-label">Existing sections</p>
          <ul className="chip-row" aria-label={`Existing sections of ${cls.name}`}>
            {existing.map((name) => (
              <li key={name}>
                <Tag intent="success" round size="large">
                  {name}
                </Tag>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {drafts.length > 0 ? (
        <>
          <p className="chip-label">New sections</p>
          <ul className="chip-row" aria-label={`New sections of ${cls.name}`}>
            {drafts.map((d) => (
              <li key={d.id}>
                <DraftChip
                  draft={d}
                  otherNames={[...existing, ...drafts.filter((o) => o.id !== d.id).map((o) => o.name)]}
                  onRename={(name) => setDrafts(drafts.map((o) => (o.id === d.id ? { ...o, name } : o)))}
                  onRemove={() => setDrafts(drafts.filter((o) => o.id !== d.id))}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {existing.length === 0 && drafts.length === 0 ? <p className="empty-hint">{SCREEN_MESSAGES.noSectionsYet}</p> : null}
    </Card>
  );
}

/** A draft section: its name, an edit/confirm toggle to rename it, and remove. */
function DraftChip(props: { draft: Draft; otherNames: string[]; onRename: (name: string) => void; onRemove: () => void }) {
  const { draft: d } = props;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(d.name);
  const parsed = sectionNameSchema.safeParse(value);
  const error = !parsed.success
    ? parsed.error.issues[0]?.message
    : hasDuplicateSectionNames([...props.otherNames, parsed.data])
      ? VALIDATION_MESSAGES.sectionNamesUnique
      : undefined;
  const inputId = `draft-${d.id}`;

  function confirm() {
    if (error || !parsed.success) return;
    props.onRename(parsed.data);
    setEditing(false);
  }

  if (editing) {
    return (
      <div>
        <span className="draft-chip">
          <label htmlFor={inputId} className="visually-hidden">
            Section name
          </label>
          <InputGroup
            id={inputId}
            size="large"
            value={value}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setValue(e.target.value)}
            onKeyDown={(e: React.KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                confirm();
              } else if (e.key === 'Escape') {
                setValue(d.name);
                setEditing(false);
              }
            }}
          />
          <Button className="chip-action" variant="minimal" icon="tick" intent="success" aria-label={S.confirmSection(value)} disabled={!!error} onClick={confirm} />
          <Button className="chip-action" variant="minimal" icon="cross" aria-label={S.removeSection(d.name)} onClick={props.onRemove} />
        </span>
        {error ? (
          <p className="draft-error" id={`${inputId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <span className="draft-chip">
      <span className="draft-chip-name">{d.name}</span>
      <Button
        className="chip-action"
        variant="minimal"
        icon="edit"
        aria-label={S.renameSection(d.name)}
        onClick={() => {
          setValue(d.name);
          setEditing(true);
        }}
      />
      <Button className="chip-action" variant="minimal" icon="cross" aria-label={S.removeSection(d.name)} onClick={props.onRemove} />
    </span>
  );
}
