import { Button, Callout, Card, Tag } from '@blueprintjs/core';
import {
  CLASS_GROUPS,
  classesWithoutSubjects,
  DESTRUCTIVE_MESSAGES,
  newClassSubjects,
  ONBOARDING_TEXT,
  SCREEN_MESSAGES,
  TOAST_MESSAGES,
  UI_MESSAGES,
} from '@vidyalaya/shared';
import { type ClassWithDetails, createClassSubjectsSchema } from '@vidyalaya/shared/academics';
import { useEffect, useMemo, useState } from 'react';
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
import { useCreateClassSubjectsMutation, useLazyGlobalSubjectsQuery } from '../api/setup-api';
import { AcademicYearSelect, SetupLayout } from '../components/setup-layout';
import { ClassesLoadState, SchoolIdRequired } from '../components/setup-states';
import { SubjectsDialog } from '../components/subjects-dialog';
import { useClassesSections } from '../hooks/use-classes-sections';
import { SETUP_TEXT } from '../messages';

type SubjectsForm = { pending: Record<string, string[]> };

const validateSubjects = zodValidate(createClassSubjectsSchema);
const UI = UI_MESSAGES.setupSubjects;
const S = SETUP_TEXT.setup;
const O = ONBOARDING_TEXT.setup;

/** Spec §2 /setup/subjects. */
export function Component() {
  const schoolId = useSetupSchoolId();
  if (!schoolId) return <SchoolIdRequired step="subjects" />;
  return <SubjectsStep schoolId={schoolId} />;
}

function SubjectsStep({ schoolId }: { schoolId: string }) {
  useDocumentTitle('Set up subjects');
  const { academicYear } = useAcademicYear();
  const query = useClassesSections(schoolId, academicYear);
  const classes = query.currentData?.classes;

  const body = classes && classes.length > 0 && !query.isFetching ? (
    <SubjectsFormView key={`${academicYear}:${query.fulfilledTimeStamp}`} schoolId={schoolId} academicYear={academicYear} classes={classes} />
  ) : (
    <ClassesLoadState schoolId={schoolId} noClassesDescription={S.noClassesForSubjects} query={query} />
  );

  return (
    <SetupLayout
      step="subjects"
      title="Set Up Subjects"
      intro="Choose the subjects each class studies. Every class needs at least one subject."
      aside={<AcademicYearSelect />}
    >
      {body}
    </SetupLayout>
  );
}

function SubjectsFormView(props: { schoolId: string; academicYear: string; classes: ClassWithDetails[] }) {
  const { schoolId, academicYear, classes } = props;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createClassSubjects] = useCreateClassSubjectsMutation();
  const [missing, setMissing] = useState<string[]>([]);
  const initialValues = useMemo<SubjectsForm>(() => ({ pending: {} }), []);

  async function onSubmit(values: SubjectsForm) {
    const pending = values.pending ?? {};
    // Spec §5: every class needs at least one existing or new subject.
    const without = classesWithoutSubjects(classes, pending);
    setMissing(without);
    if (without.length > 0) {
      const D = DESTRUCTIVE_MESSAGES.incompleteSubjectSelection;
      toastError(D.title, D.description(without));
      return undefined;
    }
    // Spec §7: only subjects not already attached are sent; spec §4: nothing new → done, no call.
    const classSubjects = newClassSubjects(classes, pending);
    if (classSubjects.length === 0) {
      dispatch(schoolStateActions.stepCompleted('subjectsAdded'));
      toast(TOAST_MESSAGES.subjectsAlreadyComplete);
      navigate('/dashboard');
      return undefined;
    }
    const payload = { schoolId, academicYear, classSubjects };
    const invalid = validateSubjects(payload);
    if (invalid) {
      toastError(DESTRUCTIVE_MESSAGES.addSubjects.title, DESTRUCTIVE_MESSAGES.addSubjects.description);
      return undefined;
    }
    try {
      await createClassSubjects(payload as Parameters<typeof createClassSubjects>[0]).unwrap();
    } catch (e) {
      const D = DESTRUCTIVE_MESSAGES.addSubjects;
      toastError(D.title, errorDescription(e, D.description));
      return undefined;
    }
    dispatch(schoolStateActions.stepCompleted('subjectsAdded'));
    toast(TOAST_MESSAGES.subjectsSaved);
    navigate('/dashboard');
    return undefined;
  }

  return (
    <Form<SubjectsForm> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <ClassSubjectsList classes={classes} missing={missing} />
          {missing.length > 0 ? (
            <Callout intent="danger" icon="error" className="setup-callout" role="alert">
              <strong>{DESTRUCTIVE_MESSAGES.incompleteSubjectSelection.title}</strong> —{' '}
              {DESTRUCTIVE_MESSAGES.incompleteSubjectSelection.description(missing)}
            </Callout>
          ) : null}
          <div className="setup-actions">
            <Button size="large" text={UI_MESSAGES.setupSchool.backToDashboard} onClick={() => navigate('/dashboard')} disabled={submitting} />
            <SubmitButton text={UI.submit} submitting={submitting} />
          </div>
        </form>
      )}
    </Form>
  );
}

function ClassSubjectsList({ classes, missing }: { classes: ClassWithDetails[]; missing: string[] }) {
  const form = useForm<SubjectsForm>();
  const { values } = useFormState<SubjectsForm>({ subscription: { values: true } });
  const pending = values.pending ?? {};
  const [openFor, setOpenFor] = useState<ClassWithDetails | null>(null);
  // Spec §2: the global subjects load lazily, on the first opening of the dialog.
  const [loadGlobalSubjects, global] = useLazyGlobalSubjectsQuery();

  useEffect(() => {
    if (!global.isError) return;
    const D = DESTRUCTIVE_MESSAGES.loadGlobalSubjects;
    toastError(D.title, D.description);
  }, [global.isError]);

  function open(cls: ClassWithDetails) {
    setOpenFor(cls);
    if (global.isUninitialized || global.isError) void loadGlobalSubjects(undefined, true);
  }

  function setPending(className: string, names: string[]) {
    form.change('pending', { ...form.getState().values.pending, [className]: names });
  }

  /**
   * "Apply these subjects to the other classes of the group" (issue 20): every other class of the
   * same catalogue group on this page gets the class's subjects, current and new, that it lacks.
   */
  function applyToGroup(source: ClassWithDetails, group: readonly string[]) {
    const names = [...source.subjects.map((s) => s.name), ...(pending[source.name] ?? [])];
    const next = { ...form.getState().values.pending };
    for (const target of classes) {
      if (target.name === source.name || !group.includes(target.name)) continue;
      const have = new Set([...target.subjects.map((s) => s.name.toLowerCase()), ...(next[target.name] ?? []).map((n) => n.toLowerCase())]);
      next[target.name] = [...(next[target.name] ?? []), ...names.filter((n) => !have.has(n.toLowerCase()))];
    }
    form.change('pending', next);
  }

  return (
    <div className="class-cards">
      {classes.map((cls) => {
        const mine = pending[cls.name] ?? [];
        const headingId = `subjects-${cls.id}`;
        const group = CLASS_GROUPS.find((g) => (g.classes as readonly string[]).includes(cls.name));
        const groupmates = group ? classes.filter((c) => c.name !== cls.name && (group.classes as readonly string[]).includes(c.name)) : [];
        return (
          <Card key={cls.id} className="class-card" elevation={1} role="group" aria-labelledby={headingId}>
            <div className="class-card-head">
              <h2 id={headingId}>{cls.name}</h2>
              <Button icon="add" variant="outlined" text={UI.addSubjects} aria-label={`${UI.addSubjects} to ${cls.name}`} onClick={() => open(cls)} />
            </div>
            {cls.subjects.length > 0 ? (
              <>
                <p className="chip-label">Current subjects</p>
                <ul className="chip-row" aria-label={`Current subjects of ${cls.name}`}>
                  {cls.subjects.map((s) => (
                    <li key={s.id}>
                      <Tag intent="success" round size="large">
                        {s.name}
                      </Tag>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {mine.length > 0 ? (
              <>
                <p className="chip-label">New subjects</p>
                <ul className="chip-row" aria-label={`New subjects of ${cls.name}`}>
                  {mine.map((name) => (
                    <li key={name}>
                      <span className="draft-chip">
                        <span className="draft-chip-name">{name}</span>
                        <Button
                          className="chip-action"
                          variant="minimal"
                          icon="cross"
                          aria-label={`${S.removeSubject(name)} from ${cls.name}`}
                          onClick={() => setPending(cls.name, mine.filter((n) => n !== name))}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {group && groupmates.length > 0 && cls.subjects.length + mine.length > 0 ? (
              <div className="apply-group">
                <Button icon="duplicate" variant="minimal" intent="primary" text={O.applyToGroup(group.label)} onClick={() => applyToGroup(cls, group.classes)} />
              </div>
            ) : null}
            {cls.subjects.length === 0 && mine.length === 0 ? (
              <p className={`empty-hint${missing.includes(cls.name) ? ' empty-hint--missing' : ''}`}>{SCREEN_MESSAGES.noSubjectsSelected}</p>
            ) : null}
          </Card>
        );
      })}
      {openFor ? (
        <SubjectsDialog
          cls={openFor}
          pending={pending[openFor.name] ?? []}
          subjects={global.data?.subjects}
          loading={global.isFetching && !global.data}
          failed={global.isError}
          onRetry={() => void loadGlobalSubjects(undefined, false)}
          onCancel={() => setOpenFor(null)}
          onSave={(names) => {
            setPending(openFor.name, names);
            setOpenFor(null);
          }}
        />
      ) : null}
    </div>
  );
}
