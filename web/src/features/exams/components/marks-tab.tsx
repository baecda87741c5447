import { HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { subjectMarksText } from '@vidyalaya/shared/exams';
import { type Student } from '@vidyalaya/shared/students';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useStudentResultsQuery } from '../api/exams-api';
import { useT } from '../i18n';
import './exams.css';
import { useLocalName } from '../../../lib/i18n/local-name';

export function MarksTabTitle() {
  const t = useT();
  return <>{t('marksTab.title')}</>;
}

/** The student's published results, one table per exam (newest year first): subjects, marks, grades, the total and the rank when shown. */
export function MarksTabPanel({ schoolId, student }: { schoolId: string; student: Student }) {
  const t = useT();
  const local = useLocalName();
  const q = useStudentResultsQuery({ schoolId, studentId: student.id });
  if (q.isLoading) return <Spinner size={24} aria-label={t('common.loading')} />;
  if (!q.data) return <EmptyState icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} />;
  if (q.data.results.length === 0) return <p className="ex-muted">{t('marksTab.none')}</p>;
  return (
    <div className="ex-marks-tab">
      {q.data.results.map((r) => (
        <section key={r.examId} aria-label={r.examName} className="ex-marks-exam">
          <h3>
            {r.examName} <span className="ex-muted">({r.academicYear}, {r.className} {r.sectionName})</span>
          </h3>
          <div className="ex-scroll">
            <HTMLTable className="ws-table" compact>
              <thead>
                <tr>
                  <th scope="col">{t('dateSheet.subject')}</th>
                  <th scope="col">{t('exam.total')}</th>
                  <th scope="col">{t('exam.grade')}</th>
                </tr>
              </thead>
              <tbody>
                {r.subjects.map((s) => (
                  <tr key={s.subjectId}>
                    <td>{local(s.subjectName)}</td>
                    <td>{subjectMarksText(s)}</td>
                    <td>{s.grade ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <p className="ex-marks-summary">
            {t('marksTab.summary', { total: r.total ?? '—', max: r.max, percentage: r.percentage === null ? '—' : r.percentage.toFixed(2), grade: r.grade ?? '—' })}{' '}
            {r.result === null ? (
              <Tag minimal>{t('exam.incomplete')}</Tag>
            ) : (
              <Tag intent={r.result === 'pass' ? 'success' : 'danger'}>{r.result === 'pass' ? t('exam.pass') : t('exam.needsSupport')}</Tag>
            )}
            {r.rank !== null ? <span> · {t('marksTab.rank', { rank: r.rank })}</span> : null}
          </p>
        </section>
      ))}
    </div>
  );
}
