import { Button, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type FeeHead, type FeeStructure, type LateFeeKind, type LateFeeRuleInput } from '@vidyalaya/shared/fees';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  useCreateFeeHeadMutation,
  useCreateFeeStructureMutation,
  useUpdateFeeStructureMutation,
  useFeeClassesQuery,
  useFeeHeadsQuery,
  useFeeSettingsQuery,
  useFeeStructuresQuery,
  usePutFeeSettingsMutation,
} from '../api/fees-api';
import { FeesShell } from '../components/fees-shell';
import { parseRupees } from '../components/money';
import { useLanguage, useT } from '../i18n';
import { useLocalName } from '../../../lib/i18n/local-name';
import { DateInput } from '../../../components/date-input';

const failure = (e: unknown) => {
  const x = e as { message?: string; details?: Record<string, string> };
  return Object.values(x.details ?? {})[0] ?? x.message;
};

interface InstalmentDraft {
  /** An existing instalment (editing a structure); none = new. */
  id?: string;
  name: string;
  dueOn: string;
  amounts: Record<string, string>;
}

/** Fee heads, structures per class (instalments × heads, a per-day late fee) and the school's UPI ID. */
export function Component() {
  const t = useT();
  const local = useLocalName();
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
  const [editing, setEditing] = useState<string | null>(null);
  const [updateStructure, updatingStructure] = useUpdateFeeStructureMutation();
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

  async function onCreate(instalments: InstalmentsBody, lateFee: LateFeeRuleInput | null): Promise<boolean> {
    const cls = classes.data?.items.find((c) => c.classId === classId);
    if (!cls) return false;
    try {
      await createStructure({ schoolId, body: { classId, academicYear: cls.academicYear, instalments, lateFee: lateFee ?? undefined } }).unwrap();
      toast({ title: t('fees.setup.structureSaved'), intent: 'success' });
      setClassId('');
      return true;
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
      return false;
    }
  }

  async function onUpdate(structureId: string, instalments: InstalmentsBody, lateFee: LateFeeRuleInput | null): Promise<boolean> {
    try {
      await updateStructure({ schoolId, structureId, body: { instalments, lateFee } }).unwrap();
      toast({ title: t('fees.setup.structureUpdated'), intent: 'success' });
      setEditing(null);
      return true;
    } catch (err) {
      toastError(t('fees.setup.saveFailed'), failure(err));
      return false;
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

  const editingStructure = structures.data?.items.find((x) => x.id === editing) ?? null;

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
                {canManage ? <th /> : null}
              </tr>
            </thead>
            <tbody>
              {(classes.data?.items ?? []).map((c) => {
                const s = structures.data?.items.find((x) => x.id === c.structureId);
                return (
                  <tr key={c.classId}>
                    <td>{local(c.name)}</td>
                    <td>{c.academicYear}</td>
                    <td className="fees-num">
                      {s ? `${money(s.total)} · ${s.instalments.map((i) => formatDate(i.dueOn)).join(', ')}` : t('fees.setup.noStructure')}
                    </td>
                    {canManage ? (
                      <td>
                        {s ? (
                          <Button
                            className="fees-touch"
                            icon="edit"
                            text={t('fees.setup.edit')}
                            aria-label={`${t('fees.setup.edit')}: ${c.name}`}
                            onClick={() => setEditing(s.id)}
                          />
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </section>

      {canManage && editingStructure ? (
        <section className="fees-section fees-edit" aria-labelledby="fees-edit-structure">
          <h2 id="fees-edit-structure">{t('fees.setup.editStructure', { name: editingStructure.className, year: editingStructure.academicYear })}</h2>
          <p className="fees-muted">{t('fees.setup.editHint')}</p>
          <StructureForm
            key={editingStructure.id}
            heads={headList}
            initial={draftOf(editingStructure)}
            busy={updatingStructure.isLoading}
            submitLabel={t('fees.setup.updateStructure')}
            onSubmit={(instalments, lateFee) => onUpdate(editingStructure.id, instalments, lateFee)}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : null}

      {canManage && headList.length > 0 && open.length > 0 ? (
        <section className="fees-section" aria-labelledby="fees-new-structure">
          <h2 id="fees-new-structure">{t('fees.setup.newStructure')}</h2>
          <StructureForm
            key="new"
            heads={headList}
            initial={{ rows: [{ name: 'Quarter 1', dueOn: '', amounts: {} }], lateFee: null }}
            busy={creatingStructure.isLoading}
            submitLabel={t('fees.setup.saveStructure')}
            disabled={!classId}
            onSubmit={onCreate}
          >
            <FormGroup label={t('fees.setup.class')} labelFor="fees-class">
              <HTMLSelect id="fees-class" value={classId} onChange={(e) => setClassId(e.target.value)}>
                <option value="">{t('fees.setup.chooseClass')}</option>
                {open.map((c) => (
                  <option key={c.classId} value={c.classId}>
                    {local(c.name)} ({c.academicYear})
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </StructureForm>
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

type InstalmentsBody = { id?: string; name: string; dueOn: string; items: { headId: string; amount: number }[] }[];
interface StructureDraft {
  rows: InstalmentDraft[];
  lateFee: { kind: LateFeeKind; amount: string; grace: string; cap: string } | null;
}

/** Paise → the rupees a person would type: 150000 → '1500', 150050 → '1500.50'. */
const rupeesText = (p: number) => (p % 100 === 0 ? String(p / 100) : `${Math.trunc(p / 100)}.${String(p % 100).padStart(2, '0')}`);

function draftOf(s: FeeStructure): StructureDraft {
  return {
    rows: s.instalments.map((i) => ({ id: i.id, name: i.name, dueOn: i.dueOn, amounts: Object.fromEntries(i.items.map((x) => [x.headId, rupeesText(x.amount)])) })),
    lateFee: s.lateFee
      ? { kind: s.lateFee.kind, amount: rupeesText(s.lateFee.amount), grace: String(s.lateFee.graceDays), cap: s.lateFee.cap === null ? '' : rupeesText(s.lateFee.cap) }
      : null,
  };
}

/** Instalments × heads (amounts in rupees), due dates and the late-fee rule: a new structure or an edit. */
function StructureForm(props: {
  heads: FeeHead[];
  initial: StructureDraft;
  busy: boolean;
  submitLabel: string;
  disabled?: boolean;
  children?: ReactNode;
  onSubmit: (instalments: InstalmentsBody, lateFee: LateFeeRuleInput | null) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const t = useT();
  const { heads } = props;
  const [rows, setRows] = useState<InstalmentDraft[]>(props.initial.rows);
  const [kind, setKind] = useState<LateFeeKind>(props.initial.lateFee?.kind ?? 'per_day');
  const [lateFee, setLateFee] = useState(props.initial.lateFee?.amount ?? '');
  const [grace, setGrace] = useState(props.initial.lateFee?.grace ?? '0');
  const [cap, setCap] = useState(props.initial.lateFee?.cap ?? '');
  const setRow = (i: number, patch: Partial<InstalmentDraft>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const prefix = props.initial.rows[0]?.id ? 'fees-edit' : 'fees';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const instalments = rows.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      name: r.name,
      dueOn: r.dueOn,
      items: heads.flatMap((h) => {
        const p = parseRupees(r.amounts[h.id] ?? '');
        return p === null ? [] : [{ headId: h.id, amount: p }];
      }),
    }));
    const amount = parseRupees(lateFee);
    const capPaise = parseRupees(cap);
    const rule = amount ? { kind, amount, graceDays: Number.parseInt(grace, 10) || 0, cap: capPaise ?? undefined } : null;
    if ((await props.onSubmit(instalments, rule)) && !props.initial.rows[0]?.id) {
      setRows([{ name: 'Quarter 1', dueOn: '', amounts: {} }]);
    }
  }

  return (
    <form onSubmit={submit}>
      {props.children}
      {rows.map((r, i) => (
        <fieldset key={r.id ?? `new-${i}`} className="fees-form">
          <FormGroup label={t('fees.setup.instalmentName')} labelFor={`${prefix}-inst-${i}`}>
            <InputGroup id={`${prefix}-inst-${i}`} value={r.name} onChange={(e) => setRow(i, { name: e.target.value })} />
          </FormGroup>
          <FormGroup label={t('fees.counter.dueOn')} labelFor={`${prefix}-due-${i}`}>
            <DateInput id={`${prefix}-due-${i}`} value={r.dueOn} onChange={(dueOn) => setRow(i, { dueOn })} />
          </FormGroup>
          {heads.map((h) => (
            <FormGroup key={h.id} label={`${h.name} (₹)`} labelFor={`${prefix}-amt-${i}-${h.id}`}>
              <InputGroup
                id={`${prefix}-amt-${i}-${h.id}`}
                inputMode="decimal"
                value={r.amounts[h.id] ?? ''}
                onChange={(e) => setRow(i, { amounts: { ...r.amounts, [h.id]: e.target.value } })}
              />
            </FormGroup>
          ))}
          {rows.length > 1 ? (
            <Button
              variant="minimal"
              intent="danger"
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
              text={t('fees.setup.removeInstalment')}
              aria-label={`${t('fees.setup.removeInstalment')}: ${r.name}`}
            />
          ) : null}
        </fieldset>
      ))}
      <div className="fees-actions">
        <Button icon="add" onClick={() => setRows([...rows, { name: `Quarter ${rows.length + 1}`, dueOn: '', amounts: {} }])} text={t('fees.setup.addInstalment')} />
      </div>
      <div className="fees-form">
        <FormGroup label={t('fees.setup.lateFeeKind')} labelFor={`${prefix}-late-kind`}>
          <HTMLSelect id={`${prefix}-late-kind`} fill value={kind} onChange={(e) => setKind(e.target.value as LateFeeKind)}>
            <option value="per_day">{t('fees.setup.lateFeeKind.per_day')}</option>
            <option value="fixed">{t('fees.setup.lateFeeKind.fixed')}</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('fees.setup.lateFee')} labelFor={`${prefix}-late`}>
          <InputGroup id={`${prefix}-late`} inputMode="decimal" value={lateFee} onChange={(e) => setLateFee(e.target.value)} />
        </FormGroup>
        <FormGroup label={t('fees.setup.graceDays')} labelFor={`${prefix}-grace`}>
          <InputGroup id={`${prefix}-grace`} inputMode="numeric" value={grace} onChange={(e) => setGrace(e.target.value)} />
        </FormGroup>
        <FormGroup label={t('fees.setup.cap')} labelFor={`${prefix}-cap`}>
          <InputGroup id={`${prefix}-cap`} inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
        </FormGroup>
      </div>
      <div className="fees-actions">
        <Button type="submit" intent="primary" disabled={props.disabled} loading={props.busy} text={props.submitLabel} />
        {props.onCancel ? <Button text={t('fees.setup.cancelEdit')} onClick={props.onCancel} /> : null}
      </div>
    </form>
  );
}
