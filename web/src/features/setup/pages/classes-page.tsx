import { Button, Callout, Card, Checkbox, Tag } from '@blueprintjs/core';
import { type CatalogueClass, CLASS_GROUPS, type ClassGroup, DESTRUCTIVE_MESSAGES, ONBOARDING_TEXT, sortByCatalogue, TOAST_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { createClassesSchema } from '@vidyalaya/shared/academics';
import { createContext, useContext, useMemo } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks';
import { SubmitButton } from '../../../components/form';
import { errorDescription } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useAcademicYear, useSetupSchoolId } from '../../../lib/school-state/hooks';
import { schoolStateActions } from '../../../lib/school-state/school-state';
import { toast, toastError } from '../../../lib/toast';
import { useClassesSectionsQuery, useCreateClassesMutation } from '../api/setup-api';
import { AcademicYearSelect, SetupLayout } from '../components/setup-layout';
import { SchoolIdRequired } from '../components/setup-states';
import { SETUP_TEXT } from '../messages';

type ClassesForm = { classes: string[] };
const validateClasses = zodValidate(createClassesSchema);
// One object for the life of the page: a new one on each render would reset the form.
const INITIAL_VALUES: ClassesForm = { classes: [] };
const UI = UI_MESSAGES.setupClasses;
const O = ONBOARDING_TEXT.setup;

/** The classes the school already has for the chosen year: shown ticked and marked, never sent again. */
const ExistingClasses = createContext<ReadonlySet<string>>(new Set());

/** Spec §2 /setup/classes. */
export function Component() {
  const schoolId = useSetupSchoolId();
  if (!schoolId) return <SchoolIdRequired step="classes" />;
  return <ClassesStep schoolId={schoolId} />;
}

function ClassesStep({ schoolId }: { schoolId: string }) {
  useDocumentTitle('Set up classes');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { academicYear } = useAcademicYear();
  const [createClasses] = useCreateClassesMutation();
  // Revisiting the step shows what is there already (issue 20).
  const current = useClassesSectionsQuery({ schoolId, academicYear }, { refetchOnMountOrArgChange: true });
  const existing = useMemo(() => new Set<string>((current.currentData?.classes ?? []).map((c) => c.name)), [current.currentData]);

  async function onSubmit(values: ClassesForm) {
    const classes = sortByCatalogue((values.classes ?? []).filter((name) => !existing.has(name)), (name) => name) as CatalogueClass[];
    let created: number;
    try {
      const result = await createClasses({ schoolId, classes, academicYear }).unwrap();
      created = typeof (result as { created?: unknown })?.created === 'number' ? (result as { created: number }).created : classes.length;
    } catch (e) {
      const D = DESTRUCTIVE_MESSAGES.createClasses;
      toastError(D.title, errorDescription(e, D.description));
      return undefined;
    }
    if (created === 0) toast({ title: O.nothingCreated.title, description: O.nothingCreated.classes, intent: 'primary' });
    else toast({ title: TOAST_MESSAGES.classesCreated.title, description: TOAST_MESSAGES.classesCreated.description(created) });
    dispatch(schoolStateActions.stepCompleted('classesAdded'));
    navigate('/dashboard');
    return undefined;
  }

  return (
    <SetupLayout
      step="classes"
      title="Set Up Classes"
      intro="Choose the classes your school teaches. You can add sections and subjects to them next."
      aside={<AcademicYearSelect />}
    >
      <ExistingClasses.Provider value={existing}>
        <Form<ClassesForm>
          onSubmit={onSubmit}
          initialValues={INITIAL_VALUES}
          validate={(values) => validateClasses({ schoolId, academicYear, classes: (values.classes ?? []).filter((name) => !existing.has(name)) })}
        >
          {({ handleSubmit, submitting, values, errors }) => {
            const count = (values.classes ?? []).filter((name) => !existing.has(name)).length;
            const schoolIdError = typeof errors?.schoolId === 'string' ? errors.schoolId : undefined;
            const yearError = typeof errors?.academicYear === 'string' ? errors.academicYear : undefined;
            return (
              <form onSubmit={handleSubmit} noValidate>
                {schoolIdError || yearError ? (
                  <Callout intent="danger" icon="error" className="setup-callout" role="alert">
                    {schoolIdError ?? yearError}
                  </Callout>
                ) : null}
                <div className="class-groups">
                  {CLASS_GROUPS.map((group) => (
                    <ClassGroupCard key={group.key} group={group} />
                  ))}
                </div>
                <SelectionSummary error={typeof errors?.classes === 'string' ? errors.classes : undefined} />
                <div className="setup-actions">
                  <Button size="large" text={UI_MESSAGES.setupSchool.backToDashboard} onClick={() => navigate('/dashboard')} disabled={submitting} />
                  <SubmitButton text={UI.submit(count)} submitting={submitting} disabled={count === 0 || !!schoolIdError || !!yearError} />
                </div>
              </form>
            );
          }}
        </Form>
      </ExistingClasses.Provider>
    </SetupLayout>
  );
}

/** One catalogue group: Select All / Deselect All with its selected/total count, then a box per class. */
function ClassGroupCard({ group }: { group: ClassGroup }) {
  const form = useForm<ClassesForm>();
  const existing = useContext(ExistingClasses);
  const { values } = useFormState<ClassesForm>({ subscription: { values: true } });
  const selected = values.classes ?? [];
  const inGroup = group.classes.filter((name) => selected.includes(name) || existing.has(name)).length;
  const all = inGroup === group.classes.length;
  const headingId = `group-${group.key}`;

  function toggleAll() {
    const others = selected.filter((name) => !(group.classes as readonly string[]).includes(name));
    form.change('classes', all ? others : [...others, ...group.classes.filter((name) => !existing.has(name))]);
  }

  return (
    <Card className="class-group" elevation={1} role="group" aria-labelledby={headingId}>
      <div className="class-group-head">
        <h2 id={headingId}>{group.label}</h2>
        <div className="class-group-toggle">
          <Tag minimal round aria-label={`${inGroup} of ${group.classes.length} selected`}>
            {inGroup}/{group.classes.length}
          </Tag>
          <Button className="class-group-select" variant="outlined" text={all ? UI.deselectAll : UI.selectAll} aria-label={`${all ? UI.deselectAll : UI.selectAll} ${group.label}`} onClick={toggleAll} />
        </div>
      </div>
      <ul className="class-list">
        {group.classes.map((name) => (
          <li key={name}>
            <ClassCheckbox name={name} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ClassCheckbox({ name }: { name: string }) {
  const { input } = useField<string>('classes', { type: 'checkbox', value: name });
  const created = useContext(ExistingClasses).has(name);
  if (created) {
    return (
      <Checkbox
        className="class-row class-row--created"
        labelElement={
          <>
            {name}{' '}
            <Tag minimal round intent="success" className="class-created-tag">
              {O.created}
            </Tag>
          </>
        }
        checked
        disabled
        name={input.name}
        value={name}
        size="large"
      />
    );
  }
  return <Checkbox className="class-row" label={name} checked={!!input.checked} onChange={input.onChange} name={input.name} value={name} size="large" />;
}

function SelectionSummary({ error }: { error?: string }) {
  const { values } = useFormState<ClassesForm>({ subscription: { values: true } });
  const selected = sortByCatalogue(values.classes ?? [], (n) => n);
  return (
    <Card className="selection-summary" elevation={0} aria-live="polite">
      <h2>{SETUP_TEXT.setup.selectedSummary(selected.length)}</h2>
      {selected.length === 0 ? (
        <p className="selection-empty">{error}</p>
      ) : (
        <ul>
          {selected.map((name) => (
            <li key={name}>
              <Tag intent="primary" minimal>
                {name}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
