import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { COUNTER_PAYMENT_MODES, createPaymentSchema, referenceRequired, type PaymentMode, type Receipt } from '@vidyalaya/shared/fees';
import { type StudentListItem } from '@vidyalaya/shared/students';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, todayInIST } from '../../../lib/i18n/format';
import { asApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useFindStudentsQuery, useLazyUpiQrQuery, usePayMutation, useReceiptsQuery, useStudentFeesQuery } from '../api/fees-api';
import { FeesShell } from '../components/fees-shell';
import { Concessions } from '../components/concessions';
import { DuesTable } from '../components/dues-table';
import { parseRupees } from '../components/money';
import { openReceipt, ReceiptsList } from '../components/receipts-list';
import { translateMessage, useLanguage, useT, type MessageId } from '../i18n';
import { useLocalName } from '../../../lib/i18n/local-name';
import { DateInput } from '../../../components/date-input';

/** The counter: find a student, see the dues, take a payment, print the receipt. */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const language = useLanguage();
  const { schoolId } = useSchool();
  // ?student= opens the counter on one student (the link on the profile's fee tab).
  const [params] = useSearchParams();
  const linked = params.get('student');
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
                  text={`${s.name} · ${t('fees.counter.admissionNo', { number: s.admissionNumber })} · ${local([s.className, s.sectionName].filter(Boolean).join(' '))}${s.guardianPhone ? ` · ${s.guardianPhone}` : ''}`}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {student || linked ? <StudentDues key={student?.id ?? linked} schoolId={schoolId} studentId={student?.id ?? linked!} language={language} /> : null}
    </FeesShell>
  );
}

function StudentDues(props: { schoolId: string; studentId: string; language: 'en' | 'hi' }) {
  const t = useT();
  const local = useLocalName();
  const { home } = useSchool();
  const canManage = roleHas(home.role, 'fees.manage');
  const { schoolId, language } = props;
  const student = { id: props.studentId };
  const fees = useStudentFeesQuery({ schoolId, studentId: student.id });
  const receipts = useReceiptsQuery({ schoolId, studentId: student.id });
  const [pay, paying] = usePayMutation();
  const [loadQr, qr] = useLazyUpiQrQuery();
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(todayInIST());
  const [amountError, setAmountError] = useState<string | null>(null);
  // The shared schema's field messages (reference for every mode but cash, …) and the server's refusal, shown by the form.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [last, setLast] = useState<Receipt | null>(null);
  const money = (p: number) => formatMoney(p, language);

  if (fees.isLoading) return <Spinner />;
  if (fees.isError || !fees.data) return <Callout intent="danger">{t('fees.loadFailed')}</Callout>;
  const f = fees.data;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setRefused(null);
    const paise = parseRupees(amount);
    if (paise === null) {
      setAmountError(t('fees.counter.amountInvalid'));
      return;
    }
    setAmountError(null);
    const body = { studentId: student.id, amount: paise, mode, reference: reference.trim() || undefined, paidOn };
    // The same rule as the server's (shared createPaymentSchema): a reference for every mode but cash.
    const checked = createPaymentSchema.safeParse(body);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '_form');
        errors[field] ??= translateMessage(t, issue.message);
      }
      if (errors.amount) setAmountError(errors.amount);
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    try {
      const { receipt } = await pay({ schoolId, body: checked.data }).unwrap();
      setLast(receipt);
      setAmount('');
      setReference('');
      toast({ title: t('fees.counter.collected', { number: receipt.number, amount: money(receipt.amount) }), intent: 'success' });
    } catch (err) {
      // The refusal is shown beside the button (and a field's, beside its field), not far away.
      const e2 = asApiError(err);
      const details = (e2.details ?? {}) as Record<string, string>;
      if (details.reference || details.paidOn) {
        setFieldErrors(Object.fromEntries(Object.entries(details).map(([k, v]) => [k, translateMessage(t, v)])));
      }
      const most = e2.code === 'PAYMENT_EXCEEDS_DUES' ? /₹[\d,]+\.\d{2}/.exec(details.amount ?? e2.message ?? '')?.[0] : undefined;
      const why = most ? t('fees.counter.exceeds', { amount: most }) : translateMessage(t, Object.values(details)[0] ?? e2.message ?? '');
      setRefused(why ? `${t('fees.counter.payFailed')}: ${why}` : t('fees.counter.payFailed'));
    }
  }

  return (
    <>
      <section className="fees-section" aria-labelledby="fees-dues">
        <h2 id="fees-dues">
          {t('fees.counter.dues', { name: f.studentName })} {f.className ? <Tag minimal>{local(f.className)}</Tag> : null} {f.rte ? <Tag intent="success">{t('fees.counter.rte')}</Tag> : null}
        </h2>
        {!f.structureId ? (
          <Callout intent="warning">{t('fees.counter.noStructure')}</Callout>
        ) : (
          <DuesTable fees={f} narrow="hide" />
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
                {COUNTER_PAYMENT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`fees.mode.${m}` as MessageId)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label={t('fees.counter.reference')}
              labelFor="fees-reference"
              labelInfo={referenceRequired(mode) ? '*' : undefined}
              intent={fieldErrors.reference ? 'danger' : 'none'}
              helperText={fieldErrors.reference ?? (referenceRequired(mode) ? t('fees.counter.referenceRequiredHint') : undefined)}
            >
              <InputGroup
                id="fees-reference"
                value={reference}
                intent={fieldErrors.reference ? 'danger' : 'none'}
                aria-invalid={fieldErrors.reference ? true : undefined}
                onChange={(e) => setReference(e.target.value)}
              />
            </FormGroup>
            <FormGroup label={t('fees.counter.paidOn')} labelFor="fees-paid-on" intent={fieldErrors.paidOn ? 'danger' : 'none'} helperText={fieldErrors.paidOn}>
              <DateInput id="fees-paid-on" value={paidOn} max={todayInIST()} onChange={setPaidOn} />
            </FormGroup>
            <div className="fees-submit">
              <Button type="submit" intent="primary" loading={paying.isLoading} text={t('fees.counter.collect')} />
              {refused ? (
                <p className="fees-form-error" role="alert" data-testid="fees-pay-error">
                  {refused}
                </p>
              ) : null}
            </div>
          </form>
          <div className="fees-actions">
            {last ? <Button icon="print" intent="success" onClick={() => void openReceipt(schoolId, last.id, language)} text={`${t('fees.counter.openReceipt')} · ${last.number}`} /> : null}
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

      <Concessions schoolId={schoolId} fees={f} canManage={canManage} />

      <section className="fees-section" aria-labelledby="fees-receipts">
        <h2 id="fees-receipts">{t('fees.counter.receipts')}</h2>
        <ReceiptsList schoolId={schoolId} receipts={receipts.data?.items ?? []} canCancel={canManage} />
      </section>
    </>
  );
}
