import { Button, Callout, FormGroup, HTMLTable, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate, formatMoney, todayInIST } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { defaultersXlsxPath, fileUrl, useDefaultersQuery } from '../api/fees-api';
import { FeesShell } from '../components/fees-shell';
import { useLanguage, useT } from '../i18n';
import { DateInput } from '../../../components/date-input';

/** The defaulters as on a date: what each student owes, largest first; an Excel download. */
export function Component() {
  const t = useT();
  const language = useLanguage();
  const { schoolId } = useSchool();
  const [asOf, setAsOf] = useState(todayInIST());
  const [page, setPage] = useState(1);
  const list = useDefaultersQuery({ schoolId, asOf, page }, { skip: !asOf });
  const money = (p: number) => formatMoney(p, language);
  const d = list.data;

  async function download() {
    try {
      const url = await fileUrl(defaultersXlsxPath(schoolId, asOf));
      const a = document.createElement('a');
      a.href = url;
      a.download = `defaulters-${asOf}.xlsx`;
      a.click();
    } catch {
      toastError(t('fees.loadFailed'));
    }
  }

  return (
    <FeesShell>
      <div className="fees-form">
        <FormGroup label={t('fees.defaulters.asOf')} labelFor="fees-as-of">
          <DateInput
            id="fees-as-of"
            value={asOf}
            onChange={(d) => {
              if (!d) return;
              setAsOf(d);
              setPage(1);
            }}
          />
        </FormGroup>
        <Button icon="download" onClick={() => void download()} text={t('fees.defaulters.export')} />
      </div>
      {list.isFetching ? <Spinner size={20} /> : null}
      {list.isError ? <Callout intent="danger">{t('fees.loadFailed')}</Callout> : null}
      {d ? (
        <section className="fees-section">
          <p data-testid="defaulters-summary">{d.total === 0 ? t('fees.defaulters.empty') : t('fees.defaulters.totalDue', { count: d.total, amount: money(d.totalBalance) })}</p>
          {d.total > 0 ? (
            <div className="fees-table-wrap">
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th>{t('fees.dayBook.student')}</th>
                    <th>{t('fees.defaulters.class')}</th>
                    <th className="fees-hide-narrow">{t('fees.defaulters.phone')}</th>
                    <th className="fees-hide-narrow">{t('fees.defaulters.oldestDue')}</th>
                    <th className="fees-num">{t('fees.counter.balance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((x) => (
                    <tr key={x.studentId}>
                      <td>
                        {x.studentName}
                        <br />
                        <small>{t('fees.counter.admissionNo', { number: x.admissionNumber })}</small>
                      </td>
                      <td>{[x.className, x.sectionName].filter(Boolean).join(' ')}</td>
                      <td className="fees-hide-narrow">{x.guardianPhone}</td>
                      <td className="fees-hide-narrow">
                        {formatDate(x.oldestDueOn)}
                        <br />
                        <small>{t('fees.defaulters.instalmentsCount', { count: x.overdueInstalments })}</small>
                      </td>
                      <td className="fees-num">{money(x.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          ) : null}
          <div className="fees-actions">
            {page > 1 ? <Button onClick={() => setPage(page - 1)} text={t('fees.defaulters.prev')} /> : null}
            {page * d.pageSize < d.total ? <Button onClick={() => setPage(page + 1)} text={t('fees.defaulters.next')} /> : null}
          </div>
        </section>
      ) : null}
    </FeesShell>
  );
}
