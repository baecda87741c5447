import { Button, Callout, Spinner } from '@blueprintjs/core';
import { parseMark, type MarkValue, type MarksSheet } from '@vidyalaya/shared/exams';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useLocalName } from '../../../lib/i18n/local-name';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { useMarksQuery, useSaveMarksMutation } from '../api/exams-api';
import { useT } from '../i18n';
import '../components/exams.css';

type Cells = Record<string, Record<string, string>>;
const show = (v: MarkValue | undefined) => (v === null || v === undefined ? '' : String(v));
const SAVE_DELAY_MS = 500;

/**
 * The marks grid of one section and subject: keyboard first (arrows and Enter move, a column pasted
 * from a spreadsheet fills down), AB for absent, each cell checked against its maximum as it is
 * typed, valid changes saved as you go. Read-only once the results are published. On a phone the
 * names stay in view while the columns scroll (a sticky first column), and the AB key above the grid
 * marks the cell being typed in as absent, since a cell opens the numeric keypad (issue 36).
 */
export function Component() {
  const t = useT();
  const { schoolId } = useSchool();
  const { examId = '', sectionId = '', subjectId = '' } = useParams();
  const sheet = useMarksQuery({ schoolId, examId, sectionId, subjectId });
  if (sheet.isLoading) return <Spinner size={24} aria-label={t('common.loading')} />;
  if (!sheet.data) {
    const message = (sheet.error as { message?: string } | undefined)?.message;
    return <EmptyState icon="lock" title={t('marks.cannotOpen')} description={message ?? t('common.tryAgain')} />;
  }
  return <Grid schoolId={schoolId} sheet={sheet.data} />;
}

function Grid({ schoolId, sheet }: { schoolId: string; sheet: MarksSheet }) {
  const t = useT();
  const [save] = useSaveMarksMutation();
  const [cells, setCells] = useState<Cells>(() => Object.fromEntries(sheet.students.map((s) => [s.studentId, Object.fromEntries(sheet.components.map((c) => [c.name, show(s.marks[c.name])]))])));
  const [status, setStatus] = useState<'idle' | 'pending' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const pending = useRef(new Map<string, { studentId: string; component: string; marks: MarkValue }>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const locked = sheet.locked;
  const local = useLocalName();
  /** The cell last typed in: the AB key marks it. */
  const [active, setActive] = useState<{ row: number; col: number } | null>(null);

  const flush = useCallback(async () => {
    if (pending.current.size === 0) return;
    const marks = [...pending.current.values()];
    pending.current.clear();
    setStatus('saving');
    try {
      await save({ schoolId, examId: sheet.examId, body: { sectionId: sheet.sectionId, subjectId: sheet.subjectId, marks } }).unwrap();
      setStatus(pending.current.size > 0 ? 'pending' : 'saved');
      setFailure(null);
    } catch (e) {
      for (const m of marks) if (!pending.current.has(`${m.studentId}:${m.component}`)) pending.current.set(`${m.studentId}:${m.component}`, m);
      setStatus('failed');
      setFailure((e as { message?: string }).message ?? null);
    }
  }, [save, schoolId, sheet.examId, sheet.sectionId, sheet.subjectId]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
    void flush();
  }, [flush]);

  function schedule() {
    setStatus('pending');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }

  function setMany(changes: { studentId: string; component: string; text: string }[]) {
    setCells((prev) => {
      const next = { ...prev };
      for (const c of changes) next[c.studentId] = { ...next[c.studentId], [c.component]: c.text };
      return next;
    });
    let queued = false;
    for (const c of changes) {
      const max = sheet.components.find((x) => x.name === c.component)!.maxMarks;
      const parsed = parseMark(c.text, max);
      if ('value' in parsed) {
        pending.current.set(`${c.studentId}:${c.component}`, { studentId: c.studentId, component: c.component, marks: parsed.value });
        queued = true;
      } else pending.current.delete(`${c.studentId}:${c.component}`);
    }
    if (queued) schedule();
  }

  function focusCell(row: number, col: number) {
    const el = grid.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
    if (el) {
      el.focus();
      el.select();
    }
  }

  /** The AB key: the active cell becomes AB (absent), and the next child's cell is ready to type in. */
  function markAbsent() {
    if (!active || locked) return;
    const student = sheet.students[active.row];
    const component = sheet.components[active.col];
    if (!student || !component) return;
    setMany([{ studentId: student.studentId, component: component.name, text: 'AB' }]);
    if (active.row + 1 < sheet.students.length) focusCell(active.row + 1, active.col);
    else focusCell(active.row, active.col);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>, row: number, col: number) {
    const input = e.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (e.key === 'ArrowDown' || e.key === 'Enter') focusCell(row + 1, col);
    else if (e.key === 'ArrowUp') focusCell(row - 1, col);
    else if (e.key === 'ArrowRight' && (atEnd || whole)) focusCell(row, col + 1);
    else if (e.key === 'ArrowLeft' && (atStart || whole)) focusCell(row, col - 1);
    else return;
    e.preventDefault();
  }

  function onPaste(e: React.ClipboardEvent<HTMLInputElement>, row: number, col: number) {
    const text = e.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text)) return;
    e.preventDefault();
    const lines = text.replace(/\r/g, '').replace(/\n$/, '').split('\n');
    const changes: { studentId: string; component: string; text: string }[] = [];
    lines.forEach((line, i) => {
      const student = sheet.students[row + i];
      if (!student) return;
      line.split('\t').forEach((value, j) => {
        const component = sheet.components[col + j];
        if (component) changes.push({ studentId: student.studentId, component: component.name, text: value.trim() });
      });
    });
    setMany(changes);
  }

  const errorsCount = sheet.students.reduce(
    (n, s) => n + sheet.components.filter((c) => 'error' in parseMark(cells[s.studentId]?.[c.name] ?? '', c.maxMarks)).length,
    0,
  );

  const activeStudent = active ? sheet.students[active.row] : undefined;
  const activeComponent = active ? sheet.components[active.col] : undefined;

  return (
    <section className="ex-page">
      <div className="ws-section-head">
        <h1>{t('marks.title', { subject: local(sheet.subjectName) })}</h1>
        <Link className="ex-link ws-touch" to={`/workspace/${schoolId}/exams/${sheet.examId}`}>
          {t('marks.back')}
        </Link>
      </div>
      {locked ? (
        <Callout intent="warning" icon="lock" className="ex-callout">
          {t('marks.locked')}
        </Callout>
      ) : (
        <p className="ex-muted">{t('marks.help')}</p>
      )}
      <p className="ex-status" role="status" aria-live="polite">
        {status === 'saving' || status === 'pending' ? t('marks.saving') : status === 'saved' ? t('marks.saved') : status === 'failed' ? `${t('marks.saveFailed')} ${failure ?? ''}` : ''}
        {errorsCount > 0 ? ` ${t('marks.fixErrors', { count: errorsCount })}` : ''}
      </p>
      {status === 'failed' ? <Button className="ws-touch" icon="refresh" text={t('common.retry')} onClick={() => void flush()} /> : null}
      {locked ? null : (
        <div className="ex-keys" role="toolbar" aria-label={t('marks.keys')}>
          <Button
            className="ws-touch ex-ab-key"
            text={t('marks.abKey')}
            disabled={!activeStudent || !activeComponent}
            aria-label={activeStudent && activeComponent ? t('marks.abKeyFor', { student: activeStudent.name, component: activeComponent.name }) : t('marks.abKeyIdle')}
            // Keeps the cell focused (and the phone's keypad open) while the key is pressed.
            onPointerDown={(e) => e.preventDefault()}
            onMouseDown={(e) => e.preventDefault()}
            onClick={markAbsent}
          />
          <span className="ex-muted ex-keys-hint">{activeStudent && activeComponent ? `${activeStudent.name} · ${activeComponent.name}` : t('marks.abKeyIdle')}</span>
        </div>
      )}
      <div className="ex-scroll">
        <table className="ex-grid" ref={grid} aria-label={t('marks.gridLabel', { subject: local(sheet.subjectName) })}>
          <thead>
            <tr>
              <th scope="col" className="ex-name-col">
                <span className="ex-roll">{t('marks.roll')}</span> {t('marks.student')}
              </th>
              {sheet.components.map((c) => (
                <th scope="col" key={c.name}>
                  {c.name} <span className="ex-muted">/{c.maxMarks}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.students.map((s, row) => (
              <tr key={s.studentId} className={active?.row === row ? 'ex-row-active' : undefined}>
                <th scope="row" className="ex-name-col">
                  <span className="ex-roll">{s.rollNumber ?? '—'}</span> {s.name}
                </th>
                {sheet.components.map((c, col) => {
                  const value = cells[s.studentId]?.[c.name] ?? '';
                  const parsed = parseMark(value, c.maxMarks);
                  const error = 'error' in parsed ? parsed.error : null;
                  return (
                    <td key={c.name} className={error ? 'ex-cell-bad' : undefined}>
                      <input
                        className="ex-cell"
                        inputMode="decimal"
                        autoComplete="off"
                        data-row={row}
                        data-col={col}
                        value={value}
                        readOnly={locked}
                        aria-label={t('marks.cellLabel', { student: s.name, component: c.name, max: c.maxMarks })}
                        aria-invalid={error ? true : undefined}
                        title={error ?? undefined}
                        onChange={(e) => setMany([{ studentId: s.studentId, component: c.name, text: e.target.value }])}
                        onKeyDown={(e) => onKeyDown(e, row, col)}
                        onPaste={(e) => (locked ? e.preventDefault() : onPaste(e, row, col))}
                        onFocus={(e) => {
                          e.currentTarget.select();
                          setActive({ row, col });
                        }}
                      />
                      {error ? <span className="ex-cell-error">{error}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
