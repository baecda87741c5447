import { Alert, Button, Card, HTMLSelect, HTMLTable, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { reportCardsFileName, subjectMarksText, type IncompleteSheet, type ReportCardLanguage } from '@vidyalaya/shared/exams';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useLocalName } from '../../../lib/i18n/local-name';
import { EmptyState } from '../../../lib/ui/empty-state';
import { asApiError } from '../../../lib/api/errors';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { downloadPdf, useExamQuery, useJobQuery, usePublishMutation, useResultsQuery, useSheetsQuery, useStartSectionCardsMutation } from '../api/exams-api';
import { useT } from '../i18n';
import '../components/exams.css';

/** One exam: its marks sheets, publication, a section's results and its report cards. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const { examId = '' } = useParams();
  const exam = useExamQuery({ schoolId, examId });
  const sheets = useSheetsQuery({ schoolId, examId });
  const [publish, publishing] = usePublishMutation();
  const [confirm, setConfirm] = useState<'publish' | 'unpublish' | 'anyway' | null>(null);
  // The sheets a refused publication named (409 MARKS_INCOMPLETE), listed beside the button.
  const [incomplete, setIncomplete] = useState<IncompleteSheet[] | null>(null);
  const local = useLocalName();
  const sections = useMemo(() => {
    const seen = new Map<string, { className: string; sectionName: string }>();
    for (const s of sheets.data?.sheets ?? []) seen.set(s.sectionId, { className: s.className, sectionName: s.sectionName });
    return [...seen.entries()].map(([id, names]) => ({ id, ...names, label: `${names.className} ${names.sectionName}` }));
  }, [sheets.data]);
  const [sectionId, setSectionId] = useState('');
  const section = sectionId || sections[0]?.id || '';
  const chosen = sections.find((s) => s.id === section);

  if (exam.isLoading) return <Spinner size={24} aria-label={t('common.loading')} />;
  if (!exam.data) return <EmptyState icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} />;
  const e = exam.data.exam;
  const published = e.status === 'published';
  const canPublish = roleHas(home.role, 'results.publish');

  const isAdmin = home.role === 'admin';
  const sheetLabel = (x: IncompleteSheet) => {
    const s = sheets.data?.sheets.find((y) => y.sectionId === x.sectionId && y.subjectId === x.subjectId);
    return s ? local(`${s.className} ${s.sectionName} · ${s.subjectName}`) : x.subjectId;
  };

  async function onPublish() {
    const publishNow = confirm !== 'unpublish';
    const allowIncomplete = confirm === 'anyway';
    setConfirm(null);
    try {
      await publish({ schoolId, examId, publish: publishNow, allowIncomplete }).unwrap();
      setIncomplete(null);
      toast({ title: publishNow ? t('exam.publishedToast') : t('exam.unpublishedToast'), intent: 'success' });
    } catch (err) {
      const e = asApiError(err);
      const listed = (e.details as { sheets?: IncompleteSheet[] } | undefined)?.sheets;
      if (e.code === 'MARKS_INCOMPLETE' && Array.isArray(listed)) setIncomplete(listed);
      else toastError(t('exam.publishFailed'), e.message);
    }
  }

  return (
    <section className="ex-page">
      <div className="ws-section-head">
        <h1>{e.name}</h1>
        <Tag large intent={published ? 'success' : 'none'}>{published ? t('exams.published') : t('exams.draft')}</Tag>
      </div>
      <p className="ex-muted">
        {e.academicYear} · {e.classes.map((c) => c.name).join(', ')} · {e.components.map((c) => `${c.name} (${c.maxMarks})`).join(', ')}
      </p>
      <div className="ex-actions">
        <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/exams/${examId}/date-sheet`}>
          {t('dateSheet.open')}
        </Link>
      </div>
      {canPublish ? (
        <div className="ex-actions">
          {published ? (
            <Button className="ws-touch" icon="unlock" text={t('exam.unpublish')} onClick={() => setConfirm('unpublish')} loading={publishing.isLoading} />
          ) : (
            <Button className="ws-touch" intent="success" icon="endorsed" text={t('exam.publish')} onClick={() => setConfirm('publish')} loading={publishing.isLoading} />
          )}
        </div>
      ) : null}
      {incomplete && !published ? (
        <Card className="ws-card ex-incomplete" role="alert" aria-labelledby="ex-incomplete-title">
          <h2 id="ex-incomplete-title">{t('exam.incompleteTitle')}</h2>
          <p>{t('exam.incompleteHelp')}</p>
          <ul className="ex-incomplete-list">
            {incomplete.map((x) => (
              <li key={`${x.sectionId}:${x.subjectId}`}>
                <Link className="ws-touch" to={`/workspace/${schoolId}/exams/${examId}/marks/${x.sectionId}/${x.subjectId}`}>
                  {sheetLabel(x)}
                </Link>{' '}
                <span className="ex-muted">{t('exam.incompleteMissing', { count: x.missing })}</span>
              </li>
            ))}
          </ul>
          {isAdmin ? (
            <Button className="ws-touch" intent="warning" icon="warning-sign" text={t('exam.publishAnyway')} onClick={() => setConfirm('anyway')} loading={publishing.isLoading} />
          ) : (
            <p className="ex-muted">{t('exam.incompleteAdminOnly')}</p>
          )}
        </Card>
      ) : null}
      <Alert
        isOpen={confirm !== null}
        cancelButtonText={t('common.cancel')}
        confirmButtonText={confirm === 'unpublish' ? t('exam.unpublish') : confirm === 'anyway' ? t('exam.publishAnyway') : t('exam.publish')}
        intent={confirm === 'publish' ? 'success' : 'warning'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void onPublish()}
      >
        <p>{confirm === 'publish' ? t('exam.publishConfirm') : confirm === 'anyway' ? t('exam.publishAnywayConfirm') : t('exam.unpublishConfirm')}</p>
      </Alert>

      <Card className="ws-card">
        <h2>{t('exam.marksSheets')}</h2>
        {published ? <p className="ex-muted">{t('exam.lockedNote')}</p> : null}
        {sheets.isLoading ? (
          <Spinner size={20} aria-label={t('common.loading')} />
        ) : (sheets.data?.sheets ?? []).length === 0 ? (
          <p>{t('exam.noSheets')}</p>
        ) : (
          <ul className="ex-sheets">
            {sheets.data!.sheets.map((s) => (
              <li key={`${s.sectionId}:${s.subjectId}`}>
                {s.canEnter ? (
                  <Link className="ex-sheet ws-touch" to={`/workspace/${schoolId}/exams/${examId}/marks/${s.sectionId}/${s.subjectId}`}>
                    {local(`${s.className} ${s.sectionName} · ${s.subjectName}`)}
                  </Link>
                ) : (
                  <span className="ex-sheet ex-sheet-off">
                    {local(`${s.className} ${s.sectionName} · ${s.subjectName}`)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {sections.length > 0 ? (
        <>
          <div className="ex-section-pick">
            <label htmlFor="ex-section">{t('exam.section')}</label>
            <HTMLSelect id="ex-section" className="ws-touch" value={section} onChange={(ev) => setSectionId(ev.target.value)} options={sections.map((s) => ({ value: s.id, label: local(s.label) }))} />
          </div>
          <Results schoolId={schoolId} examId={examId} sectionId={section} />
          <ReportCards schoolId={schoolId} sectionId={section} academicYear={e.academicYear} fileName={reportCardsFileName(chosen?.className, chosen?.sectionName, e.academicYear)} />
        </>
      ) : null}
    </section>
  );
}

function Results({ schoolId, examId, sectionId }: { schoolId: string; examId: string; sectionId: string }) {
  const t = useT();
  const results = useResultsQuery({ schoolId, examId, sectionId }, { skip: !sectionId });
  const r = results.data?.results;
  return (
    <Card className="ws-card">
      <h2>{t('exam.results')}</h2>
      {results.isFetching && !r ? (
        <Spinner size={20} aria-label={t('common.loading')} />
      ) : !r || r.students.length === 0 ? (
        <p>{t('exam.noStudents')}</p>
      ) : (
        <>
          <div className="ex-scroll">
            <HTMLTable className="ws-table ex-results" aria-label={t('exam.results')}>
              <thead>
                <tr>
                  <th scope="col">{t('exam.rank')}</th>
                  <th scope="col">{t('exam.student')}</th>
                  {r.subjects.map((s) => (
                    <th scope="col" key={s.id}>
                      {s.name}
                    </th>
                  ))}
                  <th scope="col">{t('exam.total')}</th>
                  <th scope="col">%</th>
                  <th scope="col">{t('exam.grade')}</th>
                  <th scope="col">{t('exam.result')}</th>
                </tr>
              </thead>
              <tbody>
                {r.students.map((s) => (
                  <tr key={s.studentId}>
                    <td>{s.rank ?? '—'}</td>
                    <td>{s.name}</td>
                    {s.subjects.map((x) => (
                      <td key={x.subjectId} data-subject={x.subjectName}>
                        {/* Not entered is —, an absence AB: never a zero (DECISIONS "Marks not entered are not zero"). */}
                        {subjectMarksText(x)} {x.grade ? <span className="ex-grade">{x.grade}</span> : null}
                      </td>
                    ))}
                    <td>{s.total === null ? '—' : `${s.total}/${s.max}`}</td>
                    <td>{s.percentage === null ? '—' : s.percentage.toFixed(2)}</td>
                    <td>{s.grade ?? '—'}</td>
                    <td>
                      {s.result === null ? (
                        <Tag minimal>{t('exam.incomplete')}</Tag>
                      ) : (
                        <Tag intent={s.result === 'pass' ? 'success' : 'danger'}>{s.result === 'pass' ? t('exam.pass') : t('exam.needsSupport')}</Tag>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <div className="ex-analysis">
            <div>
              <h3>{t('exam.toppers')}</h3>
              <ol>
                {r.analysis.toppers.map((x) => (
                  <li key={x.studentId}>
                    {x.name} · {x.percentage.toFixed(2)}%
                  </li>
                ))}
              </ol>
            </div>
            <div>
              <h3>{t('exam.needingSupport')}</h3>
              {r.analysis.needingSupport.length === 0 ? (
                <p>{t('exam.nobody')}</p>
              ) : (
                <ul>
                  {r.analysis.needingSupport.map((x) => (
                    <li key={x.studentId}>
                      {x.name}: {x.failedSubjects.join(', ')}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3>{t('exam.distribution')}</h3>
              <ul>
                {r.analysis.gradeDistribution.map((g) => (
                  <li key={g.subjectId}>
                    {g.subjectName}:{' '}
                    {Object.entries(g.counts)
                      .filter(([, n]) => n > 0)
                      .map(([grade, n]) => `${grade} ${n}`)
                      .join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
    </Card>
  );
}

function ReportCards({ schoolId, sectionId, academicYear, fileName }: { schoolId: string; sectionId: string; academicYear: string; fileName: string }) {
  const t = useT();
  const [lang, setLang] = useState<ReportCardLanguage>('en');
  const [start, starting] = useStartSectionCardsMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJobQuery({ schoolId, jobId: jobId ?? '' }, { skip: !jobId, pollingInterval: 700 });
  const state = job.data?.state;
  const done = state === 'completed' || state === 'failed';
  useEffect(() => setJobId(null), [sectionId]);

  async function onStart() {
    try {
      const { job: j } = await start({ schoolId, sectionId, academicYear, lang }).unwrap();
      setJobId(j.id);
    } catch (err) {
      toastError(t('cards.failed'), (err as { message?: string }).message);
    }
  }
  async function onDownload() {
    if (!job.data?.resultUrl) return;
    try {
      // Named after the section and the year (issue 36): 'report-cards-Class-7-A-2026-27.pdf'.
      await downloadPdf(job.data.resultUrl, fileName);
    } catch (err) {
      toastError(t('cards.failed'), (err as Error).message);
    }
  }
  return (
    <Card className="ws-card">
      <h2>{t('cards.title')}</h2>
      <p className="ex-muted">{t('cards.help')}</p>
      <div className="ex-actions">
        <HTMLSelect aria-label={t('cards.language')} className="ws-touch" value={lang} onChange={(e) => setLang(e.target.value as ReportCardLanguage)} options={[{ value: 'en', label: 'English' }, { value: 'hi', label: 'हिन्दी' }]} />
        <Button className="ws-touch" intent="primary" icon="print" text={t('cards.print')} loading={starting.isLoading || (!!jobId && !done)} onClick={() => void onStart()} />
      </div>
      {jobId ? (
        <div className="ex-job" aria-live="polite">
          <ProgressBar value={(job.data?.progress ?? 0) / 100} intent={state === 'failed' ? 'danger' : state === 'completed' ? 'success' : 'primary'} stripes={!done} aria-label={t('cards.progress')} />
          <p>{state === 'completed' ? t('cards.ready') : state === 'failed' ? (job.data?.error ?? t('cards.failed')) : t('cards.working', { percent: job.data?.progress ?? 0 })}</p>
          {state === 'completed' ? <Button className="ws-touch" intent="success" icon="download" text={t('cards.download')} onClick={() => void onDownload()} /> : null}
        </div>
      ) : null}
    </Card>
  );
}
