import { Button, HTMLSelect, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { useLingui } from '@lingui/react';
import { useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { todayInIST } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  downloadTimetablePdf,
  useBellSchedulesQuery,
  useCopyTimetableMutation,
  useSchoolTimetableQuery,
  useSectionTimetableQuery,
  useStaffListQuery,
  useStaffTimetableQuery,
  useTeachingAssignmentsQuery,
  useTimetableClassesQuery,
} from '../api/timetable-api';
import { BellEditor } from '../components/bell-editor';
import { GridEditor } from '../components/grid-editor';
import { SectionSelect } from '../components/section-select';
import { SubstitutionsPanel } from '../components/substitutions-panel';
import { WeekTable } from '../components/week-table';
import { errorText, useT } from '../i18n';
import '../components/timetable.css';

type View = 'section' | 'teacher' | 'school' | 'bells' | 'substitutions';
const VIEWS: View[] = ['section', 'teacher', 'school', 'bells', 'substitutions'];

/** "Download PDF" beside Print: the server's printed timetable, with Hindi labels when the screen is in Hindi. */
function PdfButton(props: { schoolId: string; path: string; fileName: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await downloadTimetablePdf(props.schoolId, props.path, i18n.locale === 'hi' ? 'hi' : 'en', props.fileName);
    } catch {
      toast({ title: t('tt.pdf.failed'), intent: 'danger' });
    } finally {
      setBusy(false);
    }
  }
  return <Button className="ws-touch" icon="document" text={t('tt.pdf')} loading={busy} onClick={() => void onClick()} />;
}

/** One section's week: the editor for those who manage the timetable, else the week; copy and print. */
function SectionView(props: { schoolId: string; canEdit: boolean }) {
  const t = useT();
  const { home } = useSchool();
  const [params, setParams] = useSearchParams();
  const classes = useTimetableClassesQuery({ schoolId: props.schoolId });
  const bells = useBellSchedulesQuery({ schoolId: props.schoolId });
  const staff = useStaffListQuery({ schoolId: props.schoolId, status: 'active', pageSize: 200 });
  const assignments = useTeachingAssignmentsQuery({ schoolId: props.schoolId });
  const school = useSchoolTimetableQuery({ schoolId: props.schoolId }, { skip: !props.canEdit });
  const sections = useMemo(() => (classes.data?.classes ?? []).flatMap((c) => c.sections.map((s) => ({ ...s, cls: c }))), [classes.data]);
  const current = sections.find((s) => s.id === params.get('section')) ?? sections[0];
  const week = useSectionTimetableQuery({ schoolId: props.schoolId, sectionId: current?.id ?? '' }, { skip: !current });
  const [copyTo, setCopyTo] = useState('');
  const [copy, copying] = useCopyTimetableMutation();

  if (classes.isLoading || bells.isLoading) return <Spinner size={24} aria-label={t('tt.loading')} />;
  if (!current) return <EmptyState headingLevel={2} icon="diagram-tree" title={t('tt.noSections')} description={t('tt.noSectionsText')} />;
  if ((bells.data?.schedules ?? []).length === 0) {
    return <EmptyState headingLevel={2} icon="time" title={t('tt.bell.noneTitle')} description={t('tt.bell.none')} />;
  }
  const label = `${current.cls.name} ${current.name}`;
  const target = sections.find((s) => s.id === copyTo && s.id !== current.id);

  async function onCopy() {
    if (!target) return;
    try {
      const res = await copy({ schoolId: props.schoolId, sectionId: current!.id, toSectionId: target.id }).unwrap();
      toast({ title: t('tt.copy.done', { section: `${target.cls.name} ${target.name}`, skipped: res.skipped.length }), intent: 'success' });
    } catch (e) {
      toast({ title: errorText(t, e), intent: 'danger', timeout: 10000 });
    }
  }

  return (
    <>
      <div className="tt-toolbar tt-no-print">
        <label>
          {t('tt.section')}
          <SectionSelect name="section" value={current.id} onChange={(id) => setParams({ view: 'section', section: id }, { replace: true })} classes={classes.data?.classes ?? []} />
        </label>
        <Button className="ws-touch" icon="print" text={t('tt.print')} onClick={() => window.print()} />
        <PdfButton schoolId={props.schoolId} path={`sections/${current.id}/timetable/pdf`} fileName={`timetable-${label}`} />
      </div>
      <div className="tt-print-only">
        <h2>
          {home.school.name} · {t('tt.print.sectionTitle', { section: label })}
        </h2>
      </div>
      {!week.currentData ? (
        <Spinner size={24} aria-label={t('tt.loading')} />
      ) : props.canEdit ? (
        <GridEditor
          key={current.id}
          schoolId={props.schoolId}
          sectionId={current.id}
          cls={current.cls}
          sectionName={current.name}
          saved={week.currentData.timetable.slots}
          schedules={bells.data!.schedules}
          dailyLoadLimit={bells.data!.dailyLoadLimit}
          school={school.data}
          staff={staff.data?.items ?? []}
          assignments={assignments.data?.items ?? []}
          canEdit
        />
      ) : (
        <WeekTable schedules={bells.data!.schedules} slots={week.currentData.timetable.slots} show="teacher" label={t('tt.grid.label', { section: label })} />
      )}
      {props.canEdit ? (
        <div className="tt-card tt-no-print">
          <h2>{t('tt.copy.title')}</h2>
          <p className="ws-muted">{t('tt.copy.text')}</p>
          <div className="tt-row">
            <label className="tt-field">
              <span>{t('tt.copy.to')}</span>
              <HTMLSelect value={copyTo} onChange={(e) => setCopyTo(e.target.value)} name="copyTo">
                <option value="">{t('tt.grid.choose')}</option>
                {sections
                  .filter((s) => s.id !== current.id)
                  .map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.cls.name} {s.name}
                    </option>
                  ))}
              </HTMLSelect>
            </label>
            <Button className="ws-touch" icon="duplicate" text={t('tt.copy.button')} disabled={!target} loading={copying.isLoading} onClick={() => void onCopy()} />
          </div>
        </div>
      ) : null}
    </>
  );
}

function TeacherView(props: { schoolId: string }) {
  const t = useT();
  const staff = useStaffListQuery({ schoolId: props.schoolId, status: 'active', pageSize: 200 });
  const bells = useBellSchedulesQuery({ schoolId: props.schoolId });
  const [staffId, setStaffId] = useState('');
  const chosen = staffId || staff.data?.items[0]?.id || '';
  const week = useStaffTimetableQuery({ schoolId: props.schoolId, staffId: chosen }, { skip: !chosen });
  if (staff.isLoading || bells.isLoading) return <Spinner size={24} aria-label={t('tt.loading')} />;
  if (!chosen) return <EmptyState headingLevel={2} icon="id-number" title={t('tt.staff.none')} description={t('tt.staff.noneText')} />;
  const name = staff.data?.items.find((s) => s.id === chosen)?.name ?? '';
  return (
    <>
      <div className="tt-toolbar tt-no-print">
        <label>
          {t('tt.teacher')}
          <HTMLSelect value={chosen} onChange={(e) => setStaffId(e.target.value)} name="teacher">
            {(staff.data?.items ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <Button className="ws-touch" icon="print" text={t('tt.print')} onClick={() => window.print()} />
        <PdfButton schoolId={props.schoolId} path={`staff/${chosen}/timetable/pdf`} fileName={`timetable-${name}`} />
      </div>
      <div className="tt-print-only">
        <h2>{t('tt.print.teacherTitle', { name })}</h2>
      </div>
      {week.data ? <WeekTable schedules={bells.data?.schedules ?? []} slots={week.data.slots} show="section" label={t('tt.print.teacherTitle', { name })} /> : <Spinner size={24} aria-label={t('tt.loading')} />}
    </>
  );
}

function SchoolView(props: { schoolId: string }) {
  const t = useT();
  const school = useSchoolTimetableQuery({ schoolId: props.schoolId });
  const bells = useBellSchedulesQuery({ schoolId: props.schoolId });
  if (school.isLoading || bells.isLoading) return <Spinner size={24} aria-label={t('tt.loading')} />;
  const sections = school.data?.sections ?? [];
  if (sections.length === 0) return <EmptyState headingLevel={2} icon="diagram-tree" title={t('tt.noSections')} description={t('tt.noSectionsText')} />;
  return (
    <>
      <div className="tt-toolbar tt-no-print">
        <Button className="ws-touch" icon="print" text={t('tt.print')} onClick={() => window.print()} />
        <PdfButton schoolId={props.schoolId} path="timetable/pdf" fileName={`timetable-${school.data?.academicYear ?? 'school'}`} />
      </div>
      <div className="tt-school-list">
        {sections.map((s) => (
          <section key={s.section.id}>
            <h2>
              {s.section.className} {s.section.name}
            </h2>
            <WeekTable schedules={bells.data?.schedules ?? []} slots={s.slots} show="teacher" label={`${s.section.className} ${s.section.name}`} />
          </section>
        ))}
      </div>
    </>
  );
}

/** /workspace/{schoolId}/timetable: a section's week (editor), a teacher's, the whole school's, the bell schedules and substitutions. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const [params, setParams] = useSearchParams();
  const canManage = roleHas(home.role, 'timetable.manage');
  const staff = useStaffListQuery({ schoolId, status: 'active', pageSize: 200 }, { skip: !roleHas(home.role, 'staff.read') });
  const bells = useBellSchedulesQuery({ schoolId });
  if (!roleHas(home.role, 'timetable.read') || home.role === 'guardian') return <Navigate to={`/workspace/${schoolId}`} replace />;
  const asked = params.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'section';
  return (
    <section>
      <h1 className="tt-no-print">{t('tt.title')}</h1>
      <Tabs id="timetable-tabs" className="tt-tabs tt-no-print" selectedTabId={view} onChange={(id) => setParams({ view: String(id) }, { replace: true })}>
        <Tab id="section" title={t('tt.view.section')} />
        <Tab id="teacher" title={t('tt.view.teacher')} />
        <Tab id="school" title={t('tt.view.school')} />
        <Tab id="bells" title={t('tt.view.bells')} />
        <Tab id="substitutions" title={t('tt.view.substitutions')} />
      </Tabs>
      {view === 'section' ? <SectionView schoolId={schoolId} canEdit={canManage} /> : null}
      {view === 'teacher' ? <TeacherView schoolId={schoolId} /> : null}
      {view === 'school' ? <SchoolView schoolId={schoolId} /> : null}
      {view === 'bells' ? bells.data ? <BellEditor key={bells.fulfilledTimeStamp} schoolId={schoolId} data={bells.data} canEdit={canManage} /> : <Spinner size={24} aria-label={t('tt.loading')} /> : null}
      {view === 'substitutions' ? <SubstitutionsPanel schoolId={schoolId} today={todayInIST()} staff={staff.data?.items ?? []} canManage={canManage} /> : null}
    </section>
  );
}
