import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { CONCESSION_KINDS, type Concession, type ConcessionKind, type StudentFees } from '@vidyalaya/shared/fees';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useCreateConcessionMutation, useFeeHeadsQuery, useRemoveConcessionMutation } from '../api/fees-api';
import { useLanguage, useT, type MessageId } from '../i18n';
import { parseRupees } from './money';

const failure = (e: unknown) => {
  const x = e as { message?: string; details?: Record<string, string> };
  return Object.values(x.details ?? {})[0] ?? x.message;
};

/**
 * A student's concessions (sibling, staff ward, RTE, scholarship, other; a percent or an amount; on
 * chosen heads or all; who approved it). With `canManage` (admin, accountant): add one (the approver
 * is whoever adds it) and remove one. The RTE tuition waiver that applies by itself is shown, not removable.
 */
export function Concessions(props: { schoolId: string; fees: StudentFees; canManage: boolean }) {
  const t = useT();
  const language = useLanguage();
  const { schoolId, fees, canManage } = props;
  const heads = useFeeHeadsQuery(schoolId, { skip: !canManage });
  const [remove, removing] = useRemoveConcessionMutation();
  const headName = (id: string) =>
    heads.data?.items.find((h) => h.id === id)?.name ?? fees.instalments.flatMap((i) => i.items).find((x) => x.headId === id)?.headName ?? '';

  const describe = (c: Concession) => {
    const value = c.percent !== null ? `${c.percent}%` : formatMoney(c.amount ?? 0, language);
    const on = c.headIds.length === 0 ? t('fees.concessions.allHeads') : c.headIds.map(headName).filter(Boolean).join(', ');
    return `${t(`fees.concessions.kind.${c.kind}` as MessageId)} · ${value} · ${on}`;
  };

  async function onRemove(c: Concession) {
    try {
      await remove({ schoolId, studentId: fees.studentId, concessionId: c.id }).unwrap();
      toast({ title: t('fees.concessions.removed'), intent: 'success' });
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
    }
  }

  return (
    <section className="fees-section" aria-labelledby={`fees-concessions-${fees.studentId}`}>
      <h2 id={`fees-concessions-${fees.studentId}`}>{t('fees.concessions.title')}</h2>
      {fees.concessions.length === 0 ? <p>{t('fees.concessions.none')}</p> : null}
      <ul className="fees-receipts">
        {fees.concessions.map((c) => (
          <li key={c.id} className="fees-receipt" data-testid="concession">
            <div>
              <strong>{describe(c)}</strong>
              {c.implicit ? (
                <>
                  {' '}
                  <Tag minimal intent="success">
                    {t('fees.concessions.automatic')}
                  </Tag>
                </>
              ) : null}
              <div className="fees-muted">
                {c.approvedByName ? t('fees.concessions.approvedBy', { name: c.approvedByName }) : null}
                {c.note ? ` · ${c.note}` : ''}
              </div>
            </div>
            {canManage && !c.implicit ? (
              <div className="fees-actions">
                <Button
                  icon="trash"
                  intent="danger"
                  variant="outlined"
                  loading={removing.isLoading && removing.originalArgs?.concessionId === c.id}
                  text={t('fees.concessions.remove')}
                  aria-label={`${t('fees.concessions.remove')}: ${describe(c)}`}
                  onClick={() => void onRemove(c)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? <AddConcession schoolId={schoolId} studentId={fees.studentId} heads={heads.data?.items ?? []} /> : null}
    </section>
  );
}

function AddConcession(props: { schoolId: string; studentId: string; heads: { id: string; name: string }[] }) {
  const t = useT();
  const [create, creating] = useCreateConcessionMutation();
  const [kind, setKind] = useState<ConcessionKind>('sibling');
  const [basis, setBasis] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [headIds, setHeadIds] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    let percent: number | undefined;
    let amount: number | undefined;
    if (basis === 'percent') {
      percent = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!(percent >= 1 && percent <= 100)) {
        setError(t('fees.concessions.percentInvalid'));
        return;
      }
    } else {
      amount = parseRupees(value) ?? undefined;
      if (amount === undefined) {
        setError(t('fees.counter.amountInvalid'));
        return;
      }
    }
    setError(null);
    try {
      await create({ schoolId: props.schoolId, studentId: props.studentId, body: { kind, percent, amount, headIds, note: note.trim() || undefined } }).unwrap();
      toast({ title: t('fees.concessions.added'), intent: 'success' });
      setValue('');
      setNote('');
      setHeadIds([]);
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
    }
  }

  return (
    <form className="fees-concession-form" onSubmit={onSubmit} noValidate aria-label={t('fees.concessions.add')}>
      <h3>{t('fees.concessions.add')}</h3>
      <div className="fees-form">
        <FormGroup label={t('fees.concessions.kindLabel')} labelFor="fees-concession-kind">
          <HTMLSelect id="fees-concession-kind" fill value={kind} onChange={(e) => setKind(e.target.value as ConcessionKind)}>
            {CONCESSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`fees.concessions.kind.${k}` as MessageId)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('fees.concessions.basis')} labelFor="fees-concession-basis">
          <HTMLSelect id="fees-concession-basis" fill value={basis} onChange={(e) => setBasis(e.target.value as 'percent' | 'amount')}>
            <option value="percent">{t('fees.concessions.percent')}</option>
            <option value="amount">{t('fees.concessions.amount')}</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={basis === 'percent' ? t('fees.concessions.percentLabel') : t('fees.counter.amountLabel')}
          labelFor="fees-concession-value"
          intent={error ? 'danger' : 'none'}
          helperText={error ?? undefined}
        >
          <InputGroup id="fees-concession-value" inputMode={basis === 'percent' ? 'numeric' : 'decimal'} value={value} intent={error ? 'danger' : 'none'} onChange={(e) => setValue(e.target.value)} />
        </FormGroup>
        <FormGroup label={t('fees.concessions.note')} labelFor="fees-concession-note">
          <InputGroup id="fees-concession-note" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
        </FormGroup>
      </div>
      <fieldset className="fees-heads-pick">
        <legend>{t('fees.concessions.onHeads')}</legend>
        {props.heads.map((h) => (
          <Checkbox
            key={h.id}
            className="fees-check"
            label={h.name}
            checked={headIds.includes(h.id)}
            onChange={(e) => setHeadIds(e.currentTarget.checked ? [...headIds, h.id] : headIds.filter((x) => x !== h.id))}
          />
        ))}
      </fieldset>
      <div className="fees-actions">
        <Button type="submit" intent="primary" loading={creating.isLoading} text={t('fees.concessions.save')} />
      </div>
    </form>
  );
}
