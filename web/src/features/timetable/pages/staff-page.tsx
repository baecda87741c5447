import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type StaffMember } from '@vidyalaya/shared/staff';
import { useMemo, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  useCreateStaffMutation,
  usePutTeachingAssignmentsMutation,
  useSetClassTeacherMutation,
  useStaffListQuery,
  useStaffMembersQuery,
  useTeachingAssignmentsQuery,
  useTimetableClassesQuery,
  useUpdateStaffMutation,
} from '../api/timetable-api';
import { errorText, useT } from '../i18n';
import { SectionSelect } from '../components/section-select';
import { AddTeacherDialog } from '../components/add-teacher-dialog';
import '../components/timetable.css';
import { DateInput } from '../../../components/date-input';

interface StaffForm {
  employeeCode: string;
  name: string;
  designation: string;
  subjectIds: string[];
  qualification: string;
  joiningDate: string;
  phone: string;
  email: string;
  userId: string;
  status: 'active' | 'left';
}

const emptyForm: StaffForm = { employeeCode: '', name: '', designation: '', subjectIds: [], qualification: '', joiningDate: '', phone: '', email: '', userId: '', status: 'active' };
const formOf = (s: StaffMember): StaffForm => ({
  employeeCode: s.employeeCode,
  name: s.name,
  designation: s.designation ?? '',
  subjectIds: s.subjectIds,
  qualification: s.qualification ?? '',
  joiningDate: s.joiningDate ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
  userId: s.userId ?? '',
  status: s.status,
});

/** Add or edit one staff record: employee code, name, designation, subjects, qualification, joining date, phone, e-mail, linked member. */
function StaffDialog(props: { editing: StaffMember | 'new' | null; onClose: () => void; subjects: { id: string; name: string }[] }) {
  const t = useT();
  const { schoolId, home } = useSchool();
  const members = useStaffMembersQuery({ schoolId }, { skip: !roleHas(home.role, 'members.read') || props.editing === null });
  const [create, creating] = useCreateStaffMutation();
  const [update, updating] = useUpdateStaffMutation();
  const [form, setForm] = useState<StaffForm>(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<StaffMember | 'new' | null>(null);
  if (props.editing !== openedFor) {
    setOpenedFor(props.editing);
    setForm(props.editing && props.editing !== 'new' ? formOf(props.editing) : emptyForm);
    setError(null);
  }
  const set = <K extends keyof StaffForm>(key: K, value: StaffForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const isNew = props.editing === 'new';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const opt = (v: string) => (v.trim() === '' ? (isNew ? undefined : null) : v.trim());
    const body = {
      employeeCode: form.employeeCode.trim(),
      name: form.name.trim(),
      designation: opt(form.designation),
      subjectIds: form.subjectIds,
      qualification: opt(form.qualification),
      joiningDate: opt(form.joiningDate),
      phone: opt(form.phone),
      email: opt(form.email),
      userId: opt(form.userId),
    };
    try {
      if (isNew) await create({ schoolId, body: body as never }).unwrap();
      else if (props.editing && props.editing !== 'new') await update({ schoolId, staffId: props.editing.id, body: { ...body, status: form.status } as never }).unwrap();
      toast({ title: t('tt.staff.saved', { name: body.name }) });
      props.onClose();
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return (
    <Dialog isOpen={props.editing !== null} onClose={props.onClose} title={isNew ? t('tt.staff.add') : t('tt.staff.edit')} className="ws-dialog" style={{ width: 640 }}>
      <form onSubmit={(e) => void onSubmit(e)}>
        <DialogBody>
          <div className="tt-form-grid">
            <label className="tt-field">
              <span>{t('tt.staff.code')}</span>
              <InputGroup value={form.employeeCode} onChange={(e) => set('employeeCode', e.target.value)} required name="employeeCode" />
            </label>
            <label className="tt-field">
              <span>{t('tt.staff.name')}</span>
              <InputGroup value={form.name} onChange={(e) => set('name', e.target.value)} required name="name" />
            </label>
            <label className="tt-field">
              <span>{t('tt.staff.designation')}</span>
              <InputGroup value={form.designation} onChange={(e) => set('designation', e.target.value)} name="designation" placeholder="PGT, TGT, PRT…" />
            </label>
            <label className="tt-field">
              <span>{t('tt.staff.qualification')}</span>
              <InputGroup value={form.qualification} onChange={(e) => set('qualification', e.target.value)} name="qualification" />
            </label>
            <label className="tt-field">
              <span>{t('tt.staff.joiningDate')}</span>
              <DateInput value={form.joiningDate} onChange={(d) => set('joiningDate', d)} name="joiningDate" />
            </label>
            <label className="tt-field">
              <span>{t('tt.staff.phone')}</span>
              <InputGroup type="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} name="phone" placeholder="+91…" />
            </label>
            <label className="tt-field">
              <span>{t('tt.staff.email')}</span>
              <InputGroup type="email" value={form.email} onChange={(e) => set('email', e.target.value)} name="email" />
            </label>
            {members.data ? (
              <label className="tt-field">
                <span>{t('tt.staff.member')}</span>
                <HTMLSelect value={form.userId} onChange={(e) => set('userId', e.target.value)} name="userId" fill>
                  <option value="">{t('tt.staff.noMember')}</option>
                  {/* Staff sign in with a staff member's account, never a parent's (issue 36). */}
                  {members.data.items.filter((m) => m.role !== 'guardian').map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.name ?? m.username} ({m.email})
                    </option>
                  ))}
                </HTMLSelect>
              </label>
            ) : null}
            {!isNew ? (
              <label className="tt-field">
                <span>{t('tt.staff.status')}</span>
                <HTMLSelect value={form.status} onChange={(e) => set('status', e.target.value as StaffForm['status'])} name="status" fill>
                  <option value="active">{t('tt.staff.active')}</option>
                  <option value="left">{t('tt.staff.left')}</option>
                </HTMLSelect>
              </label>
            ) : null}
          </div>
          <fieldset className="tt-field" style={{ border: 0, padding: 0 }}>
            <legend className="ws-muted">{t('tt.staff.subjects')}</legend>
            <div className="tt-checks">
              {props.subjects.map((s) => (
                <label key={s.id}>
                  <input
                    type="checkbox"
                    checked={form.subjectIds.includes(s.id)}
                    onChange={(e) => set('subjectIds', e.target.checked ? [...form.subjectIds, s.id] : form.subjectIds.filter((x) => x !== s.id))}
                  />
                  {s.name}
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button className="ws-touch" text={t('tt.cancel')} onClick={props.onClose} />
              <Button className="ws-touch" intent="primary" type="submit" text={t('tt.save')} loading={creating.isLoading || updating.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function StaffList(props: { subjects: Map<string, string>; onEdit: (s: StaffMember | 'new') => void; onAddTeacher: () => void }) {
  const t = useT();
  const { schoolId, home } = useSchool();
  const canManage = roleHas(home.role, 'staff.manage');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'active' | 'left' | 'all'>('active');
  const list = useStaffListQuery({ schoolId, search: search.trim() || undefined, status, pageSize: 200 });
  const items = list.data?.items ?? [];
  return (
    <>
      <div className="tt-toolbar">
        <label>
          {t('tt.staff.search')}
          <InputGroup type="search" leftIcon="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {t('tt.staff.status')}
          <HTMLSelect value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="active">{t('tt.staff.active')}</option>
            <option value="left">{t('tt.staff.left')}</option>
            <option value="all">{t('tt.staff.all')}</option>
          </HTMLSelect>
        </label>
        {canManage ? (
          <>
            <Button className="ws-touch" intent="primary" icon="new-person" text={t('tt.teacher.add')} onClick={props.onAddTeacher} />
            <Button className="ws-touch" icon="id-number" text={t('tt.staff.addOther')} onClick={() => props.onEdit('new')} />
          </>
        ) : null}
      </div>
      {list.isLoading ? (
        <Spinner size={24} aria-label={t('tt.loading')} />
      ) : items.length === 0 ? (
        <EmptyState headingLevel={2} icon="id-number" title={t('tt.staff.none')} description={t('tt.staff.noneText')} />
      ) : (
        <div className="ws-card ws-table-card">
          <HTMLTable className="ws-table" aria-label={t('tt.staff.title')}>
            <thead>
              <tr>
                <th scope="col">{t('tt.staff.code')}</th>
                <th scope="col">{t('tt.staff.name')}</th>
                <th scope="col">{t('tt.staff.subjects')}</th>
                <th scope="col">{t('tt.staff.contact')}</th>
                <th scope="col">{t('tt.staff.joiningDate')}</th>
                {canManage ? <th scope="col"><span className="ws-visually-hidden">{t('tt.actions')}</span></th> : null}
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id}>
                  <td data-label={t('tt.staff.code')}>{s.employeeCode}</td>
                  <td data-label={t('tt.staff.name')}>
                    <strong>{s.name}</strong>
                    {s.designation ? <span className="ws-muted ws-block">{s.designation}</span> : null}
                    {s.status === 'left' ? <Tag minimal intent="warning">{t('tt.staff.left')}</Tag> : null}
                    {s.userId ? <Tag minimal icon="link">{t('tt.staff.linked')}</Tag> : null}
                  </td>
                  <td data-label={t('tt.staff.subjects')}>{s.subjectIds.map((id) => props.subjects.get(id) ?? '').filter(Boolean).join(', ')}</td>
                  <td data-label={t('tt.staff.contact')} className="ws-break">
                    {s.phone}
                    {s.email ? <span className="ws-block">{s.email}</span> : null}
                  </td>
                  <td data-label={t('tt.staff.joiningDate')}>{formatDate(s.joiningDate)}</td>
                  {canManage ? (
                    <td>
                      <Button className="ws-touch" variant="minimal" icon="edit" text={t('tt.edit')} aria-label={t('tt.staff.editName', { name: s.name })} onClick={() => props.onEdit(s)} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </>
  );
}

/** Class teacher and subject teachers of one section at a time (a matrix would not fit a phone). */
function Assignments() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const canManage = roleHas(home.role, 'staff.manage');
  const classes = useTimetableClassesQuery({ schoolId });
  const staff = useStaffListQuery({ schoolId, status: 'active', pageSize: 200 });
  const [sectionId, setSectionId] = useState('');
  const assignments = useTeachingAssignmentsQuery({ schoolId });
  const [put] = usePutTeachingAssignmentsMutation();
  const [setClassTeacher] = useSetClassTeacherMutation();
  const sections = useMemo(() => (classes.data?.classes ?? []).flatMap((c) => c.sections.map((s) => ({ ...s, cls: c }))), [classes.data]);
  const current = sections.find((s) => s.id === sectionId) ?? sections[0];
  if (classes.isLoading) return <Spinner size={24} aria-label={t('tt.loading')} />;
  if (!current) return <EmptyState headingLevel={2} icon="diagram-tree" title={t('tt.noSections')} description={t('tt.noSectionsText')} />;
  const teacherOf = new Map((assignments.data?.items ?? []).filter((a) => a.sectionId === current.id).map((a) => [a.subjectId, a.staffId]));
  const classTeacher = assignments.data?.classTeachers.find((c) => c.sectionId === current.id)?.staffId ?? '';
  const people = staff.data?.items ?? [];

  async function onTeacher(subjectId: string, staffId: string) {
    try {
      await put({ schoolId, body: { assignments: [{ sectionId: current!.id, subjectId, staffId: staffId || null }] } }).unwrap();
      toast({ title: t('tt.saved') });
    } catch (e) {
      toast({ title: errorText(t, e), intent: 'danger' });
    }
  }
  async function onClassTeacher(staffId: string) {
    try {
      await setClassTeacher({ schoolId, sectionId: current!.id, staffId: staffId || null }).unwrap();
      toast({ title: t('tt.saved') });
    } catch (e) {
      toast({ title: errorText(t, e), intent: 'danger' });
    }
  }
  const teacherSelect = (value: string, onChange: (v: string) => void, label: string) => (
    <HTMLSelect value={value} onChange={(e) => void onChange(e.target.value)} disabled={!canManage} aria-label={label} fill>
      <option value="">{t('tt.nobody')}</option>
      {people.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </HTMLSelect>
  );
  return (
    <>
      <div className="tt-toolbar">
        <label>
          {t('tt.section')}
          <SectionSelect value={current.id} onChange={setSectionId} classes={classes.data?.classes ?? []} />
        </label>
      </div>
      <div className="tt-card">
        <label className="tt-field">
          <span>{t('tt.assign.classTeacher', { section: `${current.cls.name} ${current.name}` })}</span>
          {teacherSelect(classTeacher, onClassTeacher, t('tt.assign.classTeacher', { section: `${current.cls.name} ${current.name}` }))}
        </label>
      </div>
      <div className="ws-card ws-table-card">
        <HTMLTable className="ws-table tt-assign" aria-label={t('tt.assign.title')}>
          <thead>
            <tr>
              <th scope="col">{t('tt.subject')}</th>
              <th scope="col">{t('tt.teacher')}</th>
            </tr>
          </thead>
          <tbody>
            {current.cls.subjects.map((sub) => (
              <tr key={sub.id}>
                <td data-label={t('tt.subject')}>{sub.name}</td>
                <td data-label={t('tt.teacher')}>{teacherSelect(teacherOf.get(sub.id) ?? '', (v) => onTeacher(sub.id, v), t('tt.assign.teacherOf', { subject: sub.name }))}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}

/** /workspace/{schoolId}/staff: the school's staff records, and who teaches what in each section. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [addingTeacher, setAddingTeacher] = useState(false);
  const classes = useTimetableClassesQuery({ schoolId }, { skip: !roleHas(home.role, 'staff.read') });
  const subjects = useMemo(() => {
    const all = new Map<string, string>();
    for (const c of classes.data?.classes ?? []) for (const s of c.subjects) all.set(s.id, s.name);
    return all;
  }, [classes.data]);
  if (!roleHas(home.role, 'staff.read')) return <Navigate to={`/workspace/${schoolId}`} replace />;
  const tab = params.get('tab') === 'assignments' ? 'assignments' : 'list';
  return (
    <section>
      <h1>{t('tt.staff.title')}</h1>
      <Tabs id="staff-tabs" className="tt-tabs" selectedTabId={tab} onChange={(id) => setParams(id === 'list' ? {} : { tab: String(id) }, { replace: true })}>
        <Tab id="list" title={t('tt.staff.tabList')} />
        <Tab id="assignments" title={t('tt.assign.title')} />
      </Tabs>
      {tab === 'list' ? <StaffList subjects={subjects} onEdit={setEditing} onAddTeacher={() => setAddingTeacher(true)} /> : <Assignments />}
      <StaffDialog editing={editing} onClose={() => setEditing(null)} subjects={[...subjects].map(([id, name]) => ({ id, name }))} />
      <AddTeacherDialog isOpen={addingTeacher} onClose={() => setAddingTeacher(false)} classes={classes.data?.classes ?? []} />
    </section>
  );
}
