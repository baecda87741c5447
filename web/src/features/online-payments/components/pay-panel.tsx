import { Button, Callout, Checkbox, Tag } from '@blueprintjs/core';
import type { InstalmentDue } from '@vidyalaya/shared/fees';
import type { PaymentConfirmation, PaymentOrder } from '@vidyalaya/shared/online-payments';
import { useMemo, useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../i18n';
import { payWithCheckout } from './checkout';
import './online-payments.css';

/**
 * Paying online: the instalments with something left to pay (those due first, ticked), each one's
 * breakdown (amount, concession, late fee, to pay), the total, and "Pay online", which asks the
 * server for an order (the amount is the server's), opens the gateway's Checkout and sends its
 * answer back to be recorded; then the receipt's number. Used by the guardian's page and the pay link.
 */
export function PayPanel(props: {
  schoolName: string;
  studentName: string;
  asOf: string;
  instalments: InstalmentDue[];
  testMode: boolean;
  open: (instalmentIds: string[]) => Promise<PaymentOrder>;
  confirm: (order: PaymentOrder, body: { gatewayPaymentId: string; signature: string }) => Promise<PaymentConfirmation>;
}) {
  const t = useT();
  const language = useLanguage();
  const money = (p: number) => formatMoney(p, language);
  const payable = useMemo(() => props.instalments.filter((i) => i.balance > 0), [props.instalments]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(payable.filter((i) => i.dueOn <= props.asOf).map((i) => i.instalmentId)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<PaymentConfirmation | null>(null);
  const total = payable.filter((i) => chosen.has(i.instalmentId)).reduce((s, i) => s + i.balance, 0);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const order = await props.open([...chosen]);
      const answer = await payWithCheckout(order, { name: props.schoolName, description: t('pay.description', { name: props.studentName }) });
      if (answer) setDone(await props.confirm(order, answer));
    } catch (err) {
      const code = (err as { data?: { error?: { code?: string } } })?.data?.error?.code;
      setError(code === 'GATEWAY_UNAVAILABLE' ? t('pay.unavailable') : code === 'NOTHING_DUE' ? t('pay.nothingDue') : t('pay.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Callout intent="success" className="op-done" data-testid="pay-done" role="status">
        <p>{t('pay.done', { amount: money(done.receipt.amountPaise) })}</p>
        <p data-testid="pay-receipt-number">{t('pay.receiptNumber', { number: done.receipt.number })}</p>
        {done.order.advancePaise > 0 ? <p>{t('pay.advance', { amount: money(done.order.advancePaise) })}</p> : null}
      </Callout>
    );
  }
  if (payable.length === 0) return <p data-testid="pay-nothing-due">{t('pay.allPaid')}</p>;
  return (
    <div className="op-pay" data-testid="pay-panel">
      {props.testMode ? (
        <Tag intent="warning" className="op-test-badge">
          {t('gateway.testMode')}
        </Tag>
      ) : null}
      <ul className="op-instalments">
        {payable.map((i) => {
          const late = Math.max(0, i.lateFee - i.lateFeePaid);
          return (
            <li key={i.instalmentId} className="op-instalment">
              <Checkbox
                className="op-touch"
                checked={chosen.has(i.instalmentId)}
                onChange={() => {
                  const next = new Set(chosen);
                  if (next.has(i.instalmentId)) next.delete(i.instalmentId);
                  else next.add(i.instalmentId);
                  setChosen(next);
                }}
                labelElement={
                  <span>
                    <strong>{i.name}</strong> · {t('pay.dueOn', { date: formatDate(i.dueOn) })}
                  </span>
                }
              />
              <dl className="op-breakdown">
                <div>
                  <dt>{t('pay.amount')}</dt>
                  <dd>{money(i.amount)}</dd>
                </div>
                {i.concession > 0 ? (
                  <div>
                    <dt>{t('pay.concession')}</dt>
                    <dd>−{money(i.concession)}</dd>
                  </div>
                ) : null}
                {i.paid > 0 ? (
                  <div>
                    <dt>{t('pay.paid')}</dt>
                    <dd>−{money(i.paid)}</dd>
                  </div>
                ) : null}
                {late > 0 ? (
                  <div>
                    <dt>{t('pay.lateFee')}</dt>
                    <dd>{money(late)}</dd>
                  </div>
                ) : null}
                <div className="op-strong">
                  <dt>{t('pay.toPay')}</dt>
                  <dd>{money(i.balance)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
      <p className="op-total" data-testid="pay-total">
        {t('pay.total', { amount: money(total) })}
      </p>
      {error ? (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      ) : null}
      <Button intent="primary" large fill className="op-touch" icon="credit-card" loading={busy} disabled={total <= 0} onClick={() => void pay()} data-testid="pay-online">
        {t('pay.button', { amount: money(total) })}
      </Button>
      <p className="op-muted">{t('pay.note')}</p>
    </div>
  );
}
