import { Button, Callout, FormGroup, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate, formatMoney, todayInIST } from '../../../lib/i18n/format';
import { useSchool } from '../../../lib/workspace/school-context';
import { toastError } from '../../../lib/toast';
import { dayBookXlsxPath, fileUrl, useDayBookQuery } from '../api/fees-api';
import { FeesShell } from '../components/fees-shell';
import { useLanguage, useT, type MessageId } from '../i18n';
import { DateInput } from '../../../components/date-input';

/**
 * The day book: a day's collections by mode, its receipts, its cancellations and the totals; printed
 * on its own (the print stylesheet leaves the navigation and buttons out, fees.css) or downloaded as
 * an Excel workbook (`…/fees/day-book?date=&format=xlsx`).
 */
export function Component() {
  const t = useT();
  const language = useLanguage();
  const { schoolId } = useSchool();
  const [date, setDate] = useState(todayInIST());
  const book = useDayBookQuery({ schoolId, date }, { skip: !date });
  const money = (p: number) => formatMoney(p, language);
  const d = book.data;

  async function download() {
    try {
      const url = await fileUrl(dayBookXlsxPath(schoolId, date));
      const a = document.createElement('a');
      a.href = url;
      a.download = `day-book-${date}.xlsx`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toastError(t('fees.loadFailed'));
    }
  }

  return (
    <FeesShell>
      <div className="fees-form fees-no-print">
        <FormGroup label={t('fees.dayBook.date')} labelFor="fees-day">
          <DateInput id="fees-day" value={date} onChange={(d) => d && setDate(d)} />
        </FormGroup>
        <div className="fees-actions">
          <Button icon="print" disabled={!d} onClick={() => window.print()} text={t('fees.dayBook.print')} />
          <Button icon="download" disabled={!date} onClick={() => void download()} text={t('fees.dayBook.export')} />
        </div>
      </div>
      {book.isFetching ? <Spinner size={20} /> : null}
      {book.isError ? <Callout intent="danger">{t('fees.loadFailed')}</Callout> : null}
      {d ? (
        <div className="fees-printable" data-testid="day-book">
          <h2 className="fees-print-title">{t('fees.dayBook.printedTitle', { date: formatDate(d.date) })}</h2>
          <section className="fees-section" aria-labelledby="fees-by-mode">
            <h2 id="fees-by-mode">{t('fees.dayBook.byMode')}</h2>
            {d.receipts.length === 0 && d.cancellations.length === 0 ? <p>{t('fees.dayBook.empty')}</p> : null}
            <div className="fees-table-wrap">
              <HTMLTable compact striped>
                <tbody>
                  {d.collections.map((c) => (
                    <tr key={c.mode}>
                      <td>{t(`fees.mode.${c.mode}` as MessageId)}</td>
                      <td className="fees-num">
                        {c.count} {t('fees.dayBook.count')}
                      </td>
                      <td className="fees-num">{money(c.amount)}</td>
                    </tr>
                  ))}
                  <tr className="fees-totals">
                    <td>{t('fees.dayBook.total')}</td>
                    <td className="fees-num">{d.totals.count}</td>
                    <td className="fees-num" data-testid="day-book-total">
                      {money(d.totals.amount)}
                    </td>
                  </tr>
                </tbody>
              </HTMLTable>
            </div>
          </section>
          <section className="fees-section" aria-labelledby="fees-day-receipts">
            <h2 id="fees-day-receipts">{t('fees.dayBook.receipts')}</h2>
            <div className="fees-table-wrap">
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th>{t('fees.dayBook.number')}</th>
                    <th>{t('fees.dayBook.student')}</th>
                    <th className="fees-hide-narrow">{t('fees.counter.mode')}</th>
                    <th className="fees-num">{t('fees.counter.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.receipts.map((r) => (
                    <tr key={r.id}>
                      <td>
                        {r.number} {r.status === 'cancelled' ? <Tag intent="danger">{t('fees.counter.cancelled')}</Tag> : null}
                      </td>
                      <td>{r.studentName}</td>
                      <td className="fees-hide-narrow">
                        {t(`fees.mode.${r.mode}` as MessageId)}
                        {r.reference ? ` · ${r.reference}` : ''}
                      </td>
                      <td className="fees-num">{money(r.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </section>
          {d.cancellations.length > 0 ? (
            <section className="fees-section" aria-labelledby="fees-cancellations">
              <h2 id="fees-cancellations">{t('fees.dayBook.cancellations')}</h2>
              <div className="fees-table-wrap">
                <HTMLTable compact>
                  <tbody>
                    {d.cancellations.map((c) => (
                      <tr key={c.receiptId}>
                        <td>{c.number}</td>
                        <td>{formatDate(c.paidOn)}</td>
                        <td>{c.reason}</td>
                        <td className="fees-num">{money(c.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            </section>
          ) : null}
        </div>
      ) : null}
    </FeesShell>
  );
}
