import { HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { addDays } from '@vidyalaya/shared';
import { type SettlementLine } from '@vidyalaya/shared/online-payments';
import { useState } from 'react';
import { formatDate, formatMoney, todayInIST } from '../../../lib/i18n/format';
import { useSettlementsQuery } from '../api/online-payments-api';
import { useLanguage, useT, type MessageId } from '../i18n';
import { ReportError, ReportPeriod } from './report-period';
import './online-payments.css';

/**
 * The accountant's bank transfers from the gateway (`…/online-payments/settlements?from=&to=`,
 * default the last seven days: Razorpay pays out two working days after a payment): each transfer
 * with its UTR, what reached the bank, the payments credited and refunds taken back, the fee Razorpay
 * kept, and each line beside its receipt with what is wrong.
 */
export function SettlementsSection(props: { schoolId: string }) {
  const t = useT();
  const language = useLanguage();
  const money = (p: number) => formatMoney(p, language);
  const [to, setTo] = useState(todayInIST());
  const [from, setFrom] = useState(addDays(todayInIST(), -6));
  const valid = !!from && !!to && from <= to;
  const report = useSettlementsQuery({ schoolId: props.schoolId, from, to }, { skip: !valid });
  const r = report.data;

  const issues = (l: SettlementLine) =>
    l.issues.map((i) => (
      <Tag key={i} intent="danger" className="op-issue">
        {t(`settle.issue.${i}` as MessageId)}
      </Tag>
    ));

  return (
    <section aria-labelledby="op-settle" data-testid="settlements">
      <h2 id="op-settle">{t('settle.title')}</h2>
      <p className="op-muted">{t('settle.intro')}</p>
      <ReportPeriod id="op-settle" from={from} to={to} onFrom={setFrom} onTo={setTo} />
      {report.isFetching ? <Spinner size={20} /> : null}
      {valid && report.isError ? <ReportError error={report.error} /> : null}
      {r ? (
        <>
          <dl className="op-recon-totals" data-testid="settle-totals">
            <div>
              <dt>{t('settle.transfers')}</dt>
              <dd>{r.totals.settlements}</dd>
            </div>
            <div className="op-strong">
              <dt>{t('settle.net')}</dt>
              <dd>{money(r.totals.netPaise)}</dd>
            </div>
            <div>
              <dt>{t('settle.fee')}</dt>
              <dd>{money(r.totals.feePaise)}</dd>
            </div>
            <div className={r.totals.mismatches > 0 ? 'op-strong op-danger' : 'op-strong'}>
              <dt>{t('recon.mismatches')}</dt>
              <dd>{r.totals.mismatches}</dd>
            </div>
          </dl>
          {r.settlements.length === 0 ? <p>{t('settle.empty')}</p> : null}
          <ul className="op-recon-lines">
            {r.settlements.map((s) => (
              <li key={s.settlementId} className="op-instalment" data-testid="settlement">
                <div className="op-recon-head">
                  <strong>{t('settle.transfer', { date: formatDate(s.settledOn) })}</strong>
                  <span className="op-muted op-recon-ids">
                    {t('settle.utr')} <code>{s.utr ?? '—'}</code>
                  </span>
                </div>
                <HTMLTable compact className="op-recon-amounts">
                  <tbody>
                    <tr>
                      <th scope="row">{t('settle.credit')}</th>
                      <td>{money(s.creditPaise)}</td>
                    </tr>
                    {s.debitPaise > 0 ? (
                      <tr>
                        <th scope="row">{t('settle.debit')}</th>
                        <td>{money(s.debitPaise)}</td>
                      </tr>
                    ) : null}
                    <tr>
                      <th scope="row">{t('settle.fee')}</th>
                      <td>
                        {money(s.feePaise)} <span className="op-muted">({t('settle.tax')} {money(s.taxPaise)})</span>
                      </td>
                    </tr>
                    <tr>
                      <th scope="row">{t('settle.net')}</th>
                      <td>
                        <strong>{money(s.netPaise)}</strong>
                      </td>
                    </tr>
                  </tbody>
                </HTMLTable>
                <ul className="op-recon-lines">
                  {s.lines.map((l) => (
                    <li key={l.gatewayEntityId} className={l.issues.length > 0 ? 'op-recon-bad op-settle-line' : 'op-settle-line'} data-issues={l.issues.join(' ') || 'none'}>
                      <div className="op-recon-head">
                        <strong>{l.receiptNumber ? `${t('recon.receipt')} ${l.receiptNumber}` : t('recon.noReceipt')}</strong>
                        {l.receiptStatus === 'cancelled' ? <Tag minimal>{t('recon.cancelled')}</Tag> : null}
                        <Tag minimal intent={l.type === 'refund' ? 'warning' : 'none'}>
                          {t(l.type === 'refund' ? 'settle.refund' : 'settle.payment')}
                        </Tag>
                        <span>{l.type === 'refund' ? `− ${money(l.debitPaise)}` : money(l.creditPaise)}</span>
                      </div>
                      <p className="op-muted op-recon-ids">
                        {l.studentName ?? ''} · <code>{l.gatewayEntityId}</code>
                      </p>
                      {l.issues.length > 0 ? <div className="op-recon-issues">{issues(l)}</div> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
