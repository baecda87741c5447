import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { PAYMENT_MODES, type PaymentMode, type Receipt, type StudentListItem } from '@vidyalaya/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { formatDate, formatMoney, todayInIST } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { fetchFile, receiptPdfPath, useFindStudentsQuery, useLazyUpiQrQuery, usePayMutation, useReceiptsQuery, useStudentFeesQuery } from '../api/fees-api';
import { FeesShell } from '../components/fees-shell';
import { parseRupees } from '../components/money';
import { useLanguage, useT, type MessageId } from '../i18n';

/** Opens a receipt's PDF in a new tab (the call carries the sign-in, so it goes through a blob). */
async function openReceipt(schoolId: string, receiptId: string) {
  const url = await fetchFile(receiptPdfPath(schoolId, receiptId));
  window.open(url, '_blank', 'noopener');
}

/** The counter: find a student, see the dues, take a payment, print the receipt. */
export function Component() {
  const t = useT();
  const language = useLanguage();
  const { schoolId } = useSchool();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [student, setStudent] = useState<StudentListItem | null>(null);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(h);
  }, [search]);
  const found = useFindStudentsQuery({ schoolId, search: debounced }, { skip: debounced.length < 2 });

  return (
    <FeesShell>
      <section className="fees-section">
        <FormGroup label={t('fees.counter.search')} labelFor="fees-search" helperText={t('fees.counter.searchHint')}>
          <InputGroup
            id="fees-search"
            type="search"
            leftIcon="search"
            large
            placeholder={t('fees.counter.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </FormGroup>
        {found.isFetching ? <Spinner size={20} /> : null}
        {debounced.length >= 2 && found.data && found.data.items.length === 0 ? <p>{t('fees.counter.noMatch', { search: debounced })}</p> : null}
        {found.data && found.data.items.length > 0 && debounced.length >= 2 ? (
          <ul className="fees-results">
            {found.data.items.map((s) => (
              <li key={s.id}>
                <Button
                  className="fees-result"
                  variant={student?.id === s.id ? 'solid' : 'outlined'}
                  intent={student?.id === s.id ? 'primary' : 'none'}
                  onClick={() => setStudent(s)}
                  text={`${s.name} · ${t('fees.counter.admissionNo', { number: s.admissionNumber })} · ${[s.className, s.sectionName].filter(Boolean).join(' ')}${s.guardianPhone ? ` · ${s.guardianPhone}` : ''}`}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {student ? <StudentDues key={student.id} schoolId={schoolId} student={student} language={language} /> : null}
    </FeesShell>
  );
}

function StudentDues(props: { schoolId: string; student: StudentListItem; language: 'en' | 'hi' }) {
  const t = useT();
  const { schoolId, student, language } = props;
  const fees = useStudentFeesQuery({ schoolId, studentId: student.id });
  const receipts = useReceiptsQuery({ schoolId, studentId: student.id });
  const [pay, paying] = usePayMutation();
  const [loadQr, qr] = useLazyUpiQrQuery();
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(todayInIST());
  const [amountError, setAmountError] = useState<string | null>(null);
  const [last, setLast] = useState<Receipt | null>(null);
  const money = (p: number) => formatMoney(p, language);

  if (fees.isLoading) return <Spinner />;
  if (fees.isError || !fees.data) return <Callout intent="danger">{t('fees.loadFailed')}</Callout>;
  const f = fees.data;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const paise = parseRupees(amount);
    if (paise === null) {
      setAmountError(t('fees.counter.amountInvalid'));
      return;
    }
    setAmountError(null);
    try {
      const { receipt } = await pay({ schoolId, body: { studentId: student.id, amount: paise, mode, reference: reference.trim() || undefined, paidOn } }).unwrap();
      setLast(receipt);
      setAmount('');
      setReference('');
      toast({ title: t('fees.counter.collected', { number: receipt.number, amount: money(receipt.amount) }), intent: 'success' });
    } catch (err) {
      const e2 = err as { message?: string; details?: Record<string, string> };
      toastError(t('fees.counter.payFailed'), Object.values(e2.details ?? {})[0] ?? e2.message);
    }
  }

  return (
    <>
      <section className="fees-section" aria-labelledby="fees-dues">
        <h2 id="fees-dues">
          {t('fees.counter.dues', { name: f.studentName })} {f.className ? <Tag minimal>{f.className}</Tag> : null} {f.rte ? <Tag intent="success">{t('fees.counter.rte')}</Tag> : null}
        </h2>
        {!f.structureId ? (
          <Callout intent="warning">{t('fees.counter.noStructure')}</Callout>
        ) : (
          <div className="fees-table-wrap">
            <HTMLTable compact striped className="fees-dues-table">
              <thead>
                <tr>
                  <th>{t('fees.counter.instalment')}</th>
                  <th>{t('fees.counter.dueOn')}</th>
                  <th className="fees-num fees-hide-narrow">{t('fees.counter.amount')}</th>
                  <th className="fees-num fees-hide-narrow">{t('fees.counter.concession')}</th>
                  <th className="fees-num fees-hide-narrow">{t('fees.counter.lateFee')}</th>
                  <th className="fees-num">{t('fees.counter.paid')}</th>
                  <th className="fees-num">{t('fees.counter.balance')}</th>
                </tr>
              </thead>
              <tbody>
                {f.instalments.map((i) => (
                  <tr key={i.instalmentId}>
                    <td>
                      {i.name}{' '}
                      <Tag minimal intent={i.status === 'paid' ? 'success' : i.status === 'overdue' ? 'danger' : i.status === 'partly_paid' ? 'warning' : 'none'}>
                        {t(`fees.counter.status.${i.status}` as MessageId)}
                      </Tag>
                    </td>
                    <td>{formatDate(i.dueOn)}</td>
                    <td className="fees-num fees-hide-narrow">{money(i.amount)}</td>
                    <td className="fees-num fees-hide-narrow">{money(i.concession)}</td>
                    <td className="fees-num fees-hide-narrow">{money(i.lateFee)}</td>
                    <td className="fees-num">{money(i.paid)}</td>
                    <td className="fees-num">{money(i.balance)}</td>
                  </tr>
                ))}
                <tr className="fees-totals">
                  <td colSpan={2}>{t('fees.counter.total')}</td>
                  <td className="fees-num fees-hide-narrow">{money(f.totals.amount)}</td>
                  <td className="fees-num fees-hide-narrow">{money(f.totals.concession)}</td>
                  <td className="fees-num fees-hide-narrow">{money(f.totals.lateFee)}</td>
                  <td className="fees-num">{money(f.totals.paid)}</td>
                  <td className="fees-num" data-testid="fees-balance">{money(f.totals.balance)}</td>
                </tr>
              </tbody>
            </HTMLTable>
          </div>
        )}
      </section>

      {f.structureId ? (
        <section className="fees-section" aria-labelledby="fees-pay">
          <h2 id="fees-pay">{t('fees.counter.takePayment')}</h2>
          <form className="fees-form" onSubmit={onSubmit} noValidate>
            <FormGroup label={t('fees.counter.amountLabel')} labelFor="fees-amount" intent={amountError ? 'danger' : 'none'} helperText={amountError ?? undefined}>
              <InputGroup id="fees-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} intent={amountError ? 'danger' : 'none'} />
            </FormGroup>
            <FormGroup label={t('fees.counter.mode')} labelFor="fees-mode">
              <HTMLSelect id="fees-mode" fill value={mode} onChange={(e) => setMode(e.target.value as PaymentMode)}>
                {PAYMENT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`fees.mode.${m}` as MessageId)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('fees.counter.reference')} labelFor="fees-reference">
              <InputGroup id="fees-reference" value={reference} onChange={(e) => setReference(e.target.value)} />
            </FormGroup>
            <FormGroup label={t('fees.counter.paidOn')} labelFor="fees-paid-on">
              <InputGroup id="fees-paid-on" type="date" value={paidOn} max={todayInIST()} onChange={(e) => setPaidOn(e.target.value)} />
            </FormGroup>
            <Button type="submit" intent="primary" loading={paying.isLoading} text={t('fees.counter.collect')} />
          </form>
          <div className="fees-actions">
            {last ? <Button icon="print" intent="success" onClick={() => void openReceipt(schoolId, last.id)} text={`${t('fees.counter.openReceipt')} · ${last.number}`} /> : null}
            {f.totals.overdue > 0 ? <Button icon="mobile-phone" onClick={() => void loadQr({ schoolId, studentId: student.id })} text={t('fees.counter.upi')} /> : null}
          </div>
          {qr.data ? (
            <figure>
              <img className="fees-qr" src={qr.data.qr} alt={qr.data.link} />
              <figcaption>
                {t('fees.counter.upiTitle', { amount: money(qr.data.amount) })} {t('fees.counter.upiNote')}
              </figcaption>
            </figure>
          ) : null}
          {qr.isError ? <Callout intent="warning">{(qr.error as { message?: string }).message}</Callout> : null}
        </section>
      ) : null}

      <section className="fees-section" aria-labelledby="fees-receipts">
        <h2 id="fees-receipts">{t('fees.counter.receipts')}</h2>
        {receipts.data && receipts.data.items.length === 0 ? <p>{t('fees.counter.noReceipts')}</p> : null}
        <ul className="fees-results">
          {receipts.data?.items.map((r) => (
            <li key={r.id}>
              <Button
                className="fees-result"
                variant="minimal"
                icon="document"
                onClick={() => void openReceipt(schoolId, r.id)}
                text={`${r.number} · ${formatDate(r.paidOn)} · ${money(r.amount)} · ${t(`fees.mode.${r.mode}` as MessageId)}${r.status === 'cancelled' ? ` · ${t('fees.counter.cancelled')}` : ''}`}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
