import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import type { ReconciliationLine } from '@vidyalaya/shared/online-payments';
import { useState } from 'react';
import { fetchFile } from '../../../lib/api/files';
import { formatDate, formatMoney, todayInIST } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { reconciliationXlsxPath, useReconciliationQuery } from '../api/online-payments-api';
import { useLanguage, useT, type MessageId } from '../i18n';
import './online-payments.css';
import { ReportError, ReportPeriod } from './report-period';

const STATUS_INTENT: Record<string, 'success' | 'warning' | 'danger' | 'none'> = { captured: 'success', refunded: 'warning', authorized: 'warning', failed: 'danger' };

/**
 * The accountant's reconciliation on the payments page: the online receipts of a period (default
 * today) against what the gateway took for the school's orders, each line with its receipt, the
 * gateway's payment id, both amounts, the gateway's status and what is wrong; the totals; an Excel
 * workbook of the same (`…/online-payments/reconciliation?from=&to=&format=xlsx`).
 */
export function ReconciliationSection(props: { schoolId: string }) {
  const t = useT();
  const language = useLanguage();
  const money = (p: number | null) => (p === null ? '—' : formatMoney(p, language));
  const [from, setFrom] = useState(todayInIST());
  const [to, setTo] = useState(todayInIST());
  const valid = !!from && !!to && from <= to;
  const report = useReconciliationQuery({ schoolId: props.schoolId, from, to }, { skip: !valid });
  const r = report.data;

  async function download() {
    try {
      const url = URL.createObjectURL(await fetchFile(reconciliationXlsxPath(props.schoolId, from, to)));
      const a = document.createElement('a');
      a.href = url;
      a.download = `online-reconciliation-${from}-to-${to}.xlsx`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toastError(t('recon.loadFailed'));
    }
  }

  const issues = (l: ReconciliationLine) =>
    l.issues.length === 0 ? (
      <Tag intent="success" minimal>
        {t('recon.matched')}
      </Tag>
    ) : (
      l.issues.map((i) => (
        <Tag key={i} intent="danger" className="op-issue">
          {t(`recon.issue.${i}` as MessageId)}
        </Tag>
      ))
    );

  return (
    <section aria-labelledby="op-recon" data-testid="reconciliation">
      <h2 id="op-recon">{t('recon.title')}</h2>
      <p className="op-muted">{t('recon.intro')}</p>
      <ReportPeriod id="op-recon" from={from} to={to} onFrom={setFrom} onTo={setTo}>
        <Button className="op-touch op-export" icon="download" disabled={!valid || !r} onClick={() => void download()} text={t('recon.export')} />
      </ReportPeriod>
      {report.isFetching ? <Spinner size={20} /> : null}
      {valid && report.isError ? <ReportError error={report.error} /> : null}
      {r ? (
        <>
          <dl className="op-recon-totals" data-testid="recon-totals">
            <div>
              <dt>{t('recon.receipts')}</dt>
              <dd>{t('recon.countAmount', { count: r.totals.receipts, amount: money(r.totals.receiptPaise) })}</dd>
            </div>
            <div>
              <dt>{t('recon.captured')}</dt>
              <dd>{t('recon.countAmount', { count: r.totals.captured, amount: money(r.totals.capturedPaise) })}</dd>
            </div>
            <div className={r.totals.mismatches > 0 ? 'op-strong op-danger' : 'op-strong'}>
              <dt>{t('recon.mismatches')}</dt>
              <dd data-testid="recon-mismatches">{r.totals.mismatches}</dd>
            </div>
          </dl>
          {r.lines.length === 0 ? <p>{t('recon.empty')}</p> : null}
          {r.lines.length > 0 ? (
            <ul className="op-recon-lines" data-testid="recon-lines">
              {r.lines.map((l) => (
                <li key={`${l.receiptId ?? ''}${l.gatewayPaymentId}`} className={l.issues.length > 0 ? 'op-instalment op-recon-bad' : 'op-instalment'} data-issues={l.issues.join(' ') || 'none'}>
                  <div className="op-recon-head">
                    <strong>{l.receiptNumber ? `${t('recon.receipt')} ${l.receiptNumber}` : t('recon.noReceipt')}</strong>
                    {l.receiptStatus === 'cancelled' ? <Tag minimal>{t('recon.cancelled')}</Tag> : null}
                    <span className="op-muted">{l.paidOn ? formatDate(l.paidOn) : ''}</span>
                  </div>
                  <p className="op-muted op-recon-ids">
                    {l.studentName ?? ''} · <code>{l.gatewayPaymentId}</code>
                  </p>
                  <HTMLTable compact className="op-recon-amounts">
                    <tbody>
                      <tr>
                        <th scope="row">{t('recon.receiptAmount')}</th>
                        <td>{money(l.receiptAmountPaise)}</td>
                      </tr>
                      <tr>
                        <th scope="row">{t('recon.gatewayAmount')}</th>
                        <td>
                          {money(l.gatewayAmountPaise)}{' '}
                          <Tag minimal intent={l.gatewayStatus ? (STATUS_INTENT[l.gatewayStatus] ?? 'none') : 'danger'}>
                            {l.gatewayStatus ? t(`recon.status.${l.gatewayStatus in STATUS_INTENT ? l.gatewayStatus : 'other'}` as MessageId) : t('recon.status.notFound')}
                          </Tag>
                        </td>
                      </tr>
                    </tbody>
                  </HTMLTable>
                  <div className="op-recon-issues">{issues(l)}</div>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
