import { Button, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  useCreateFeeHeadMutation,
  useCreateFeeStructureMutation,
  useFeeClassesQuery,
  useFeeHeadsQuery,
  useFeeSettingsQuery,
  useFeeStructuresQuery,
  usePutFeeSettingsMutation,
} from '../api/fees-api';
import { FeesShell } from '../components/fees-shell';
import { parseRupees } from '../components/money';
import { useLanguage, useT } from '../i18n';

const failure = (e: unknown) => {
  const x = e as { message?: string; details?: Record<string, string> };
  return Object.values(x.details ?? {})[0] ?? x.message;
};

interface InstalmentDraft {
  name: string;
  dueOn: string;
  amounts: Record<string, string>;
}

/** Fee heads, structures per class (instalments × heads, a per-day late fee) and the school's UPI ID. */
export function Component() {
  const t = useT();
  const language = useLanguage();
  const { schoolId, home } = useSchool();
  const canManage = roleHas(home.role, 'fees.manage');
  const heads = useFeeHeadsQuery(schoolId);
  const classes = useFeeClassesQuery(schoolId);
  const structures = useFeeStructuresQuery(schoolId);
  const settings = useFeeSettingsQuery(schoolId);
  const [createHead, creatingHead] = useCreateFeeHeadMutation();
  const [createStructure, creatingStructure] = useCreateFeeStructureMutation();
  const [putSettings, savingSettings] = usePutFeeSettingsMutation();
  const [headName, setHeadName] = useState('');
  const [tuition, setTuition] = useState(false);
  const [classId, setClassId] = useState('');
  const [rows, setRows] = useState<InstalmentDraft[]>([{ name: 'Quarter 1', dueOn: '', amounts: {} }]);
  const [lateFee, setLateFee] = useState('');
  const [grace, setGrace] = useState('0');
  const [cap, setCap] = useState('');
  const [upiId, setUpiId] = useState('');
  const [upiName, setUpiName] = useState('');
  useEffect(() => {
    if (settings.data) {
      setUpiId(settings.data.settings.upiId ?? '');
      setUpiName(settings.data.settings.upiName ?? '');
    }
  }, [settings.data]);
  const money = (p: number) => formatMoney(p, language);
  const headList = heads.data?.items ?? [];
  const open = (classes.data?.items ?? []).filter((c) => !c.structureId);

  async function onHead(e: FormEvent) {
    e.preventDefault();
    try {
      const { head } = await createHead({ schoolId, body: { name: headName, tuition } }).unwrap();
      toast({ title: t('fees.setup.headAdded', { name: head.name }), intent: 'success' });
      setHeadName('');
      setTuition(false);
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
    }
  }

  async function onStructure(e: FormEvent) {
    e.preventDefault();
    const cls = classes.data?.items.find((c) => c.classId === classId);
    if (!cls) return;
    const instalments = rows.map((r) => ({
      name: r.name,
      dueOn: r.dueOn,
      items: headList.flatMap((h) => {
        const p = parseRupees(r.amounts[h.id] ?? '');
        return p === null ? [] : [{ headId: h.id, amount: p }];
      }),
    }));
    const perDay = parseRupees(lateFee);
    const capPaise = parseRupees(cap);
    try {
      await createStructure({
        schoolId,
        body: {
          classId,
          academicYear: cls.academicYear,
          instalments,
          lateFee: perDay ? { kind: 'per_day', amount: perDay, graceDays: Number.parseInt(grace, 10) || 0, cap: capPaise ?? undefined } : undefined,
        },
      }).unwrap();
      toast({ title: t('fees.setup.structureSaved'), intent: 'success' });
      setClassId('');
      setRows([{ name: 'Quarter 1', dueOn: '', amounts: {} }]);
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
    }
  }

  async function onUpi(e: FormEvent) {
    e.preventDefault();
    try {
      await putSettings({ schoolId, body: { upiId: upiId.trim() || null, upiName: upiName.trim() || undefined } }).unwrap();
      toast({ title: t('fees.setup.upiSaved'), intent: 'success' });
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
    }
  }

  const setRow = (i: number, patch: Partial<InstalmentDraft>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <FeesShell>
      <section className="fees-section" aria-labelledby="fees-heads">
        <h2 id="fees-heads">{t('fees.setup.heads')}</h2>
        {headList.length === 0 ? <p>{t('fees.setup.noHeads')}</p> : null}
        <ul>
          {headList.map((h) => (
            <li key={h.id}>
              {h.name}
              {h.tuition ? ' · 80C' : ''}
            </li>
          ))}
        </ul>
        {canManage ? (
          <form className="fees-form" onSubmit={onHead}>
            <FormGroup label={t('fees.setup.headName')} labelFor="fees-head-name">
              <InputGroup id="fees-head-name" value={headName} onChange={(e) => setHeadName(e.target.value)} />
            </FormGroup>
            <Checkbox checked={tuition} onChange={(e) => setTuition(e.currentTarget.checked)} label={t('fees.setup.tuition')} />
            <Button type="submit" loading={creatingHead.isLoading} text={t('fees.setup.addHead')} />
          </form>
        ) : null}
      </section>

      <section className="fees-section" aria-labelledby="fees-structures">
        <h2 id="fees-structures">{t('fees.setup.structures')}</h2>
        <div className="fees-table-wrap">
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t('fees.setup.class')}</th>
                <th>{t('fees.setup.year')}</th>
                <th className="fees-num">{t('fees.setup.structureTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {(classes.data?.items ?? []).map((c) => {
                const s = structures.data?.items.find((x) => x.id === c.structureId);
                return (
                  <tr key={c.classId}>
                    <td>{c.name}</td>
                    <td>{c.academicYear}</td>
                    <td className="fees-num">
                      {s ? `${money(s.total)} · ${s.instalments.map((i) => formatDate(i.dueOn)).join(', ')}` : t('fees.setup.noStructure')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </section>

      {canManage && headList.length > 0 && open.length > 0 ? (
        <section className="fees-section" aria-labelledby="fees-new-structure">
          <h2 id="fees-new-structure">{t('fees.setup.newStructure')}</h2>
          <form onSubmit={onStructure}>
            <FormGroup label={t('fees.setup.class')} labelFor="fees-class">
              <HTMLSelect id="fees-class" value={classId} onChange={(e) => setClassId(e.target.value)}>
                <option value="">{t('fees.setup.chooseClass')}</option>
                {open.map((c) => (
                  <option key={c.classId} value={c.classId}>
                    {c.name} ({c.academicYear})
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {rows.map((r, i) => (
              <fieldset key={i} className="fees-form">
                <FormGroup label={t('fees.setup.instalmentName')} labelFor={`fees-inst-${i}`}>
                  <InputGroup id={`fees-inst-${i}`} value={r.name} onChange={(e) => setRow(i, { name: e.target.value })} />
                </FormGroup>
                <FormGroup label={t('fees.counter.dueOn')} labelFor={`fees-due-${i}`}>
                  <InputGroup id={`fees-due-${i}`} type="date" value={r.dueOn} onChange={(e) => setRow(i, { dueOn: e.target.value })} />
                </FormGroup>
                {headList.map((h) => (
                  <FormGroup key={h.id} label={`${h.name} (₹)`} labelFor={`fees-amt-${i}-${h.id}`}>
                    <InputGroup
                      id={`fees-amt-${i}-${h.id}`}
                      inputMode="decimal"
                      value={r.amounts[h.id] ?? ''}
                      onChange={(e) => setRow(i, { amounts: { ...r.amounts, [h.id]: e.target.value } })}
                    />
                  </FormGroup>
                ))}
                {rows.length > 1 ? <Button variant="minimal" intent="danger" onClick={() => setRows(rows.filter((_, j) => j !== i))} text={t('fees.setup.removeInstalment')} /> : null}
              </fieldset>
            ))}
            <div className="fees-actions">
              <Button icon="add" onClick={() => setRows([...rows, { name: `Quarter ${rows.length + 1}`, dueOn: '', amounts: {} }])} text={t('fees.setup.addInstalment')} />
            </div>
            <div className="fees-form">
              <FormGroup label={t('fees.setup.lateFee')} labelFor="fees-late">
                <InputGroup id="fees-late" inputMode="decimal" value={lateFee} onChange={(e) => setLateFee(e.target.value)} />
              </FormGroup>
              <FormGroup label={t('fees.setup.graceDays')} labelFor="fees-grace">
                <InputGroup id="fees-grace" inputMode="numeric" value={grace} onChange={(e) => setGrace(e.target.value)} />
              </FormGroup>
              <FormGroup label={t('fees.setup.cap')} labelFor="fees-cap">
                <InputGroup id="fees-cap" inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
              </FormGroup>
            </div>
            <div className="fees-actions">
              <Button type="submit" intent="primary" disabled={!classId} loading={creatingStructure.isLoading} text={t('fees.setup.saveStructure')} />
            </div>
          </form>
        </section>
      ) : null}

      <section className="fees-section" aria-labelledby="fees-upi">
        <h2 id="fees-upi">{t('fees.setup.upi')}</h2>
        <form className="fees-form" onSubmit={onUpi}>
          <FormGroup label={t('fees.setup.upiId')} labelFor="fees-upi-id">
            <InputGroup id="fees-upi-id" value={upiId} disabled={!canManage} onChange={(e) => setUpiId(e.target.value)} placeholder="school@bank" />
          </FormGroup>
          <FormGroup label={t('fees.setup.upiName')} labelFor="fees-upi-name">
            <InputGroup id="fees-upi-name" value={upiName} disabled={!canManage} onChange={(e) => setUpiName(e.target.value)} />
          </FormGroup>
          {canManage ? <Button type="submit" loading={savingSettings.isLoading} text={t('fees.setup.saveUpi')} /> : null}
        </form>
      </section>
    </FeesShell>
  );
}
