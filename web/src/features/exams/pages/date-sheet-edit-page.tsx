import { Button, Callout, Spinner } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type DateSheetResult, type Exam, type ExamClassesResult } from '@vidyalaya/shared/exams';
import { useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { asApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/i18n/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { useDateSheetQuery, useExamClassesQuery, useExamQuery, usePutDateSheetMutation } from '../api/exams-api';
import { useT, type MessageId, type Translate } from '../i18n';
import { buildClasses, checkRows, clashLines, serverProblems, toPapers, type DateSheetClass, type DateSheetRow, type Problem, type ProblemId } from '../model/date-sheet';
import '../components/exams.css';
import { DateInput } from '../../../components/date-input';

const PROBLEM_TEXT: Readonly<Record<ProblemId, MessageId>> = {
  timesMissing: 'dateSheetEdit.error.timesMissing',
  time: 'dateSheetEdit.error.time',
  endsBeforeStart: 'dateSheetEdit.error.endsBeforeStart',
  date: 'dateSheetEdit.error.date',
  subjectNotInClass: 'dateSheetEdit.error.subjectNotInClass',
  classNotInExam: 'dateSheetEdit.error.classNotInExam',
  twice: 'dateSheetEdit.error.twice',
  outsideYear: 'dateSheetEdit.error.outsideYear',
  holiday: 'dateSheetEdit.error.holiday',
};
const words = (t: Translate, p: Problem) => ('id' in p ? t(PROBLEM_TEXT[p.id], p.values) : p.text);

/**
 * /workspace/{schoolId}/exams/{examId}/date-sheet/edit: an admin (exams.manage, what the PUT needs)
 * gives each class's subjects a date and times; a subject without a date is not on the sheet. Save
 * sends the whole sheet; the server's clashes (two papers of one class at once) are listed after.
 * A date must fall in the exam's academic year (the date inputs' min and max; checked before
 * sending) and on a day the school is open (the server names the holiday on the row).
 */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const { examId = '' } = useParams();
  const canManage = roleHas(home.role, 'exams.manage');
  const exam = useExamQuery({ schoolId, examId }, { skip: !canManage });
  const sheet = useDateSheetQuery({ schoolId, examId }, { skip: !canManage });
  const year = exam.data?.exam.academicYear;
  const classes = useExamClassesQuery({ schoolId, academicYear: year }, { skip: !canManage || !year });
  if (!canManage) return <Navigate to={`/workspace/${schoolId}/exams/${examId}/date-sheet`} replace />;
  if (exam.isError || sheet.isError || classes.isError) {
    return <EmptyState icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} action={<Button className="ws-touch" text={t('common.retry')} onClick={() => void Promise.all([exam.refetch(), sheet.refetch(), year ? classes.refetch() : null])} />} />;
  }
  if (!exam.data || !sheet.data || !classes.data) return <Spinner size={24} aria-label={t('common.loading')} />;
  return <Editor schoolId={schoolId} exam={exam.data.exam} sheet={sheet.data.dateSheet} choices={classes.data} />;
}

function Editor({ schoolId, exam, sheet, choices }: { schoolId: string; exam: Exam; sheet: DateSheetResult['dateSheet']; choices: ExamClassesResult }) {
  const t = useT();
  const [put, saving] = usePutDateSheetMutation();
  const [classes, setClasses] = useState<DateSheetClass[]>(() => buildClasses(exam.classes, (id) => choices.classes.find((c) => c.id === id)?.subjects ?? [], sheet.papers));
  const [problems, setProblems] = useState<Map<string, Problem>>(() => new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [clashes, setClashes] = useState(() => clashLines(sheet));
  // A newly dated subject starts with the times last entered (most papers of an exam share them).
  const last = sheet.papers[sheet.papers.length - 1];
  const lastTimes = useRef<{ startsAt: string; endsAt: string } | null>(last ? { startsAt: last.startsAt, endsAt: last.endsAt } : null);
  const back = `/workspace/${schoolId}/exams/${exam.id}/date-sheet`;

  function setRow(key: string, patch: Partial<Pick<DateSheetRow, 'date' | 'startsAt' | 'endsAt'>>) {
    setSaved(false);
    setProblems((p) => {
      if (!p.has(key)) return p;
      const next = new Map(p);
      next.delete(key);
      return next;
    });
    setClasses((cs) =>
      cs.map((c) => ({
        ...c,
        rows: c.rows.map((r) => {
          if (r.key !== key) return r;
          const next = { ...r, ...patch };
          if (patch.date && !r.date && !r.startsAt && !r.endsAt && lastTimes.current) Object.assign(next, lastTimes.current);
          if ((patch.startsAt || patch.endsAt) && next.startsAt && next.endsAt) lastTimes.current = { startsAt: next.startsAt, endsAt: next.endsAt };
          return next;
        }),
      })),
    );
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaved(false);
    const rows = classes.flatMap((c) => c.rows);
    const found = checkRows(rows, sheet.academicYear);
    if (found.size > 0) {
      setProblems(found);
      setFailure(t('dateSheetEdit.fixRows'));
      return;
    }
    const { papers, keys } = toPapers(rows);
    try {
      const { dateSheet } = await put({ schoolId, examId: exam.id, body: { papers } }).unwrap();
      setProblems(new Map());
      setFailure(null);
      setClashes(clashLines(dateSheet));
      setSaved(true);
    } catch (err) {
      const x = asApiError(err);
      if (x.details && Object.keys(x.details).length > 0) {
        const named = serverProblems(x.details, keys, sheet.academicYear);
        const general = named.get('');
        named.delete('');
        setProblems(named);
        setFailure(general ? `${t('dateSheetEdit.failed')} ${words(t, general)}` : t('dateSheetEdit.fixRows'));
      } else {
        setProblems(new Map());
        setFailure(x.status === 0 ? t('dateSheetEdit.error.network') : x.status === 403 ? t('dateSheetEdit.error.forbidden') : `${t('dateSheetEdit.failed')} ${x.message}`);
      }
    }
  }

  return (
    <section className="ex-page ex-ds-edit">
      <div className="ws-section-head">
        <h1>{t('dateSheetEdit.title', { exam: exam.name, year: exam.academicYear })}</h1>
        <Link className="bp6-button ws-touch" to={back}>
          {t('dateSheetEdit.back')}
        </Link>
      </div>
      <p className="ex-muted">{t('dateSheetEdit.help')}</p>
      <form className="ex-ds-form" onSubmit={(e) => void save(e)} aria-label={t('dateSheetEdit.formLabel')} noValidate>
        {classes.map((c) => (
          <fieldset key={c.classId} className="ex-ds-edit-class">
            <legend>{c.className}</legend>
            {c.rows.length === 0 ? <p className="ex-muted">{t('dateSheetEdit.noSubjects')}</p> : null}
            {c.rows.map((r) => {
              const problem = problems.get(r.key);
              const errorId = `ex-ds-error-${r.key}`;
              const field = { 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? errorId : undefined };
              return (
                <div key={r.key} role="group" aria-label={r.subjectName} className={`ex-ds-row${problem ? ' ex-ds-row-bad' : ''}`}>
                  <span className="ex-ds-subject">{r.subjectName}</span>
                  <label className="ex-ds-field ex-ds-date">
                    <span>{t('dateSheetEdit.date')}</span>
                    <DateInput
                      value={r.date}
                      min={sheet.academicYear?.startsOn}
                      max={sheet.academicYear?.endsOn}
                      onChange={(date) => setRow(r.key, { date })}
                      {...field}
                    />
                  </label>
                  <label className="ex-ds-field ex-ds-start">
                    <span>{t('dateSheetEdit.startsAt')}</span>
                    <input type="time" className="bp6-input ws-touch" value={r.startsAt} onChange={(ev) => setRow(r.key, { startsAt: ev.target.value })} {...field} />
                  </label>
                  <label className="ex-ds-field ex-ds-end">
                    <span>{t('dateSheetEdit.endsAt')}</span>
                    <input type="time" className="bp6-input ws-touch" value={r.endsAt} onChange={(ev) => setRow(r.key, { endsAt: ev.target.value })} {...field} />
                  </label>
                  <Button
                    className="ws-touch ex-ds-clear"
                    icon="cross"
                    variant="minimal"
                    aria-label={t('dateSheetEdit.clear', { subject: r.subjectName })}
                    title={t('dateSheetEdit.clear', { subject: r.subjectName })}
                    disabled={!r.date && !r.startsAt && !r.endsAt}
                    onClick={() => setRow(r.key, { date: '', startsAt: '', endsAt: '' })}
                  />
                  {problem ? (
                    <p className="ex-error ex-ds-problem" id={errorId}>
                      {words(t, problem)}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        {failure ? (
          <Callout intent="danger" role="alert">
            {failure}
          </Callout>
        ) : null}
        <p className="ex-status" role="status">
          {saved ? t('dateSheetEdit.saved') : ''}
        </p>
        {clashes.length > 0 ? (
          <section aria-label={t('dateSheetEdit.clashesTitle')}>
            <Callout intent="warning" title={t('dateSheetEdit.clashesTitle')}>
              <ul className="ex-ds-clashes">
                {clashes.map((x) => (
                  <li key={`${x.classId}:${x.date}:${x.first}:${x.second}`}>{t('dateSheetEdit.clash', { className: x.className, date: formatDate(x.date), first: x.first, second: x.second })}</li>
                ))}
              </ul>
              <p>{t('dateSheetEdit.clashesHelp')}</p>
            </Callout>
          </section>
        ) : null}
        <div className="ex-actions">
          <Button className="ws-touch" intent="primary" type="submit" icon="floppy-disk" loading={saving.isLoading} text={t('dateSheetEdit.save')} />
          <Link className="bp6-button ws-touch" to={back}>
            {t('dateSheetEdit.view')}
          </Link>
        </div>
      </form>
    </section>
  );
}
