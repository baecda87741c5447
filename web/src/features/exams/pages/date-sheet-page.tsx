import { Button, Spinner } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type ExamPaper } from '@vidyalaya/shared/exams';
import { useLingui } from '@lingui/react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { useDateSheetQuery, useExamQuery } from '../api/exams-api';
import { useT } from '../i18n';
import '../components/exams.css';

/** The papers grouped by class (classes in the exam's order), each class's papers by date and time. */
export function byClass(papers: readonly ExamPaper[], classOrder: readonly string[]): { classId: string; className: string; papers: ExamPaper[] }[] {
  const groups = new Map<string, { classId: string; className: string; papers: ExamPaper[] }>();
  for (const p of papers) {
    const g = groups.get(p.classId) ?? { classId: p.classId, className: p.className, papers: [] };
    g.papers.push(p);
    groups.set(p.classId, g);
  }
  const rank = (id: string) => (classOrder.includes(id) ? classOrder.indexOf(id) : classOrder.length);
  return [...groups.values()]
    .sort((a, b) => rank(a.classId) - rank(b.classId) || a.className.localeCompare(b.className))
    .map((g) => ({ ...g, papers: [...g.papers].sort((a, b) => a.date.localeCompare(b.date) || a.startsAt.localeCompare(b.startsAt)) }));
}

/** /workspace/{schoolId}/exams/{examId}/date-sheet: the printable date sheet, by class, with the school's name (an admin's Edit leads to date-sheet/edit). */
export function Component() {
  const t = useT();
  const { i18n } = useLingui();
  const { schoolId, home } = useSchool();
  const { examId = '' } = useParams();
  const exam = useExamQuery({ schoolId, examId });
  const sheet = useDateSheetQuery({ schoolId, examId });

  if (exam.isLoading || sheet.isLoading) return <Spinner size={24} aria-label={t('common.loading')} />;
  if (!exam.data || !sheet.data) return <EmptyState icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} />;
  const e = exam.data.exam;
  const groups = byClass(sheet.data.dateSheet.papers, e.classIds);
  const weekday = new Intl.DateTimeFormat(i18n.locale === 'hi' ? 'hi-IN' : 'en-IN', { weekday: 'long', timeZone: 'UTC' });

  return (
    <section className="ex-page ex-date-sheet">
      <div className="ex-actions ex-no-print">
        <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/exams/${examId}`}>
          {t('dateSheet.back')}
        </Link>
        <Button className="ws-touch" intent="primary" icon="print" text={t('dateSheet.print')} onClick={() => window.print()} disabled={groups.length === 0} />
        {roleHas(home.role, 'exams.manage') ? (
          <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/exams/${examId}/date-sheet/edit`}>
            {t('dateSheet.edit')}
          </Link>
        ) : null}
      </div>
      <header className="ex-ds-head">
        <h1>{home.school.name}</h1>
        <h2>{t('dateSheet.title', { exam: e.name, year: e.academicYear })}</h2>
      </header>
      {groups.length === 0 ? (
        <p className="ex-muted">{t('dateSheet.empty')}</p>
      ) : (
        groups.map((g) => (
          <section key={g.classId} className="ex-ds-class" aria-label={g.className}>
            <h3>{g.className}</h3>
            <table className="ex-ds-table">
              <thead>
                <tr>
                  <th scope="col">{t('dateSheet.date')}</th>
                  <th scope="col">{t('dateSheet.day')}</th>
                  <th scope="col">{t('dateSheet.subject')}</th>
                  <th scope="col">{t('dateSheet.time')}</th>
                </tr>
              </thead>
              <tbody>
                {g.papers.map((p) => (
                  <tr key={p.subjectId}>
                    <td>{formatDate(p.date)}</td>
                    <td>{weekday.format(new Date(`${p.date}T00:00:00Z`))}</td>
                    <td>{p.subjectName}</td>
                    <td>
                      {p.startsAt}–{p.endsAt}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
    </section>
  );
}
