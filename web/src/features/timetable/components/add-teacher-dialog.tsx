import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { roleHas, sortByCatalogue } from '@vidyalaya/shared';
import { type TimetableClassesResult } from '@vidyalaya/shared/timetable';

type ClassWithDetails = TimetableClassesResult['classes'][number];
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useLocalName } from '../../../lib/i18n/local-name';
import { useSchool } from '../../../lib/workspace/school-context';
import { useCreateStaffMutation, useInviteTeacherMutation, usePutTeachingAssignmentsMutation, useSetClassTeacherMutation, useStaffListQuery } from '../api/timetable-api';
import { errorText, useT, type MessageId } from '../i18n';

interface Form {
  name: string;
  email: string;
  phone: string;
  /** null: the suggested next code, until the office types another. */
  employeeCode: string | null;
  designation: string;
  invite: boolean;
  /** subjectId → the sections (ids) the teacher teaches it in. */
  teaches: Record<string, string[]>;
  classTeacherOf: string;
}

type Step = 'staff' | 'assignments' | 'classTeacher' | 'invite';

/** What has been done so far, so a retry after a failure does only what is left. */
interface Progress {
  staffId: string | null;
  done: Step[];
}

const empty = (): Form => ({ name: '', email: '', phone: '', employeeCode: null, designation: '', invite: true, teaches: {}, classTeacherOf: '' });

/**
 * "Add a teacher" (issue 36 point 7): one form for what took four screens — the staff record, the
 * subjects and the sections they teach (the teaching assignments), the class they are class teacher
 * of, and the invitation to sign in (the account is linked to the record when it is accepted). The
 * timetable comes after, from the link the form ends with. Each step's result is said beside the
 * button; after a failure, saving again does only the steps still to do.
 */
/** The next free code of the school's 'T001', 'T002'… series (the office may type any other). */
function nextCode(codes: string[]): string {
  const taken = codes.map((c) => /^T(\d{1,6})$/i.exec(c)?.[1]).filter((n): n is string => !!n).map(Number);
  const next = (taken.length ? Math.max(...taken) : 0) + 1;
  return `T${String(next).padStart(3, '0')}`;
}

export function AddTeacherDialog(props: { isOpen: boolean; onClose: () => void; classes: ClassWithDetails[] }) {
  const t = useT();
  const local = useLocalName();
  const { schoolId, home } = useSchool();
  const canInvite = roleHas(home.role, 'members.manage');
  const [createStaff] = useCreateStaffMutation();
  const [putAssignments] = usePutTeachingAssignmentsMutation();
  const [setClassTeacher] = useSetClassTeacherMutation();
  const [invite] = useInviteTeacherMutation();
  const staff = useStaffListQuery({ schoolId, status: 'all', pageSize: 200 }, { skip: !props.isOpen });
  const suggestedCode = nextCode((staff.data?.items ?? []).map((x) => x.employeeCode));
  const [form, setForm] = useState<Form>(() => empty());
  const [progress, setProgress] = useState<Progress>({ staffId: null, done: [] });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [finished, setFinished] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  if (props.isOpen !== opened) {
    setOpened(props.isOpen);
    if (props.isOpen) {
      setForm(empty());
      setProgress({ staffId: null, done: [] });
      setFailure(null);
      setFinished(null);
    }
  }
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** The school's subjects, each with the sections whose class teaches it (catalogue order). */
  const subjects = useMemo(() => {
    const bySubject = new Map<string, { id: string; name: string; sections: { id: string; label: string }[] }>();
    for (const c of sortByCatalogue(props.classes, (x) => x.name)) {
      for (const s of c.subjects) {
        const entry = bySubject.get(s.id) ?? { id: s.id, name: s.name, sections: [] };
        for (const sec of c.sections) entry.sections.push({ id: sec.id, label: `${c.name} ${sec.name}` });
        bySubject.set(s.id, entry);
      }
    }
    return [...bySubject.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [props.classes]);
  const sections = useMemo(() => sortByCatalogue(props.classes, (x) => x.name).flatMap((c) => c.sections.map((s) => ({ id: s.id, label: `${c.name} ${s.name}` }))), [props.classes]);

  const chosenSubjects = Object.keys(form.teaches);
  const code = form.employeeCode ?? suggestedCode;
  const email = form.email.trim();
  const willInvite = canInvite && form.invite && email !== '';

  function toggleSubject(id: string, on: boolean) {
    setForm((f) => {
      const teaches = { ...f.teaches };
      if (on) teaches[id] = teaches[id] ?? [];
      else delete teaches[id];
      return { ...f, teaches };
    });
  }
  function toggleSection(subjectId: string, sectionId: string, on: boolean) {
    setForm((f) => {
      const list = f.teaches[subjectId] ?? [];
      return { ...f, teaches: { ...f.teaches, [subjectId]: on ? [...list, sectionId] : list.filter((x) => x !== sectionId) } };
    });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!form.name.trim() || !code.trim()) {
      setFailure(t('tt.teacher.required'));
      return;
    }
    setBusy(true);
    const done = [...progress.done];
    let staffId = progress.staffId;
    let step: Step = 'staff';
    try {
      if (!staffId) {
        const r = await createStaff({
          schoolId,
          body: {
            employeeCode: code.trim(),
            name: form.name.trim(),
            designation: form.designation.trim() || undefined,
            subjectIds: chosenSubjects,
            phone: form.phone.trim() || undefined,
            email: email || undefined,
          } as never,
        }).unwrap();
        staffId = r.staff.id;
        done.push('staff');
      }
      step = 'assignments';
      const pairs = chosenSubjects.flatMap((subjectId) => (form.teaches[subjectId] ?? []).map((sectionId) => ({ sectionId, subjectId, staffId })));
      if (!done.includes('assignments') && pairs.length > 0) {
        await putAssignments({ schoolId, body: { assignments: pairs } }).unwrap();
      }
      done.push('assignments');
      step = 'classTeacher';
      if (!done.includes('classTeacher') && form.classTeacherOf) await setClassTeacher({ schoolId, sectionId: form.classTeacherOf, staffId }).unwrap();
      done.push('classTeacher');
      step = 'invite';
      if (!done.includes('invite') && willInvite) await invite({ schoolId, email, role: 'teacher', name: form.name.trim() }).unwrap();
      done.push('invite');
      const count = pairs.length;
      setFinished(
        [t('tt.teacher.doneStaff', { name: form.name.trim() }), count > 0 ? t('tt.teacher.doneClasses', { count }) : null, willInvite ? t('tt.teacher.doneInvite', { email }) : null].filter(Boolean).join(' '),
      );
    } catch (err) {
      const said = errorText(t, err);
      setFailure(step === 'staff' ? said : t(`tt.teacher.failed.${step}` as MessageId, { reason: said }));
    } finally {
      setProgress({ staffId, done });
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('tt.teacher.title')} className="ws-dialog tt-teacher-dialog" style={{ width: 680 }}>
      {finished ? (
        <>
          <DialogBody>
            <Callout intent="success" role="status" title={t('tt.teacher.doneTitle')}>
              <p>{finished}</p>
            </Callout>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button
                  className="ws-touch"
                  icon="new-person"
                  text={t('tt.teacher.another')}
                  onClick={() => {
                    setForm(empty());
                    setProgress({ staffId: null, done: [] });
                    setFinished(null);
                  }}
                />
                <Link className="bp6-button bp6-intent-primary ws-touch" to={`/workspace/${schoolId}/timetable`} onClick={props.onClose}>
                  {t('tt.teacher.next')}
                </Link>
              </>
            }
          />
        </>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('tt.teacher.title')}>
          <DialogBody>
            <p className="ws-muted">{t('tt.teacher.intro')}</p>
            <div className="tt-form-grid">
              <label className="tt-field">
                <span>{t('tt.staff.name')}</span>
                <InputGroup value={form.name} onChange={(e) => set('name', e.target.value)} name="name" required disabled={!!progress.staffId} />
              </label>
              <label className="tt-field">
                <span>{t('tt.teacher.email')}</span>
                <InputGroup type="email" value={form.email} onChange={(e) => set('email', e.target.value)} name="email" inputMode="email" disabled={!!progress.staffId} />
              </label>
              <label className="tt-field">
                <span>{t('tt.staff.phone')}</span>
                <InputGroup type="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} name="phone" inputMode="tel" placeholder="+91…" disabled={!!progress.staffId} />
              </label>
              <label className="tt-field">
                <span>{t('tt.staff.code')}</span>
                <InputGroup value={code} onChange={(e) => set('employeeCode', e.target.value)} name="employeeCode" required disabled={!!progress.staffId} />
              </label>
              <label className="tt-field">
                <span>{t('tt.staff.designation')}</span>
                <InputGroup value={form.designation} onChange={(e) => set('designation', e.target.value)} name="designation" placeholder="PGT, TGT, PRT…" disabled={!!progress.staffId} />
              </label>
              <label className="tt-field">
                <span>{t('tt.teacher.classTeacher')}</span>
                <HTMLSelect value={form.classTeacherOf} onChange={(e) => set('classTeacherOf', e.target.value)} name="classTeacherOf" fill>
                  <option value="">{t('tt.nobody')}</option>
                  {sections.map((s) => (
                    <option key={s.id} value={s.id}>
                      {local(s.label)}
                    </option>
                  ))}
                </HTMLSelect>
              </label>
            </div>
            <fieldset className="tt-field tt-teacher-subjects">
              <legend>{t('tt.teacher.subjects')}</legend>
              <div className="tt-checks">
                {subjects.map((s) => (
                  <Checkbox key={s.id} className="tt-check" checked={s.id in form.teaches} onChange={(e) => toggleSubject(s.id, e.currentTarget.checked)} label={local(s.name)} />
                ))}
              </div>
            </fieldset>
            {subjects
              .filter((s) => s.id in form.teaches)
              .map((s) => (
                <fieldset key={s.id} className="tt-field tt-teacher-sections">
                  <legend>{t('tt.teacher.teachesIn', { subject: local(s.name) })}</legend>
                  <div className="tt-checks">
                    {s.sections.map((sec) => (
                      <Checkbox
                        key={sec.id}
                        className="tt-check"
                        checked={(form.teaches[s.id] ?? []).includes(sec.id)}
                        onChange={(e) => toggleSection(s.id, sec.id, e.currentTarget.checked)}
                        label={local(sec.label)}
                      />
                    ))}
                  </div>
                </fieldset>
              ))}
            {canInvite ? (
              <Checkbox className="tt-check" checked={form.invite} disabled={email === ''} onChange={(e) => set('invite', e.currentTarget.checked)} label={email === '' ? t('tt.teacher.inviteNeedsEmail') : t('tt.teacher.invite', { email })} />
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              <div className="tt-teacher-actions">
                {/* The result beside the button (issue 36). */}
                {failure ? (
                  <Callout intent="danger" role="alert" className="tt-teacher-failure">
                    {failure}
                  </Callout>
                ) : null}
                <Button className="ws-touch" text={t('tt.cancel')} onClick={props.onClose} />
                <Button className="ws-touch" intent="primary" type="submit" icon="new-person" text={progress.staffId ? t('tt.teacher.retry') : t('tt.teacher.save')} loading={busy} />
              </div>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
