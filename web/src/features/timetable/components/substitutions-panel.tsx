import { Button, Callout, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import type { StaffMember } from '@vidyalaya/shared/staff';
import { useState } from 'react';
import { formatDate } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { useAbsentPeriodsQuery, useCreateSubstitutionsMutation, useDeleteSubstitutionMutation, useFreeTeachersQuery, useSubstitutionsQuery } from '../api/timetable-api';
import { errorText, useT } from '../i18n';
import { DateInput } from '../../../components/date-input';

function FreeTeacherSelect(props: { schoolId: string; date: string; period: number; value: string; onChange: (id: string) => void; label: string }) {
  const t = useT();
  const free = useFreeTeachersQuery({ schoolId: props.schoolId, date: props.date, period: props.period });
  if (free.isLoading) return <Spinner size={16} aria-label={t('tt.loading')} />;
  return (
    <HTMLSelect value={props.value} onChange={(e) => props.onChange(e.target.value)} aria-label={props.label} name={`substitute-${props.period}`}>
      <option value="">{t('tt.sub.noSubstitute')}</option>
      {(free.data?.items ?? []).map((f) => (
        <option key={f.staffId} value={f.staffId}>
          {t('tt.sub.freeOption', { name: f.name, count: f.periodsThatDay })}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** An absent teacher's periods on a date, each with a substitute chosen from the teachers free then. */
function MarkAbsent(props: { schoolId: string; date: string; staff: StaffMember[] }) {
  const t = useT();
  const [absent, setAbsent] = useState('');
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const periods = useAbsentPeriodsQuery({ schoolId: props.schoolId, date: props.date, staffId: absent }, { skip: !absent });
  const [create, creating] = useCreateSubstitutionsMutation();
  const open = (periods.data?.items ?? []).filter((p) => !p.substitute);

  async function submit() {
    setError(null);
    const picked = Object.entries(chosen).filter(([, id]) => id).map(([period, substituteStaffId]) => ({ period: Number(period), substituteStaffId }));
    if (picked.length === 0) return;
    try {
      const res = await create({ schoolId: props.schoolId, body: { date: props.date, absentStaffId: absent, periods: picked } }).unwrap();
      toast({ title: t('tt.sub.created', { count: res.substitutions.length }), intent: 'success' });
      setChosen({});
    } catch (e) {
      setError(errorText(t, e));
    }
  }

  return (
    <div className="tt-card">
      <h2>{t('tt.sub.markAbsent')}</h2>
      <label className="tt-field">
        <span>{t('tt.sub.absentTeacher')}</span>
        <HTMLSelect value={absent} onChange={(e) => { setAbsent(e.target.value); setChosen({}); setError(null); }} name="absentStaffId">
          <option value="">{t('tt.grid.choose')}</option>
          {props.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </HTMLSelect>
      </label>
      {absent && periods.isLoading ? <Spinner size={20} aria-label={t('tt.loading')} /> : null}
      {absent && periods.isError ? <Callout intent="danger">{errorText(t, periods.error)}</Callout> : null}
      {absent && periods.data ? (
        periods.data.items.length === 0 ? (
          <p className="ws-muted">{t('tt.sub.noPeriods')}</p>
        ) : (
          <>
            <ul className="tt-list">
              {periods.data.items.map((p) => (
                <li key={p.period}>
                  <span>
                    <strong>{t('tt.periodN', { n: p.period })}</strong> · {p.className} {p.sectionName} · {p.subjectName}
                  </span>
                  {p.substitute ? (
                    <Tag intent="success" minimal>
                      {t('tt.sub.covered', { name: p.substitute.name })}
                    </Tag>
                  ) : (
                    <FreeTeacherSelect
                      schoolId={props.schoolId}
                      date={props.date}
                      period={p.period}
                      value={chosen[p.period] ?? ''}
                      onChange={(id) => setChosen((c) => ({ ...c, [p.period]: id }))}
                      label={t('tt.sub.substituteFor', { n: p.period })}
                    />
                  )}
                </li>
              ))}
            </ul>
            {error ? (
              <Callout intent="danger" role="alert">
                {error}
              </Callout>
            ) : null}
            {open.length > 0 ? (
              <div className="tt-actions">
                <Button className="ws-touch" intent="primary" icon="envelope" text={t('tt.sub.saveNotify')} loading={creating.isLoading} disabled={!Object.values(chosen).some(Boolean)} onClick={() => void submit()} />
              </div>
            ) : null}
          </>
        )
      ) : null}
    </div>
  );
}

/** Substitutions: the date's list (today's by default), and marking a teacher absent. */
export function SubstitutionsPanel(props: { schoolId: string; today: string; staff: StaffMember[]; canManage: boolean }) {
  const t = useT();
  const [date, setDate] = useState(props.today);
  const list = useSubstitutionsQuery({ schoolId: props.schoolId, date });
  const [remove] = useDeleteSubstitutionMutation();
  const items = list.data?.items ?? [];
  return (
    <div>
      <div className="tt-toolbar">
        <label>
          {t('tt.sub.date')}
          <DateInput value={date} onChange={(d) => d && setDate(d)} name="date" />
        </label>
      </div>
      <div className="tt-card">
        <h2>{date === props.today ? t('tt.sub.today') : t('tt.sub.onDate', { date: formatDate(date) })}</h2>
        {list.isLoading ? (
          <Spinner size={20} aria-label={t('tt.loading')} />
        ) : items.length === 0 ? (
          <p className="ws-muted">{t('tt.sub.none')}</p>
        ) : (
          <ul className="tt-list" aria-label={t('tt.sub.today')}>
            {items.map((s) => (
              <li key={s.id}>
                <span>
                  <strong>{t('tt.periodN', { n: s.period })}</strong> · {s.className} {s.sectionName} · {s.subjectName}
                  <span className="ws-block">{t('tt.sub.line', { substitute: s.substituteStaffName, absent: s.absentStaffName })}</span>
                  {s.notified ? <Tag minimal icon="envelope">{t('tt.sub.notified')}</Tag> : null}
                </span>
                {props.canManage ? (
                  <Button
                    className="ws-touch"
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('tt.sub.cancelOne', { n: s.period })}
                    onClick={() => void remove({ schoolId: props.schoolId, substitutionId: s.id }).unwrap().catch((e: unknown) => toast({ title: errorText(t, e), intent: 'danger' }))}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {props.canManage ? <MarkAbsent schoolId={props.schoolId} date={date} staff={props.staff} /> : null}
    </div>
  );
}
