import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { EMAIL_MAX, roleHas } from '@vidyalaya/shared';
import {
  BLOOD_GROUPS,
  createStudentSchema,
  GUARDIANS_MAX,
  parseImportDate,
  SOCIAL_CATEGORIES,
  updateStudentSchema,
  type CreateStudentInput,
  type Student,
  type UpdateStudentInput,
} from '@vidyalaya/shared/students';
import { useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../../../components/form';
import { ErrorsBesideSubmit } from '../../../components/form/errors-beside-submit';
import { asApiError, toSubmitErrors } from '../../../lib/api/errors';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { formatDate } from '../../../lib/i18n/format';
import { useLocalName } from '../../../lib/i18n/local-name';
import { toast } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useCreateStudentMutation, useSectionsQuery, useStudentQuery, useUpdateStudentMutation } from '../api/students-api';
import { translateErrors, translateMessage, useT, type MessageId } from '../i18n';
import '../components/students.css';

type GuardianValues = { name?: string; relation?: string; phone?: string; email?: string };
type Values = {
  admissionNumber?: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  gender?: string;
  sectionId?: string;
  rollNumber?: string;
  admissionDate?: string;
  guardians?: GuardianValues[];
  aadhaar?: string;
  pen?: string;
  apaarId?: string;
  motherTongue?: string;
  socialCategory?: string;
  religion?: string;
  bloodGroup?: string;
  cwsn?: boolean;
  rte?: boolean;
  bpl?: boolean;
  address?: { address1?: string; locality?: string; city?: string; state?: string; pinCode?: string };
};

const OPTIONAL = ['lastName', 'rollNumber', 'pen', 'apaarId', 'motherTongue', 'socialCategory', 'religion', 'bloodGroup', 'admissionDate'] as const;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const day = (v: string | undefined) => (v ? (parseImportDate(v) ?? v) : undefined);

/** The form's values as the API takes them: dates typed day first, blank guardians dropped; on edit a cleared field is null. */
function toInput(v: Values, editing: boolean): Record<string, unknown> {
  const guardians = (v.guardians ?? []).filter((g) => !(blank(g?.name) && blank(g?.phone) && blank(g?.email)));
  const out: Record<string, unknown> = {
    ...v,
    dateOfBirth: day(v.dateOfBirth),
    admissionDate: day(v.admissionDate),
    guardians: guardians.map((g) => ({ ...g, email: blank(g.email) ? undefined : g.email })),
    cwsn: !!v.cwsn,
    rte: !!v.rte,
    bpl: !!v.bpl,
  };
  if (blank(v.aadhaar)) delete out.aadhaar;
  if (blank(v.admissionNumber)) delete out.admissionNumber;
  if (editing) {
    // The address is replaced whole: a blank part is cleared.
    for (const k of OPTIONAL) if (blank(out[k])) out[k] = null;
    out.address = v.address ?? {};
  }
  return out;
}

function initialValues(s: Student | undefined): Values {
  if (!s) return { guardians: [{ relation: 'father' }], cwsn: false, rte: false, bpl: false };
  return {
    admissionNumber: s.admissionNumber,
    firstName: s.firstName,
    lastName: s.lastName ?? '',
    dateOfBirth: formatDate(s.dateOfBirth),
    gender: s.gender,
    sectionId: s.enrolment?.sectionId ?? '',
    rollNumber: s.enrolment?.rollNumber ? String(s.enrolment.rollNumber) : '',
    admissionDate: formatDate(s.admissionDate),
    guardians: s.guardians.length ? s.guardians.map((g) => ({ name: g.name, relation: g.relation, phone: g.phone, email: g.email ?? '' })) : [{ relation: 'father' }],
    pen: s.pen ?? '',
    apaarId: s.apaarId ?? '',
    motherTongue: s.motherTongue ?? '',
    socialCategory: s.socialCategory ?? '',
    religion: s.religion ?? '',
    bloodGroup: s.bloodGroup ?? '',
    cwsn: s.cwsn,
    rte: s.rte,
    bpl: s.bpl,
    address: {
      address1: s.address.address1 ?? '',
      locality: s.address.locality ?? '',
      city: s.address.city ?? '',
      state: s.address.state ?? '',
      pinCode: s.address.pinCode ?? '',
    },
  };
}

/** Add a student, or edit one (`…/students/{id}/edit`): the shared schema validates as the office types. */
export function Component() {
  const t = useT();
  const navigate = useNavigate();
  const { schoolId, home } = useSchool();
  const { studentId } = useParams();
  const editing = !!studentId;
  const existing = useStudentQuery({ schoolId, studentId: studentId ?? '' }, { skip: !editing });
  const sections = useSectionsQuery(schoolId);
  const [create] = useCreateStudentMutation();
  const [update] = useUpdateStudentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [guardianCount, setGuardianCount] = useState<number | null>(null);
  const local = useLocalName();
  /** Which button sent the form: "save and add another" keeps the page for the next child (issue 36). */
  const another = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** The child just added by "save and add another", said beside the buttons. */
  const [added, setAdded] = useState<string | null>(null);
  /** A new key remounts the form empty for the next child. */
  const [round, setRound] = useState(0);
  const [keep, setKeep] = useState<Pick<Values, 'sectionId' | 'admissionDate'>>({});
  const student = existing.data?.student;
  // The same object while the page shows the same student: a new one would reset the form's values.
  const initial = useMemo(() => (student ? initialValues(student) : { ...initialValues(undefined), ...keep }), [student, keep]);

  if (!roleHas(home.role, 'students.write')) return <Navigate to={`/workspace/${schoolId}/students`} replace />;
  if ((editing && existing.isLoading) || sections.isLoading) return <Spinner size={32} aria-label={t('students.loading')} />;
  const guardians = guardianCount ?? initial.guardians?.length ?? 1;

  const schemaValidate = zodValidate(editing ? updateStudentSchema : createStudentSchema);
  const dateError = t('students.validation.dateFormat');
  function validate(v: Values) {
    const errors = (schemaValidate(toInput(v, editing)) ?? {}) as Record<string, unknown>;
    for (const k of ['dateOfBirth', 'admissionDate'] as const) {
      const typed = v[k];
      if (typed ? !parseImportDate(typed) : !!errors[k]) errors[k] = dateError;
    }
    if (!editing && !v.sectionId) errors.sectionId = t('students.validation.sectionRequired');
    const translated = translateErrors(t, errors) as Record<string, unknown>;
    return Object.keys(translated).length ? translated : undefined;
  }

  async function onSubmit(values: Values) {
    setFailure(null);
    setAdded(null);
    try {
      if (editing && student) {
        const body = updateStudentSchema.parse(toInput(values, true)) as UpdateStudentInput;
        await update({ schoolId, studentId: student.id, body }).unwrap();
        toast({ title: t('students.saved', { name: student.name }) });
        navigate(`/workspace/${schoolId}/students/${student.id}`);
      } else {
        const body = createStudentSchema.parse(toInput(values, false)) as CreateStudentInput;
        const r = await create({ schoolId, body }).unwrap();
        const said = t('students.created', { name: r.student.name, number: r.student.admissionNumber });
        if (another.current) {
          // The next child: an empty form in the same section, the first field ready to type in.
          setKeep({ sectionId: values.sectionId, admissionDate: values.admissionDate });
          setGuardianCount(null);
          setAdded(said);
          setRound((n) => n + 1);
          return undefined;
        }
        toast({ title: said });
        navigate(`/workspace/${schoolId}/students/${r.student.id}`);
      }
    } catch (e) {
      const err = asApiError(e);
      if (err.code === 'STUDENT_LIMIT_REACHED') {
        setFailure(t('students.limitReached'));
        return undefined;
      }
      const fields = toSubmitErrors(e);
      if (fields) return translateErrors(t, fields) as Record<string, unknown>;
      setFailure(translateMessage(t, err.message));
    }
    return undefined;
  }

  const sectionOptions = (sections.data?.items ?? []).map((s) => ({ value: s.sectionId, label: local(`${s.className} – ${s.sectionName}`) }));
  const opt = (label: string) => `${label} ${t('students.optional')}`;

  return (
    <section className="st-page" style={{ maxWidth: 920 }}>
      <Link className="st-tel" to={student ? `/workspace/${schoolId}/students/${student.id}` : `/workspace/${schoolId}/students`}>
        ← {student ? student.name : t('students.backToRegister')}
      </Link>
      <h1>{editing ? t('students.form.editTitle') : t('students.form.addTitle')}</h1>
      {sectionOptions.length === 0 ? <Callout intent="warning">{t('students.form.noSections')}</Callout> : null}
      <Card className="st-card">
        <Form<Values>
          key={round}
          onSubmit={onSubmit}
          validate={validate}
          initialValues={initial}
          render={({ handleSubmit, submitting, form }) => (
            <form ref={formRef} className="st-form" noValidate aria-label={editing ? t('students.form.editTitle') : t('students.form.addTitle')} onSubmit={(e) => void handleSubmit(e)}>
              <h2>{t('students.form.child')}</h2>
              <div className="st-grid">
                <TextField name="firstName" label={t('students.field.firstName')} maxLength={100} autoComplete="off" autoFocus={round > 0} />
                <TextField name="lastName" label={opt(t('students.field.lastName'))} maxLength={100} autoComplete="off" />
                <TextField name="dateOfBirth" label={t('students.field.dateOfBirth')} placeholder="DD/MM/YYYY" inputMode="numeric" maxLength={10} />
                <SelectField
                  name="gender"
                  label={t('students.field.gender')}
                  placeholder={t('students.choose')}
                  options={(['female', 'male', 'other'] as const).map((g) => ({ value: g, label: t(`students.gender.${g}` as MessageId) }))}
                />
              </div>
              <h2>{t('students.form.enrolment')}</h2>
              <div className="st-grid">
                <TextField
                  name="admissionNumber"
                  label={editing ? t('students.field.admissionNumber') : opt(t('students.field.admissionNumber'))}
                  helperText={editing ? undefined : t('students.form.admissionNumberHelp')}
                  maxLength={30}
                  autoComplete="off"
                />
                <SelectField name="sectionId" label={t('students.field.section')} placeholder={t('students.choose')} options={sectionOptions} />
                <TextField name="rollNumber" label={opt(t('students.field.rollNumber'))} inputMode="numeric" maxLength={4} />
                <TextField name="admissionDate" label={opt(t('students.field.admissionDate'))} placeholder="DD/MM/YYYY" inputMode="numeric" maxLength={10} />
              </div>

              <h2>{t('students.form.guardians')}</h2>
              {Array.from({ length: guardians }, (_, i) => (
                <fieldset key={i} className="st-guardian-block">
                  <legend>{i === 0 ? t('students.form.primaryGuardian') : t('students.form.guardianN', { n: i + 1 })}</legend>
                  <div className="st-grid">
                    <TextField name={`guardians[${i}].name`} label={t('students.field.guardianName')} maxLength={100} autoComplete="off" />
                    <SelectField
                      name={`guardians[${i}].relation`}
                      label={t('students.field.relation')}
                      placeholder={t('students.choose')}
                      options={(['father', 'mother', 'guardian'] as const).map((r) => ({ value: r, label: t(`students.relation.${r}` as MessageId) }))}
                    />
                    <TextField name={`guardians[${i}].phone`} label={t('students.field.phone')} type="tel" inputMode="tel" maxLength={16} />
                    <TextField name={`guardians[${i}].email`} label={opt(t('students.field.email'))} type="email" maxLength={EMAIL_MAX} />
                  </div>
                  {i > 0 && i === guardians - 1 ? (
                    <Button
                      className="st-touch"
                      variant="minimal"
                      intent="danger"
                      icon="remove"
                      text={t('students.form.removeGuardian')}
                      onClick={() => {
                        form.change(`guardians[${i}]` as keyof Values, undefined);
                        setGuardianCount(guardians - 1);
                      }}
                    />
                  ) : null}
                </fieldset>
              ))}
              {guardians < GUARDIANS_MAX ? (
                <Button className="st-touch" icon="add" text={t('students.form.addGuardian')} onClick={() => setGuardianCount(guardians + 1)} style={{ alignSelf: 'flex-start' }} />
              ) : null}

              <h2>{t('students.form.udise')}</h2>
              <div className="st-grid">
                <TextField
                  name="aadhaar"
                  label={opt(t('students.field.aadhaar'))}
                  inputMode="numeric"
                  maxLength={14}
                  autoComplete="off"
                  placeholder={student?.aadhaarMasked ?? undefined}
                  helperText={student?.aadhaarMasked ? t('students.form.aadhaarKeep') : t('students.form.aadhaarHelp')}
                />
                <TextField name="pen" label={opt(t('students.field.pen'))} inputMode="numeric" maxLength={11} />
                <TextField name="apaarId" label={opt(t('students.field.apaarId'))} inputMode="numeric" maxLength={12} />
                <TextField name="motherTongue" label={opt(t('students.field.motherTongue'))} maxLength={50} />
                <SelectField
                  name="socialCategory"
                  label={opt(t('students.field.socialCategory'))}
                  placeholder={t('students.notSet')}
                  options={SOCIAL_CATEGORIES.map((c) => ({ value: c, label: t(`students.category.${c}` as MessageId) }))}
                />
                <TextField name="religion" label={opt(t('students.field.religion'))} maxLength={50} />
                <SelectField name="bloodGroup" label={opt(t('students.field.bloodGroup'))} placeholder={t('students.notSet')} options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))} />
              </div>
              <CheckboxField name="rte" label={t('students.field.rteLong')} />
              <CheckboxField name="cwsn" label={t('students.field.cwsnLong')} />
              <CheckboxField name="bpl" label={t('students.field.bplLong')} />

              <h2>{t('students.field.address')}</h2>
              <div className="st-grid">
                <TextField name="address.address1" label={opt(t('students.field.address1'))} maxLength={255} />
                <TextField name="address.locality" label={opt(t('students.field.locality'))} maxLength={100} />
                <TextField name="address.city" label={opt(t('students.field.city'))} maxLength={100} />
                <TextField name="address.state" label={opt(t('students.field.state'))} maxLength={100} />
                <TextField name="address.pinCode" label={opt(t('students.field.pinCode'))} inputMode="numeric" maxLength={6} />
              </div>
              {/* Every result of the form is said here, beside its buttons (issue 36). */}
              <ErrorsBesideSubmit formRef={formRef} title={(count) => t('students.form.fixFields', { count })} />
              {failure ? (
                <Callout intent="danger" role="alert">
                  {failure}
                </Callout>
              ) : null}
              {added ? (
                <Callout intent="success" role="status" className="st-added">
                  {added} {t('students.form.addNext')}
                </Callout>
              ) : null}
              <div className="st-form-buttons">
                <SubmitButton
                  text={editing ? t('students.form.save') : t('students.form.create')}
                  submitting={submitting}
                  onClick={() => {
                    another.current = false;
                  }}
                />
                {editing ? null : (
                  <SubmitButton
                    text={t('students.form.createAndAnother')}
                    intent="none"
                    icon="add"
                    submitting={submitting}
                    onClick={() => {
                      another.current = true;
                    }}
                  />
                )}
              </div>
            </form>
          )}
        />
      </Card>
    </section>
  );
}
