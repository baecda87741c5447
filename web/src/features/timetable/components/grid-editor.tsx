import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect } from '@blueprintjs/core';
import type { ClassWithDetails } from '@vidyalaya/shared/academics';
import type { StaffMember, TeachingAssignment } from '@vidyalaya/shared/staff';
import type { BellSchedule, SchoolTimetableResult, TimetableSlot } from '@vidyalaya/shared/timetable';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { usePutSectionTimetableMutation } from '../api/timetable-api';
import { buildGrid, elsewhereFor, setCell, slotsOf, weekOf, type GridCell, type Week } from '../model/grid';
import { errorText, useT, type MessageId } from '../i18n';
import { periodTime } from './week-table';

interface Props {
  schoolId: string;
  sectionId: string;
  cls: ClassWithDetails;
  sectionName: string;
  saved: TimetableSlot[];
  schedules: BellSchedule[];
  dailyLoadLimit: number | null;
  school: SchoolTimetableResult | undefined;
  staff: StaffMember[];
  assignments: TeachingAssignment[];
  canEdit: boolean;
}

/**
 * A section's week, day × period. Each open cell takes one of the class's subjects and a teacher
 * (the one assigned to that subject in this section first). Clashes with other sections and days
 * over the school's limit show as you edit (the shared rule the server refuses with); the server's
 * 409 is shown naming the clash, and nothing is saved.
 */
export function GridEditor(props: Props) {
  const t = useT();
  const [week, setWeek] = useState<Week>(() => weekOf(props.saved));
  const [editing, setEditing] = useState<GridCell | null>(null);
  const [refused, setRefused] = useState<{ text: string; cells: Set<string> } | null>(null);
  const [put, saving] = usePutSectionTimetableMutation();
  const elsewhere = useMemo(() => elsewhereFor(props.sectionId, props.school?.sections ?? []), [props.sectionId, props.school]);
  const grid = buildGrid(week, props.schedules, elsewhere, props.dailyLoadLimit);
  const sectionName = useMemo(() => {
    const names = new Map<string, string>();
    for (const s of props.school?.sections ?? []) names.set(s.section.id, `${s.section.className} ${s.section.name}`);
    return names;
  }, [props.school]);
  const subjectName = new Map(props.cls.subjects.map((s) => [s.id, s.name]));
  const staffName = new Map(props.staff.map((s) => [s.id, s.name]));
  const assigned = new Map(props.assignments.filter((a) => a.sectionId === props.sectionId).map((a) => [a.subjectId, a.staffId]));
  const dirty = JSON.stringify(slotsOf(week)) !== JSON.stringify(slotsOf(weekOf(props.saved)));
  const problems = grid.cells.flat().filter((c) => c.clashWith || c.overloadCount).length;

  async function save() {
    const slots = slotsOf(week);
    setRefused(null);
    try {
      await put({ schoolId: props.schoolId, sectionId: props.sectionId, slots }).unwrap();
      toast({ title: t('tt.grid.saved', { section: `${props.cls.name} ${props.sectionName}` }), intent: 'success' });
    } catch (e) {
      const details = (e as { details?: Record<string, string> }).details ?? {};
      const cells = new Set(
        Object.keys(details)
          .map((k) => /^slots\.(\d+)\./.exec(k)?.[1])
          .filter((i): i is string => i !== undefined && slots[Number(i)] !== undefined)
          .map((i) => `${slots[Number(i)]!.day}:${slots[Number(i)]!.period}`),
      );
      setRefused({ text: errorText(t, e), cells });
    }
  }

  return (
    <>
      <div className="tt-scroll">
        <table className="tt-grid" aria-label={t('tt.grid.label', { section: `${props.cls.name} ${props.sectionName}` })}>
          <thead>
            <tr>
              <th scope="col">{t('tt.day')}</th>
              {grid.periods.map((p) => (
                <th key={p} scope="col">
                  {t('tt.periodN', { n: p })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.cells.map((row, i) => (
              <tr key={grid.days[i]}>
                <th scope="row">{t(`tt.day.${grid.days[i]}` as MessageId)}</th>
                {row.map((c) => {
                  if (!c.open) return <td key={c.period} className="tt-cell--closed" aria-label={t('tt.noPeriod')} />;
                  const k = `${c.day}:${c.period}`;
                  const cls = ['tt-cell', c.clashWith || refused?.cells.has(k) ? 'tt-cell--clash' : c.overloadCount ? 'tt-cell--over' : '', props.canEdit ? '' : 'tt-cell--static'].join(' ');
                  const dayName = t(`tt.day.${c.day}` as MessageId);
                  const content = (
                    <>
                      <span className="tt-subject">{c.subjectId ? subjectName.get(c.subjectId) ?? '?' : props.canEdit ? '+' : ''}</span>
                      {c.teacherId ? <span className="tt-teacher">{staffName.get(c.teacherId) ?? ''}</span> : null}
                      {c.clashWith ? <span className="tt-flag">{t('tt.grid.clashWith', { section: sectionName.get(c.clashWith.sectionId) ?? '' })}</span> : null}
                      {c.overloadCount ? <span className="tt-flag tt-flag--over">{t('tt.grid.over', { count: c.overloadCount })}</span> : null}
                    </>
                  );
                  return (
                    <td key={c.period} title={periodTime(props.schedules, c.day, c.period)} data-cell={k}>
                      {props.canEdit ? (
                        <button type="button" className={cls} onClick={() => setEditing(c)} aria-label={t('tt.grid.cellLabel', { day: dayName, n: c.period })}>
                          {content}
                        </button>
                      ) : (
                        <div className={cls}>{content}</div>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {props.canEdit ? (
        <>
          <div className="tt-legend tt-no-print">
            <span>{problems > 0 ? t('tt.grid.problems', { count: problems }) : t('tt.grid.noProblems')}</span>
          </div>
          {refused ? (
            <Callout intent="danger" title={t('tt.grid.refused')} role="alert" className="tt-no-print">
              {refused.text}
            </Callout>
          ) : null}
          <div className="tt-actions tt-no-print">
            <Button className="ws-touch" intent="primary" icon="floppy-disk" text={t('tt.grid.save')} disabled={!dirty} loading={saving.isLoading} onClick={() => void save()} />
            <Button className="ws-touch" icon="undo" text={t('tt.grid.undo')} disabled={!dirty} onClick={() => { setWeek(weekOf(props.saved)); setRefused(null); }} />
          </div>
        </>
      ) : null}
      <CellDialog
        cell={editing}
        cls={props.cls}
        staff={props.staff}
        assigned={assigned}
        onClose={() => setEditing(null)}
        onSet={(value) => {
          if (editing) setWeek((w) => setCell(w, editing.day, editing.period, value));
          setEditing(null);
        }}
      />
    </>
  );
}

function CellDialog(props: {
  cell: GridCell | null;
  cls: ClassWithDetails;
  staff: StaffMember[];
  assigned: Map<string, string>;
  onClose: () => void;
  onSet: (value: { subjectId: string; teacherId: string } | null) => void;
}) {
  const t = useT();
  const [subjectId, setSubjectId] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const [openedFor, setOpenedFor] = useState<GridCell | null>(null);
  if (props.cell !== openedFor) {
    setOpenedFor(props.cell);
    setSubjectId(props.cell?.subjectId ?? '');
    setTeacherId(props.cell?.teacherId ?? '');
  }
  const assignedTeacher = subjectId ? props.assigned.get(subjectId) : undefined;
  const ordered = [...props.staff].sort((a, b) => Number(b.id === assignedTeacher) - Number(a.id === assignedTeacher) || Number(b.subjectIds.includes(subjectId)) - Number(a.subjectIds.includes(subjectId)));
  const cell = props.cell;
  return (
    <Dialog
      isOpen={cell !== null}
      onClose={props.onClose}
      title={cell ? t('tt.grid.cellLabel', { day: t(`tt.day.${cell.day}` as MessageId), n: cell.period }) : ''}
      className="ws-dialog"
    >
      <DialogBody>
        <label className="tt-field">
          <span>{t('tt.subject')}</span>
          <HTMLSelect
            name="subjectId"
            value={subjectId}
            fill
            onChange={(e) => {
              setSubjectId(e.target.value);
              const a = props.assigned.get(e.target.value);
              if (a) setTeacherId(a);
            }}
          >
            <option value="">{t('tt.grid.choose')}</option>
            {props.cls.subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label className="tt-field">
          <span>{t('tt.teacher')}</span>
          <HTMLSelect name="teacherId" value={teacherId} fill onChange={(e) => setTeacherId(e.target.value)}>
            <option value="">{t('tt.grid.choose')}</option>
            {ordered.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.id === assignedTeacher ? ` · ${t('tt.grid.assigned')}` : ''}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {cell?.subjectId ? <Button className="ws-touch" intent="danger" variant="minimal" text={t('tt.grid.clear')} onClick={() => props.onSet(null)} /> : null}
            <Button className="ws-touch" text={t('tt.cancel')} onClick={props.onClose} />
            <Button className="ws-touch" intent="primary" text={t('tt.grid.set')} disabled={!subjectId || !teacherId} onClick={() => props.onSet({ subjectId, teacherId })} />
          </>
        }
      />
    </Dialog>
  );
}
