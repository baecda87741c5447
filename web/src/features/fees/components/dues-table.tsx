import { HTMLTable, Tag } from '@blueprintjs/core';
import type { StudentFees } from '@vidyalaya/shared/fees';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { useLanguage, useT, type MessageId } from '../i18n';

/** The closing year of a promotion's carried instalment (`Arrears 2026-27`), shown in the page's language. */
const arrearsYear = (name: string): string | null => /^Arrears (\d{4}-\d{2})$/.exec(name)?.[1] ?? null;

/**
 * A student's dues per instalment: amount, concession, late fee, paid, balance, and the totals.
 * `narrow="hide"` drops the first three money columns on a phone (the counter); `narrow="scroll"`
 * keeps every column and lets the table scroll sideways in its frame (the profile's fee tab).
 */
export function DuesTable(props: { fees: StudentFees; narrow: 'hide' | 'scroll' }) {
  const t = useT();
  const language = useLanguage();
  const f = props.fees;
  const money = (p: number) => formatMoney(p, language);
  const instalmentName = (name: string) => {
    const year = arrearsYear(name);
    return year ? t('fees.counter.arrears', { year }) : name;
  };
  const narrow = props.narrow === 'hide';
  const hide = narrow ? 'fees-num fees-hide-narrow' : 'fees-num';
  // On a phone the counter keeps Instalment | Paid | Balance: the due date goes under the name, so the balance is never cut off.
  const dueCol = narrow ? 'fees-hide-narrow' : undefined;
  return (
    <div className="fees-table-wrap" tabIndex={0} role="region" aria-label={t('fees.counter.dues', { name: f.studentName })}>
      <HTMLTable compact striped className="fees-dues-table">
        <thead>
          <tr>
            <th>{t('fees.counter.instalment')}</th>
            <th className={dueCol}>{t('fees.counter.dueOn')}</th>
            <th className={hide}>{t('fees.counter.amount')}</th>
            <th className={hide}>{t('fees.counter.concession')}</th>
            <th className={hide}>{t('fees.counter.lateFee')}</th>
            <th className="fees-num">{t('fees.counter.paid')}</th>
            <th className="fees-num">{t('fees.counter.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {f.instalments.map((i) => (
            <tr key={i.instalmentId}>
              <td className="fees-instalment">
                {instalmentName(i.name)}{' '}
                <Tag minimal intent={i.status === 'paid' ? 'success' : i.status === 'overdue' ? 'danger' : i.status === 'partly_paid' ? 'warning' : 'none'}>
                  {t(`fees.counter.status.${i.status}` as MessageId)}
                </Tag>
                {narrow ? <small className="fees-show-narrow">{formatDate(i.dueOn)}</small> : null}
              </td>
              <td className={dueCol}>{formatDate(i.dueOn)}</td>
              <td className={hide}>{money(i.amount)}</td>
              <td className={hide}>{money(i.concession)}</td>
              <td className={hide}>{money(i.lateFee)}</td>
              <td className="fees-num">{money(i.paid)}</td>
              <td className="fees-num">{money(i.balance)}</td>
            </tr>
          ))}
          <tr className="fees-totals">
            <td>{t('fees.counter.total')}</td>
            <td className={dueCol} />
            <td className={hide}>{money(f.totals.amount)}</td>
            <td className={hide} data-testid="fees-concession">
              {money(f.totals.concession)}
            </td>
            <td className={hide}>{money(f.totals.lateFee)}</td>
            <td className="fees-num">{money(f.totals.paid)}</td>
            <td className="fees-num" data-testid="fees-balance">
              {money(f.totals.balance)}
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      {(f.advance ?? 0) > 0 ? (
        // An online payment for dues paid meanwhile (issue 32): kept on the account, never lost.
        <p className="fees-advance" data-testid="fees-advance">
          {t('fees.counter.advanceHeld', { amount: money(f.advance ?? 0) })}
        </p>
      ) : null}
    </div>
  );
}
