import { Button, Callout, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup, NumericInput, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { nextYearName, PROMOTION_ALLOCATIONS, type PromotionAllocation, type PromotionDecision, type PromotionLine, type PromotionPreview, type PromotionResult } from '@vidyalaya/shared/promotions';
import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { formatMoney } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  useAllocatePromotionMutation,
  useApplyPromotionMutation,
  useCreatePromotionMutation,
  useLazyPromotionPreviewQuery,
  usePatchPromotionLinesMutation,
  usePromotionClassesQuery,
  usePromotionJobQuery,
  usePromotionLinesQuery,
  usePromotionsQuery,
  usePromotionTargetsQuery,
  usePromotionYearsQuery,
  useRevertPromotionMutation,
} from '../api/promotions-api';
import { useT, type MessageId } from '../i18n';
import '../components/year-end.css';

type Sort = 'roll' | 'name' | 'result' | 'attendance';
const errorCode = (e: unknown): string | undefined => (e as { data?: { error?: { code?: string } } })?.data?.error?.code;

/** What apply will make, before it does (the dry run). */
function PreviewPanel(props: { preview: PromotionPreview; copyTimetable: boolean }) {
  const t = useT();
  const p = props.preview;
  return (
    <div className="ye-panel" data-testid="promotion-preview">
      <h2>{t('ye.preview.title', { toYear: p.toYear })}</h2>
      <p>{p.yearExists ? t('ye.preview.yearExists', { toYear: p.toYear }) : t('ye.preview.yearNew', { toYear: p.toYear })}</p>
      <ul>
        {p.classes.map((c) => (
          <li key={c.name}>
            {c.exists ? t('ye.preview.classKept', { name: c.name }) : t('ye.preview.classNew', { name: c.name, sections: c.newSections.join(', '), subjects: c.subjects })}
          </li>
        ))}
      </ul>
      <h3>{t('ye.preview.structures')}</h3>
      <ul>
        {p.structures.map((s) => (
          <li key={s.className}>{s.exists ? t('ye.preview.structureKept', { name: s.className }) : t('ye.preview.structureNew', { name: s.className, from: formatMoney(s.total), to: formatMoney(s.newTotal) })}</li>
        ))}
      </ul>
      <h3>{t('ye.preview.enrolments')}</h3>
      <ul>
        {p.enrolments.map((e) => (
          <li key={`${e.className}-${e.sectionName}`}>{t('ye.preview.enrolment', { name: `${e.className} ${e.sectionName}`, count: e.count })}</li>
        ))}
      </ul>
      <p>{t('ye.preview.leaving', { passedOut: p.passedOut, left: p.left })}</p>
      <p>{t('ye.preview.arrears', { students: p.arrears.students, amount: formatMoney(p.arrears.amount) })}</p>
      {p.skipped.length > 0 ? <p>{t('ye.preview.skipped', { names: p.skipped.map((s) => s.name).join(', ') })}</p> : null}
      {props.copyTimetable ? <p>{t('ye.preview.timetable', { ...p.timetable })}</p> : null}
      {p.becomesCurrent ? (
        <Callout intent="warning" data-testid="promotion-becomes-current">
          {t('ye.preview.current', { toYear: p.toYear, fromYear: p.fromYear })}
        </Callout>
      ) : null}
    </div>
  );
}

function ResultPanel(props: { result: PromotionResult; fromYear: string; toYear: string }) {
  const t = useT();
  const r = props.result;
  return (
    <Callout intent="success" className="ye-panel" data-testid="promotion-result" title={t('ye.result.title')}>
      <p>{t('ye.result.summary', { enrolled: r.enrolled, passedOut: r.passedOut, left: r.left })}</p>
      <p>{t('ye.result.made', { classes: r.classesCreated, sections: r.sectionsCreated, subjects: r.subjectsCopied, structures: r.structuresCopied })}</p>
      <p>{t('ye.result.arrears', { students: r.arrears.students, amount: formatMoney(r.arrears.amount) })}</p>
      {r.skipped.length > 0 ? <p>{t('ye.result.skipped', { names: r.skipped.map((s) => s.name).join(', ') })}</p> : null}
      {r.timetable ? <p>{t('ye.result.timetable', { ...r.timetable })}</p> : null}
      {r.previousCurrentYear !== undefined ? <p>{t('ye.result.current', { toYear: props.toYear, fromYear: props.fromYear })}</p> : null}
    </Callout>
  );
}

/**
 * Year end (issue 29): the principal drafts the promotion of the closing year, goes through it one
 * class at a time (sortable by result and attendance; flagged children first to look at), detains or
 * marks children left with a reason, moves them between sections, previews what will be created,
 * applies it as a job with progress, reads the result and may undo it until the new year is in use.
 */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const allowed = roleHas(home.role, 'promotions.manage');
  const years = usePromotionYearsQuery(schoolId, { skip: !allowed });
  const promotions = usePromotionsQuery(schoolId, { skip: !allowed });
  const yearNames = useMemo(() => (years.data?.items ?? []).map((y) => y.name).sort().reverse(), [years.data]);
  const [fromYear, setFromYear] = useState('');
  useEffect(() => {
    if (fromYear || !years.data || !promotions.data) return;
    // After apply the new year is current: open the promotion that made it so, not an empty draft of the next pair.
    const current = years.data.items.find((y) => y.isCurrent)?.name;
    setFromYear(promotions.data.items.find((p) => p.toYear === current && p.status !== 'draft')?.fromYear ?? current ?? yearNames[0] ?? '');
  }, [years.data, promotions.data, fromYear, yearNames]);
  const promotion = promotions.data?.items.find((p) => p.fromYear === fromYear);
  const promotionId = promotion?.id ?? '';
  const classes = usePromotionClassesQuery({ schoolId, promotionId }, { skip: !promotionId });
  const [classId, setClassId] = useState('');
  useEffect(() => {
    if (classes.data && !classes.data.items.some((c) => c.classId === classId)) setClassId(classes.data.items[0]?.classId ?? '');
  }, [classes.data, classId]);
  const [sort, setSort] = useState<Sort>('roll');
  const lines = usePromotionLinesQuery({ schoolId, promotionId, classId, sort, order: 'asc' }, { skip: !promotionId || !classId });
  const targets = usePromotionTargetsQuery({ schoolId, promotionId, classId }, { skip: !promotionId || !classId });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const [section, setSection] = useState('');
  const [percent, setPercent] = useState(0);
  const [renumber, setRenumber] = useState(true);
  const [copyTimetable, setCopyTimetable] = useState(false);
  const [allocation, setAllocation] = useState<PromotionAllocation>('keep');
  // A preview answers for the draft as it was: any change to the lines (or an undo) puts it away until asked again.
  const [previewShown, setPreviewShown] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = usePromotionJobQuery({ schoolId, jobId: jobId ?? '' }, { skip: !jobId, pollingInterval: 700 });
  const [create, creating] = useCreatePromotionMutation();
  const [patch, patching] = usePatchPromotionLinesMutation();
  const [allocate, allocating] = useAllocatePromotionMutation();
  const [loadPreview, preview] = useLazyPromotionPreviewQuery();
  const [apply, applying] = useApplyPromotionMutation();
  const [revert, reverting] = useRevertPromotionMutation();

  useEffect(() => setSelected(new Set()), [classId, promotionId]);
  useEffect(() => {
    if (job.data && (job.data.state === 'completed' || job.data.state === 'failed')) {
      setJobId(null);
      void promotions.refetch();
      if (job.data.state === 'failed') toastError(t('ye.error.applyFailed'));
    }
  }, [job.data, promotions, t]);

  if (!allowed) return <Navigate to={`/workspace/${schoolId}`} replace />;
  const draft = promotion?.status === 'draft';
  const items = lines.data?.items ?? [];
  const currentClass = classes.data?.items.find((c) => c.classId === classId);

  const change = async (changes: { studentId: string; decision: PromotionDecision; targetSectionId?: string; reason?: string }[]) => {
    if (!promotion || changes.length === 0) return;
    try {
      await patch({ schoolId, promotionId: promotion.id, body: { lines: changes } }).unwrap();
      setSelected(new Set());
      setPreviewShown(false);
      toast({ title: t('ye.saved', { count: changes.length }), intent: 'success' });
    } catch (e) {
      toastError(errorCode(e) === 'PROMOTION_APPLIED' ? t('ye.error.applied') : t('ye.error.generic'));
    }
  };
  const chosen = items.filter((l) => selected.has(l.studentId));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const decisionOf = (l: PromotionLine) => t(`ye.decision.${l.decision}` as MessageId);

  const startDraft = async () => {
    try {
      await create({ schoolId, fromYear, toYear: nextYearName(fromYear) }).unwrap();
    } catch (e) {
      toastError(errorCode(e) === 'PROMOTION_EXISTS' ? t('ye.error.exists') : t('ye.error.generic'));
    }
  };
  const allocateSections = async () => {
    if (!promotion || !classId) return;
    try {
      await allocate({ schoolId, promotionId: promotion.id, body: { classId, mode: allocation } }).unwrap();
      setPreviewShown(false);
      toast({ title: t('ye.allocated'), intent: 'success' });
    } catch (e) {
      toastError(errorCode(e) === 'PROMOTION_APPLIED' ? t('ye.error.applied') : t('ye.error.generic'));
    }
  };
  const startApply = async () => {
    if (!promotion) return;
    try {
      const r = await apply({ schoolId, promotionId: promotion.id, body: { feeIncreasePercent: percent, renumberRolls: renumber, copyTimetable } }).unwrap();
      setJobId(r.jobId);
    } catch (e) {
      toastError(errorCode(e) === 'PROMOTION_APPLIED' ? t('ye.error.applied') : t('ye.error.generic'));
    }
  };
  const undo = async () => {
    if (!promotion) return;
    try {
      await revert({ schoolId, promotionId: promotion.id }).unwrap();
      setPreviewShown(false);
      toast({ title: t('ye.undone'), intent: 'success' });
    } catch (e) {
      toastError(errorCode(e) === 'PROMOTION_LOCKED' ? t('ye.error.locked') : t('ye.error.generic'));
    }
  };

  return (
    <section className="ye-page">
      <h1>{t('ye.title')}</h1>
      <p className="ye-muted">{t('ye.intro')}</p>
      <div className="ye-row">
        <FormGroup label={t('ye.fromYear')} labelFor="ye-from">
          <HTMLSelect id="ye-from" large value={fromYear} onChange={(e) => setFromYear(e.target.value)}>
            {yearNames.map((y) => (
              <option key={y} value={y}>
                {t('ye.yearPair', { from: y, to: nextYearName(y) })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {!promotion && fromYear ? <Button className="ye-touch" intent="primary" icon="new-layers" text={t('ye.draft')} loading={creating.isLoading} onClick={() => void startDraft()} data-testid="promotion-draft" /> : null}
      </div>
      {years.isFetching || promotions.isFetching ? <Spinner size={20} /> : null}
      {promotion ? (
        <>
          <div className="ye-summary" data-testid="promotion-summary">
            <Tag large intent={draft ? 'warning' : promotion.status === 'applied' ? 'success' : 'primary'}>{t(`ye.status.${promotion.status}` as MessageId)}</Tag>
            <span>{t('ye.counts', { promote: promotion.counts.promote, detain: promotion.counts.detain, passedOut: promotion.counts.passed_out, left: promotion.counts.left })}</span>
            {promotion.flagged > 0 ? <Tag intent="danger">{t('ye.flaggedCount', { count: promotion.flagged })}</Tag> : null}
          </div>

          <div className="ye-row">
            <FormGroup label={t('ye.class')} labelFor="ye-class">
              <HTMLSelect id="ye-class" large value={classId} onChange={(e) => setClassId(e.target.value)}>
                {(classes.data?.items ?? []).map((c) => (
                  <option key={c.classId} value={c.classId}>
                    {t('ye.classOption', { name: c.className, total: c.total })}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('ye.sort')} labelFor="ye-sort">
              <HTMLSelect id="ye-sort" large value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
                {(['roll', 'name', 'result', 'attendance'] as const).map((s) => (
                  <option key={s} value={s}>
                    {t(`ye.sort.${s}` as MessageId)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </div>
          {currentClass ? (
            <p className="ye-muted" data-testid="promotion-targets">
              {currentClass.targets.map((x) => t('ye.targetTotal', { name: `${x.className} ${x.sectionName}`, count: x.count })).join(' · ')}
            </p>
          ) : null}

          {draft && currentClass && currentClass.counts.promote > 0 ? (
            <div className="ye-bulk" data-testid="promotion-allocate">
              <HTMLSelect large aria-label={t('ye.allocate')} value={allocation} onChange={(e) => setAllocation(e.target.value as PromotionAllocation)}>
                {PROMOTION_ALLOCATIONS.map((m) => (
                  <option key={m} value={m}>
                    {t(`ye.allocate.${m}` as MessageId)}
                  </option>
                ))}
              </HTMLSelect>
              <Button className="ye-touch" icon="layout-grid" text={t('ye.allocate.go')} loading={allocating.isLoading} onClick={() => void allocateSections()} data-testid="promotion-allocate-button" />
            </div>
          ) : null}
          {draft ? (
            <div className="ye-bulk" data-testid="promotion-bulk">
              <Button className="ye-touch" icon="arrow-up" text={t('ye.promoteAll')} loading={patching.isLoading} onClick={() => void change(items.filter((l) => l.decision !== 'passed_out' && l.fromClassName !== l.targetClassName).map((l) => ({ studentId: l.studentId, decision: 'promote' as const })))} />
              <InputGroup className="ye-reason" large placeholder={t('ye.reason')} aria-label={t('ye.reason')} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
              <Button className="ye-touch" icon="hand" text={t('ye.detainSelected', { count: chosen.length })} disabled={chosen.length === 0 || !reason.trim()} onClick={() => void change(chosen.map((l) => ({ studentId: l.studentId, decision: 'detain' as const, reason: reason.trim() })))} data-testid="promotion-detain" />
              <Button className="ye-touch" icon="log-out" text={t('ye.leftSelected', { count: chosen.length })} disabled={chosen.length === 0 || !reason.trim()} onClick={() => void change(chosen.map((l) => ({ studentId: l.studentId, decision: 'left' as const, reason: reason.trim() })))} />
              <HTMLSelect large aria-label={t('ye.moveTo')} value={section} onChange={(e) => setSection(e.target.value)}>
                <option value="">{t('ye.moveTo')}</option>
                {(targets.data?.items ?? []).map((s) => (
                  <option key={s.sectionId} value={s.sectionId}>
                    {`${s.className} ${s.sectionName}`}
                  </option>
                ))}
              </HTMLSelect>
              <Button
                className="ye-touch"
                icon="swap-horizontal"
                text={t('ye.move', { count: chosen.length })}
                disabled={chosen.length === 0 || !section}
                onClick={() => {
                  const target = targets.data?.items.find((s) => s.sectionId === section);
                  if (!target) return;
                  const decision: PromotionDecision = target.className === currentClass?.className ? 'detain' : 'promote';
                  if (decision === 'detain' && !reason.trim()) return toastError(t('ye.error.reasonNeeded'));
                  void change(chosen.map((l) => ({ studentId: l.studentId, decision, targetSectionId: section, ...(decision === 'detain' ? { reason: reason.trim() } : {}) })));
                }}
              />
            </div>
          ) : null}

          {lines.isFetching ? <Spinner size={20} /> : null}
          <div className="ye-table-wrap">
            <HTMLTable compact striped data-testid="promotion-lines">
              <thead>
                <tr>
                  {draft ? <th aria-label={t('ye.select')} /> : null}
                  <th>{t('ye.col.student')}</th>
                  <th>{t('ye.col.attendance')}</th>
                  <th>{t('ye.col.result')}</th>
                  <th>{t('ye.col.decision')}</th>
                  <th className="ye-hide-narrow">{t('ye.col.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((l) => (
                  <tr key={l.studentId} className={l.flags.length > 0 ? 'ye-flagged' : undefined}>
                    {draft ? (
                      <td>
                        <Checkbox className="ye-check" checked={selected.has(l.studentId)} disabled={l.alreadyEnrolled} onChange={() => toggle(l.studentId)} aria-label={l.name} />
                      </td>
                    ) : null}
                    <td>
                      <strong>{l.name}</strong>
                      <div className="ye-muted">
                        {`${l.fromClassName} ${l.fromSectionName}`}
                        {l.rollNumber !== null ? ` · ${t('ye.roll', { roll: l.rollNumber })}` : ''}
                      </div>
                      {l.flags.map((f) => (
                        <Tag key={f} minimal intent="danger" className="ye-flag">
                          {t(`ye.flag.${f}` as MessageId)}
                        </Tag>
                      ))}
                      {l.alreadyEnrolled ? <Tag minimal intent="primary">{t('ye.alreadyEnrolled')}</Tag> : null}
                    </td>
                    <td>{l.attendancePercent === null ? '—' : `${l.attendancePercent}%`}</td>
                    <td>{l.resultGrade ?? '—'}</td>
                    <td>
                      {decisionOf(l)}
                      {l.targetClassName ? <div className="ye-muted">{`${l.targetClassName} ${l.targetSectionName ?? ''}`}</div> : null}
                    </td>
                    <td className="ye-hide-narrow">{l.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>

          {draft ? (
            <div className="ye-panel">
              <h2>{t('ye.apply.title')}</h2>
              <div className="ye-row">
                <FormGroup label={t('ye.apply.percent')} labelFor="ye-percent">
                  <NumericInput id="ye-percent" large min={0} max={50} value={percent} onValueChange={(v) => setPercent(Number.isFinite(v) ? Math.min(50, Math.max(0, v)) : 0)} />
                </FormGroup>
                <Checkbox className="ye-check" large checked={renumber} label={t('ye.apply.renumber')} onChange={() => setRenumber(!renumber)} />
                <Checkbox className="ye-check" large checked={copyTimetable} label={t('ye.apply.timetable')} onChange={() => setCopyTimetable(!copyTimetable)} />
              </div>
              <div className="ye-bulk">
                <Button className="ye-touch" icon="eye-open" text={t('ye.apply.preview')} loading={preview.isFetching} onClick={() => {
                    setPreviewShown(true);
                    void loadPreview({ schoolId, promotionId, feeIncreasePercent: percent });
                  }} data-testid="promotion-preview-button" />
                <Button className="ye-touch" intent="primary" icon="tick" text={t('ye.apply.go')} loading={applying.isLoading || !!jobId} onClick={() => void startApply()} data-testid="promotion-apply" />
              </div>
              {previewShown && preview.data && !preview.isFetching ? <PreviewPanel preview={preview.data.preview} copyTimetable={copyTimetable} /> : null}
            </div>
          ) : null}
          {jobId || promotion.status === 'applying' ? (
            <div className="ye-panel" data-testid="promotion-progress">
              <p>{t('ye.apply.running')}</p>
              <ProgressBar value={(job.data?.progress ?? 0) / 100} intent="primary" />
            </div>
          ) : null}
          {promotion.result && promotion.status === 'applied' ? <ResultPanel result={promotion.result} fromYear={promotion.fromYear} toYear={promotion.toYear} /> : null}
          {promotion.status !== 'draft' ? (
            <div className="ye-bulk">
              <Button className="ye-touch" intent="danger" icon="undo" text={t('ye.undo')} loading={reverting.isLoading} onClick={() => void undo()} data-testid="promotion-undo" />
              <span className="ye-muted">{t('ye.undoHint')}</span>
            </div>
          ) : null}
        </>
      ) : null}
      {promotions.isError ? <Callout intent="danger">{t('ye.error.generic')}</Callout> : null}
    </section>
  );
}
