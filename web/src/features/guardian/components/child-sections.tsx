import { Button, Callout, Card, FormGroup, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { ATTENDANCE_THRESHOLD, type AttendanceStatus } from '@vidyalaya/shared/attendance';
import { subjectMarksText, type MarkValue, type ReportCardTerm } from '@vidyalaya/shared/exams';
import { type InstalmentDue, type Receipt } from '@vidyalaya/shared/fees';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney, todayInIST } from '../../../lib/i18n/format';
import { DownloadError, downloadFile, guardianApi, receiptPdfPath, reportCardPath } from '../api/guardian-api';
import { useLanguage, useT, type MessageId } from '../i18n';
import { useLocalName } from '../../../lib/i18n/local-name';

const STATUS_INTENT: Record<AttendanceStatus, Intent> = { present: 'success', absent: 'danger', late: 'warning', half_day: 'warning', leave: 'none' };

/** Today's mark, this month's days and the running percentage against the 75 % the board asks for. */
export function AttendanceSection(props: { schoolId: string; studentId: string }) {
  const t = useT();
  const q = guardianApi.useChildAttendanceQuery({ schoolId: props.schoolId, studentId: props.studentId });
  const today = todayInIST();
  const a = q.data?.attendance;
  const month = a?.months.find((m) => m.month === today.slice(0, 7)) ?? a?.months[a.months.length - 1];
  const todayMark = a?.months.find((m) => m.month === today.slice(0, 7))?.days[today];
  const pct = a?.percentage ?? null;
  return (
    <Card className="gd-card" data-slot="attendance" data-testid="child-attendance">
      <h2>{t('slot.attendance.title')}</h2>
      {q.isError ? <Callout intent="danger">{t('attendance.loadFailed')}</Callout> : null}
      {a ? (
        <>
          <dl className="gd-facts">
            <div>
              <dt>{t('attendance.today')}</dt>
              <dd data-testid="attendance-today">
                {todayMark ? <Tag intent={STATUS_INTENT[todayMark]}>{t(`attendance.status.${todayMark}` as MessageId)}</Tag> : t('attendance.notMarked')}
              </dd>
            </div>
            <div>
              <dt>{t('attendance.year')}</dt>
              <dd data-testid="attendance-percentage">
                {pct === null ? (
                  t('attendance.noDays')
                ) : (
                  <Tag intent={pct >= ATTENDANCE_THRESHOLD ? 'success' : 'danger'}>{t('attendance.percent', { pct: pct.toFixed(1) })}</Tag>
                )}
              </dd>
            </div>
          </dl>
          <p className="gd-muted">
            {pct !== null && pct < ATTENDANCE_THRESHOLD ? t('attendance.below', { min: ATTENDANCE_THRESHOLD }) : t('attendance.rule', { min: ATTENDANCE_THRESHOLD })}
          </p>
          {month ? (
            <>
              <h3>{t('attendance.month', { month: formatDate(`${month.month}-01`).slice(3) })}</h3>
              <p className="gd-muted">
                {t('attendance.monthTotals', { present: month.totals.present, absent: month.totals.absent, days: month.workingDays })}
              </p>
              <ul className="gd-days" aria-label={t('attendance.days')}>
                {Object.entries(month.days)
                  .sort(([x], [y]) => x.localeCompare(y))
                  .map(([date, status]) => (
                    <li key={date} data-date={date} data-status={status}>
                      <Tag minimal intent={STATUS_INTENT[status]} title={t(`attendance.status.${status}` as MessageId)}>
                        {date.slice(8)} · {t(`attendance.letter.${status}` as MessageId)}
                      </Tag>
                    </li>
                  ))}
              </ul>
            </>
          ) : (
            <p className="gd-muted">{t('attendance.noDays')}</p>
          )}
        </>
      ) : null}
    </Card>
  );
}

/** Marks as the report card prints them: whole numbers plain, halves and quarters to two places. */
const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** One published exam on screen: each subject's marks and grade, then the total, grade and result. */
function PublishedExam(props: { exam: ReportCardTerm }) {
  const t = useT();
  const local = useLocalName();
  const e = props.exam;
  const several = e.components.length > 1;
  const mark = (m: MarkValue | undefined) => (m === 'AB' ? 'AB' : m === null || m === undefined ? '—' : figure(m));
  return (
    <section className="gd-exam" data-testid="published-exam" data-exam={e.examId}>
      <h3>{e.examName}</h3>
      <table className="gd-marks">
        <thead>
          <tr>
            <th scope="col">{t('results.subject')}</th>
            <th scope="col">{t('results.marks')}</th>
            <th scope="col">{t('results.grade')}</th>
          </tr>
        </thead>
        <tbody>
          {e.subjects.map((s) => (
            <tr key={s.subjectId} data-subject={s.subjectName}>
              <th scope="row">
                {local(s.subjectName)}
                {several ? <span className="gd-muted gd-block">{e.components.map((c) => `${c.name} ${mark(s.marks?.[c.name])}`).join(' · ')}</span> : null}
              </th>
              <td data-testid="subject-marks">
                {/* Not entered is —, an absence AB (shared rule): never a zero. */}
                {s.total === null ? '—' : subjectMarksText(s) === 'AB' ? <abbr title={t('results.absent')}>AB</abbr> : `${figure(s.total)} / ${figure(s.max)}`}
              </td>
              <td data-testid="subject-grade">{s.grade ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="gd-facts gd-exam-facts">
        <div>
          <dt>{t('results.total')}</dt>
          <dd data-testid="exam-total">{e.total === null || e.percentage === null ? `${e.total === null ? '—' : figure(e.total)} / ${figure(e.max)}` : t('results.overall', { total: figure(e.total), max: figure(e.max), pct: e.percentage.toFixed(1) })}</dd>
        </div>
        <div>
          <dt>{t('results.grade')}</dt>
          <dd data-testid="exam-grade">{e.grade ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('results.result')}</dt>
          <dd data-testid="exam-result">
            {e.result === null ? <Tag minimal>{t('results.result.incomplete')}</Tag> : <Tag intent={e.result === 'pass' ? 'success' : 'danger'}>{t(`results.result.${e.result}` as MessageId)}</Tag>}
          </dd>
        </div>
        {e.rank !== null ? (
          <div>
            <dt>{t('results.rank')}</dt>
            <dd>{e.rank}</dd>
          </div>
        ) : null}
      </dl>
      {e.remarks ? <p className="gd-muted">{t('results.remarks', { remarks: e.remarks })}</p> : null}
    </section>
  );
}

/**
 * The years a guardian can choose for the marks and the report card: the child's enrolments, newest
 * first (`GET …/students/{id}/enrolments`), each with its class; the current enrolment's year is
 * always there, even before the list has loaded.
 */
function useResultYears(schoolId: string, studentId: string, current: string | null) {
  const local = useLocalName();
  const enrolments = guardianApi.useChildEnrolmentsQuery({ schoolId, studentId });
  return useMemo(() => {
    const years: { value: string; label: string }[] = [];
    for (const e of enrolments.data?.items ?? []) {
      if (!years.some((y) => y.value === e.academicYear)) years.push({ value: e.academicYear, label: `${e.academicYear} · ${local(`${e.className} ${e.sectionName}`)}` });
    }
    if (current && !years.some((y) => y.value === current)) years.unshift({ value: current, label: current });
    return years;
  }, [enrolments.data, current, local]);
}

/**
 * The child's published marks of a year on screen, exam by exam (GET …/published-results, the
 * figures frozen at publication), and that year's report card to download in English or Hindi.
 * The year is the current enrolment's unless the guardian picks another of the child's years.
 * "Nothing published yet" is not an error.
 */
export function ResultsSection(props: { schoolId: string; studentId: string; academicYear: string | null }) {
  const t = useT();
  const [busy, setBusy] = useState<'en' | 'hi' | null>(null);
  const [state, setState] = useState<'idle' | 'unpublished' | 'failed'>('idle');
  const years = useResultYears(props.schoolId, props.studentId, props.academicYear);
  const [picked, setPicked] = useState<string | null>(null);
  const year = picked ?? props.academicYear ?? years[0]?.value ?? null;
  const q = guardianApi.useChildResultsQuery({ schoolId: props.schoolId, studentId: props.studentId, academicYear: year ?? '' }, { skip: !year });
  // The figures of the chosen year only: while another year loads, the last one's are not shown.
  const exams = q.currentData?.results.exams ?? [];
  const selectId = `gd-results-year-${props.studentId}`;
  const download = async (lang: 'en' | 'hi') => {
    if (!year) return;
    setBusy(lang);
    setState('idle');
    try {
      await downloadFile(reportCardPath(props.schoolId, props.studentId, year, lang), `report-card-${year}-${lang}.pdf`);
    } catch (e) {
      setState(e instanceof DownloadError && e.code === 'RESULTS_NOT_PUBLISHED' ? 'unpublished' : 'failed');
    } finally {
      setBusy(null);
    }
  };
  const none = year === props.academicYear ? t('results.none') : t('results.noneForYear', { year: year ?? '' });
  return (
    <Card className="gd-card" data-slot="results" data-testid="child-results">
      <h2>{t('slot.results.title')}</h2>
      {year ? (
        <>
          <FormGroup className="gd-year" label={t('results.year')} labelFor={selectId}>
            <HTMLSelect
              large
              fill
              className="gd-select"
              id={selectId}
              data-testid="results-year"
              value={year}
              onChange={(e) => {
                setPicked(e.target.value);
                setState('idle');
              }}
              options={years}
            />
          </FormGroup>
          {q.isError ? <Callout intent="danger">{t('results.loadFailed')}</Callout> : null}
          {q.currentData && exams.length === 0 ? (
            <Callout className="gd-note" data-testid="results-none-published">
              {none}
            </Callout>
          ) : null}
          {exams.map((e) => (
            <PublishedExam key={e.examId} exam={e} />
          ))}
          <p className="gd-muted">{t('results.intro', { year })}</p>
          <div className="gd-actions">
            <Button className="gd-touch" icon="download" intent="primary" loading={busy === 'en'} onClick={() => void download('en')}>
              {t('results.downloadEn')}
            </Button>
            <Button className="gd-touch" icon="download" loading={busy === 'hi'} onClick={() => void download('hi')}>
              {t('results.downloadHi')}
            </Button>
          </div>
          {state === 'unpublished' ? (
            <Callout className="gd-note" data-testid="results-unpublished">
              {none}
            </Callout>
          ) : null}
          {state === 'failed' ? <Callout intent="danger">{t('results.failed')}</Callout> : null}
        </>
      ) : (
        <p className="gd-muted">{t('results.noYear')}</p>
      )}
    </Card>
  );
}

function UpiQrCode(props: { schoolId: string; studentId: string; instalmentId: string }) {
  const t = useT();
  const language = useLanguage();
  // Asked for only when the school has a UPI ID (DuesSection); any failure: the QR is simply not shown.
  const q = guardianApi.useChildUpiQrQuery(props);
  if (!q.data) return null;
  return (
    <figure className="gd-qr" data-testid="upi-qr">
      <img src={q.data.qr} alt={t('dues.qrAlt', { amount: formatMoney(q.data.amount, language) })} width={180} height={180} />
      <figcaption className="gd-muted">{t('dues.qrHint', { amount: formatMoney(q.data.amount, language) })}</figcaption>
      <a className="gd-link" href={q.data.link}>
        {t('dues.payApp')}
      </a>
    </figure>
  );
}

const INSTALMENT_INTENT: Record<InstalmentDue['status'], Intent> = { paid: 'success', partly_paid: 'warning', overdue: 'danger', due: 'warning', upcoming: 'none' };

function InstalmentRow(props: { schoolId: string; studentId: string; i: InstalmentDue; showQr: boolean }) {
  const t = useT();
  const language = useLanguage();
  const { i } = props;
  const money = (p: number) => formatMoney(p, language);
  return (
    <li className="gd-instalment" data-instalment={i.instalmentId}>
      <div className="gd-row">
        <strong>{i.name}</strong>
        <Tag intent={INSTALMENT_INTENT[i.status]}>{t(`dues.status.${i.status}` as MessageId)}</Tag>
      </div>
      <p className="gd-muted">{t('dues.dueOn', { date: formatDate(i.dueOn) })}</p>
      <dl className="gd-facts">
        <div>
          <dt>{t('dues.amount')}</dt>
          <dd>{money(i.amount)}</dd>
        </div>
        {i.concession > 0 ? (
          <div>
            <dt>{t('dues.concession')}</dt>
            <dd>− {money(i.concession)}</dd>
          </div>
        ) : null}
        {i.lateFee > 0 ? (
          <div>
            <dt>{t('dues.lateFee')}</dt>
            <dd>{money(i.lateFee)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('dues.paid')}</dt>
          <dd>{money(i.paid)}</dd>
        </div>
        <div className="gd-strong">
          <dt>{t('dues.balance')}</dt>
          <dd data-testid="instalment-balance">{money(i.balance)}</dd>
        </div>
      </dl>
      {props.showQr && i.balance > 0 ? <UpiQrCode schoolId={props.schoolId} studentId={props.studentId} instalmentId={i.instalmentId} /> : null}
    </li>
  );
}

function ReceiptRow(props: { schoolId: string; r: Receipt }) {
  const t = useT();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { r } = props;
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(receiptPdfPath(props.schoolId, r.id, language), `receipt-${r.number.replace(/\//g, '-')}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="gd-receipt" data-receipt={r.number}>
      <div>
        <strong>{r.number}</strong>
        <p className="gd-muted">
          {formatDate(r.paidOn)} · {formatMoney(r.amount, language)}
          {r.status === 'cancelled' ? ` · ${t('dues.cancelled')}` : ''}
        </p>
        {failed ? <p className="gd-error">{t('dues.receiptFailed')}</p> : null}
      </div>
      <Button className="gd-touch" icon="download" minimal loading={busy} aria-label={t('dues.downloadReceipt', { number: r.number })} onClick={() => void download()}>
        {t('dues.pdf')}
      </Button>
    </li>
  );
}

/** Each instalment's amount, concession, paid and balance, the UPI QR where the school has one, and the receipts. */
export function DuesSection(props: { schoolId: string; studentId: string }) {
  const t = useT();
  const language = useLanguage();
  const fees = guardianApi.useChildFeesQuery(props);
  const receipts = guardianApi.useChildReceiptsQuery(props);
  const f = fees.data;
  // One QR at a time: for the first instalment with something left to pay, and only where the
  // school has set a UPI ID (asking without one answered 422 on every visit, issue 36).
  const qrFor = !f?.upiAvailable ? undefined : (f.instalments.find((i) => i.balance > 0 && i.status !== 'upcoming')?.instalmentId ?? f.instalments.find((i) => i.balance > 0)?.instalmentId);
  return (
    <Card className="gd-card" data-slot="dues" data-testid="child-dues">
      <h2>{t('slot.dues.title')}</h2>
      {fees.isError ? <Callout intent="danger">{t('dues.loadFailed')}</Callout> : null}
      {f && f.instalments.length === 0 ? <p className="gd-muted">{t('dues.none')}</p> : null}
      {f && f.instalments.length > 0 ? (
        <>
          <dl className="gd-facts">
            <div className="gd-strong">
              <dt>{t('dues.totalBalance')}</dt>
              <dd data-testid="dues-balance">{formatMoney(f.totals.balance, language)}</dd>
            </div>
            {f.totals.overdue > 0 ? (
              <div>
                <dt>{t('dues.overdue')}</dt>
                <dd>{formatMoney(f.totals.overdue, language)}</dd>
              </div>
            ) : null}
            {(f.advance ?? 0) > 0 ? (
              // An online payment for dues already paid (issue 32): kept on the child's account.
              <div>
                <dt>{t('dues.advance')}</dt>
                <dd data-testid="dues-advance">{formatMoney(f.advance ?? 0, language)}</dd>
              </div>
            ) : null}
          </dl>
          <ul className="gd-instalments">
            {f.instalments.map((i) => (
              <InstalmentRow key={i.instalmentId} schoolId={props.schoolId} studentId={props.studentId} i={i} showQr={i.instalmentId === qrFor} />
            ))}
          </ul>
          {f.totals.balance > 0 ? (
            // Online payment (features/online-payments): its own page, by path.
            <Link className="bp6-button bp6-intent-primary gd-touch" to={`/workspace/${props.schoolId}/my-children/${props.studentId}/pay`} data-testid="pay-online-link">
              {t('dues.payOnline')}
            </Link>
          ) : null}
        </>
      ) : null}
      <h3>{t('dues.receipts')}</h3>
      {receipts.data && receipts.data.items.length === 0 ? <p className="gd-muted">{t('dues.noReceipts')}</p> : null}
      {receipts.data && receipts.data.items.length > 0 ? (
        <p className="gd-muted" data-testid="receipt-copy-note">
          {t('dues.receiptCopy')}
        </p>
      ) : null}
      <ul className="gd-receipts">
        {receipts.data?.items.map((r) => (
          <ReceiptRow key={r.id} schoolId={props.schoolId} r={r} />
        ))}
      </ul>
    </Card>
  );
}
