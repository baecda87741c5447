import { Button, Callout, Card, Tag } from '@blueprintjs/core';
import {
  approvalStatusOf,
  DESTRUCTIVE_MESSAGES,
  formatLevel,
  INDIAN_STATES,
  ONBOARDING_TEXT,
  SCHOOL_LEVELS,
  SCREEN_MESSAGES,
  slugifySchoolName,
  TOAST_MESSAGES,
  UI_MESSAGES,
} from '@vidyalaya/shared';
import { emptySchoolFormValues, type SchoolDto, schoolFormSchema, type SchoolFormValues, toCreateSchoolPayload } from '@vidyalaya/shared/schools';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks';
import { SelectField, SubmitButton, TextField } from '../../../components/form';
import { asApiError, errorDescription, toSubmitErrors } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useMySchoolQuery } from '../../../lib/school-state/school-api';
import { schoolStateActions } from '../../../lib/school-state/school-state';
import { toast, toastError } from '../../../lib/toast';
import { StateScreen } from '../../../lib/ui/state-screen';
import { useCreateSchoolMutation, useUpdateSchoolMutation } from '../api/setup-api';
import { PhoneNumbers } from '../components/phone-numbers';
import { SetupLayout } from '../components/setup-layout';
import { LoadingBlock } from '../components/setup-states';
import { SubdomainStatus } from '../components/subdomain-status';
import { SETUP_TEXT } from '../messages';

const validate = zodValidate(schoolFormSchema);
const T = SETUP_TEXT.setupSchool;
const UI = UI_MESSAGES.setupSchool;
const E = ONBOARDING_TEXT.editSchool;
const SC = ONBOARDING_TEXT.school;

const LEVEL_OPTIONS = SCHOOL_LEVELS.map((level) => ({ value: level, label: capitalise(formatLevel(level)) }));
const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state, label: state }));

function capitalise(text: string): string {
  return text.replace(/\b\w/g, (c) => c.toUpperCase());
}

/** A school's details as the form's starting values (edit and re-submit). */
function formValuesOf(school: SchoolDto): SchoolFormValues {
  const a = school.address;
  return {
    name: school.name,
    subdomain: school.subdomain,
    address: {
      address1: a?.address1 ?? '',
      address2: a?.address2 ?? '',
      locality: a?.locality ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
      country: a?.country ?? '',
      pinCode: a?.pinCode ?? '',
      landmark: a?.landmark ?? '',
    },
    level: school.level,
    board: school.board ?? '',
    schoolCode: school.schoolCode ?? '',
    affiliationNumber: school.affiliationNumber ?? '',
    phoneNumbers: school.phoneNumbers?.length ? [...school.phoneNumbers] : [''],
    email: school.email ?? '',
    principalName: school.principalName ?? '',
    establishedYear: school.establishedYear === null || school.establishedYear === undefined ? '' : String(school.establishedYear),
    language: school.language ?? '',
  };
}

/**
 * Spec §2 /setup/school: create the school profile — or, for a rejected school, edit it and
 * re-submit it (DECISIONS). A school that exists and is not rejected is not created twice.
 */
export function Component() {
  const navigate = useNavigate();
  const mySchool = useMySchoolQuery(undefined, { refetchOnMountOrArgChange: true });
  // The page decides once whether it creates or edits: a later refetch must not replace the form.
  const [settled, setSettled] = useState<{ school: SchoolDto | null } | null>(null);
  useEffect(() => {
    if (settled || mySchool.isFetching) return;
    if (mySchool.isSuccess || mySchool.isError) setSettled({ school: mySchool.data?.school ?? null });
  }, [settled, mySchool.isFetching, mySchool.isSuccess, mySchool.isError, mySchool.data]);
  const existing = settled?.school ?? null;
  // The account menu's "Edit school" (?edit=1) opens the form for a school in any state; without
  // it only a rejected school is edited (and re-submitted).
  const [params] = useSearchParams();
  const rejected = existing !== null && approvalStatusOf(existing) === 'rejected';
  const editing = existing !== null && (rejected || params.get('edit') === '1');
  useDocumentTitle(rejected ? T.editTitle : editing ? E.title : UI_MESSAGES.dashboard.createYourSchool);

  if (!settled) {
    return (
      <SetupLayout step="school" title={UI_MESSAGES.dashboard.createYourSchool}>
        <LoadingBlock label="Loading..." />
      </SetupLayout>
    );
  }
  if (existing && !editing) {
    return (
      <SetupLayout step="school" title={UI_MESSAGES.dashboard.createYourSchool}>
        <StateScreen
          icon="tick-circle"
          intent="primary"
          headingLevel={2}
          title={existing.name}
          description={T.alreadyCreated}
          action={<Button intent="primary" text={SCREEN_MESSAGES.schoolIdRequired.action} onClick={() => navigate('/dashboard')} />}
        />
      </SetupLayout>
    );
  }
  return <SchoolForm existing={editing ? existing : null} />;
}

function SchoolForm({ existing }: { existing: SchoolDto | null }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const appDomain = useAppDomain();
  const [createSchool] = useCreateSchoolMutation();
  const [updateSchool] = useUpdateSchoolMutation();
  const formRef = useRef<HTMLFormElement>(null);
  // Spec §2: the name fills the subdomain until the user types a subdomain of their own.
  const subdomainEdited = useRef(existing !== null);
  const initialValues = useMemo(() => (existing ? formValuesOf(existing) : emptySchoolFormValues()), [existing]);
  const rejected = existing !== null && approvalStatusOf(existing) === 'rejected';
  const approved = existing !== null && approvalStatusOf(existing) === 'approved';

  async function onSubmit(values: SchoolFormValues) {
    const payload = toCreateSchoolPayload(values);
    try {
      if (existing) {
        const { school } = await updateSchool({ id: existing.id, body: payload }).unwrap();
        dispatch(schoolStateActions.schoolUpdated(school));
        toast(rejected ? T.resubmitted : { title: E.saved });
      } else {
        const { school } = await createSchool(payload).unwrap();
        // Spec §2: stored with zero classes, sections and subjects; only schoolCreated is true.
        dispatch(schoolStateActions.schoolSet(school));
        toast(TOAST_MESSAGES.schoolCreated);
      }
    } catch (e) {
      const D = DESTRUCTIVE_MESSAGES.createSchool;
      toastError(D.title, errorDescription(e, D.description));
      const error = asApiError(e);
      if (error.code === 'SUBDOMAIN_TAKEN' || error.code === 'SUBDOMAIN_RESERVED') return { subdomain: error.message };
      if (error.code === 'SCHOOL_CODE_TAKEN') return { schoolCode: error.message };
      return toSubmitErrors(e);
    }
    navigate('/dashboard');
    return undefined;
  }

  return (
    <SetupLayout
      step="school"
      title={rejected ? T.editTitle : existing ? E.title : UI_MESSAGES.dashboard.createYourSchool}
      intro={
        existing && !rejected
          ? E.intro
          : existing
          ? 'Correct the details the reviewer asked about, then re-submit your school for approval.'
          : 'Tell us about your school. After you submit, our team reviews it — approval usually takes 24-48 hours.'
      }
    >
      {existing?.metaData?.rejectionReason ? (
        <Callout intent="danger" icon="disable" className="setup-callout">
          {SETUP_TEXT.rejectedReason(existing.metaData.rejectionReason)}
        </Callout>
      ) : null}
      <Form<SchoolFormValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
        {({ handleSubmit, submitting, form }) => (
          <form
            ref={formRef}
            className="setup-form"
            noValidate
            onSubmit={async (event) => {
              const result = await handleSubmit(event);
              // Keyboard users land on the first field that needs attention.
              requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
              return result;
            }}
          >
            <Card className="setup-card" elevation={1}>
              <h2>{UI.basicInformation}</h2>
              <div className="setup-grid">
                <TextField
                  name="name"
                  label="School name"
                  autoComplete="organization"
                  leftIcon="office"
                  className="setup-span-2"
                  onUserChange={(name) => {
                    if (!subdomainEdited.current) form.change('subdomain', slugifySchoolName(name) || undefined);
                  }}
                />
                <TextField
                  name="subdomain"
                  label="Subdomain"
                  autoComplete="off"
                  leftIcon="globe"
                  className="setup-span-2 subdomain-field"
                  rightElement={<Tag minimal className="subdomain-suffix">.{appDomain ?? ''}</Tag>}
                  disabled={approved}
                  helperText={approved ? E.subdomainLocked : <SubdomainStatus appDomain={appDomain} current={existing?.subdomain} />}
                  onUserChange={(value) => {
                    // Clearing the field hands it back to the name.
                    subdomainEdited.current = value.trim() !== '';
                  }}
                />
                <SelectField name="level" label="School level" placeholder="Select a school level" options={LEVEL_OPTIONS} />
                <TextField name="board" label="Board" placeholder={SC.boardPlaceholder} suggestions={SC.boards} autoComplete="off" optional />
                <TextField name="schoolCode" label={SC.schoolCodeLabel} inputMode="numeric" helperText={SC.schoolCodeHelp} optional />
                <TextField name="affiliationNumber" label={SC.affiliationLabel} helperText={SC.affiliationHelp} optional />
              </div>
            </Card>

            <Card className="setup-card" elevation={1}>
              <h2>{UI.addressInformation}</h2>
              <div className="setup-grid">
                <TextField name="address.address1" label="Address line 1" autoComplete="address-line1" className="setup-span-2" />
                <TextField name="address.address2" label="Address line 2" autoComplete="address-line2" className="setup-span-2" optional />
                <TextField name="address.locality" label="Locality" />
                <TextField name="address.landmark" label="Landmark" optional />
                <TextField name="address.city" label="City" autoComplete="address-level2" />
                <SelectField name="address.state" label="State" placeholder="Select a state" options={STATE_OPTIONS} />
                <TextField name="address.country" label="Country" autoComplete="country-name" />
                <TextField name="address.pinCode" label="PIN code" inputMode="numeric" autoComplete="postal-code" />
              </div>
            </Card>

            <Card className="setup-card" elevation={1}>
              <h2>{UI.contactInformation}</h2>
              <PhoneNumbers />
              <div className="setup-grid">
                <TextField name="email" label="School email" type="email" autoComplete="email" leftIcon="envelope" optional />
                <TextField name="principalName" label="Principal's name" optional />
              </div>
            </Card>

            <Card className="setup-card" elevation={1}>
              <h2>{UI.additionalInformation}</h2>
              <div className="setup-grid">
                <TextField name="establishedYear" label="Established year" inputMode="numeric" placeholder="1995" optional />
                <TextField name="language" label="Language of instruction" placeholder="English" optional />
              </div>
            </Card>

            <div className="setup-actions">
              <Button size="large" text={UI.backToDashboard} onClick={() => navigate('/dashboard')} disabled={submitting} />
              <SubmitButton text={rejected ? T.submitEdit : existing ? E.submit : T.submitCreate} submitting={submitting} />
            </div>
          </form>
        )}
      </Form>
    </SetupLayout>
  );
}
