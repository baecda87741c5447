import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { TIMETABLE_DAYS, type BellSchedulesResult, type PutBellSchedulesInput } from '@vidyalaya/shared/timetable';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { usePutBellSchedulesMutation } from '../api/timetable-api';
import { errorText, useT, type MessageId } from '../i18n';

type Draft = PutBellSchedulesInput['schedules'][number];

const addMinutes = (hhmm: string, minutes: number) => {
  const total = Math.min(23 * 60 + 59, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** A new schedule: six 40-minute periods from 08:00 with a short break after the third. */
const freshSchedule = (name: string, days: number[]): Draft => ({
  name,
  days,
  periods: [1, 2, 3, 4, 5, 6].map((p) => {
    const start = addMinutes('08:00', (p - 1) * 40 + (p > 3 ? 20 : 0));
    return { period: p, startsAt: start, endsAt: addMinutes(start, 40) };
  }),
  breaks: [{ name: 'Break', startsAt: '10:00', endsAt: '10:20' }],
});

/** The bell schedules: periods and breaks per weekday, several schedules (e.g. a shorter Saturday), and the daily limit. */
export function BellEditor(props: { schoolId: string; data: BellSchedulesResult; canEdit: boolean }) {
  const t = useT();
  const [drafts, setDrafts] = useState<Draft[]>(() => props.data.schedules.map(({ name, days, periods, breaks }) => ({ name, days, periods, breaks })));
  const [limit, setLimit] = useState(props.data.dailyLoadLimit === null ? '' : String(props.data.dailyLoadLimit));
  const [error, setError] = useState<string | null>(null);
  const [put, saving] = usePutBellSchedulesMutation();
  const edit = (i: number, f: (d: Draft) => Draft) => setDrafts((all) => all.map((d, j) => (j === i ? f(d) : d)));
  const used = new Set(drafts.flatMap((d) => d.days));

  async function save() {
    setError(null);
    try {
      await put({ schoolId: props.schoolId, body: { schedules: drafts, dailyLoadLimit: limit.trim() === '' ? null : Number(limit) } }).unwrap();
      toast({ title: t('tt.bell.saved'), intent: 'success' });
    } catch (e) {
      setError(errorText(t, e));
    }
  }

  return (
    <div>
      {drafts.length === 0 ? <p className="ws-muted">{t('tt.bell.none')}</p> : null}
      {drafts.map((d, i) => (
        <fieldset key={i} className="tt-card" disabled={!props.canEdit}>
          <div className="tt-row">
            <label className="tt-field">
              <span>{t('tt.bell.name')}</span>
              <InputGroup value={d.name} onChange={(e) => edit(i, (x) => ({ ...x, name: e.target.value }))} />
            </label>
            {props.canEdit ? <Button className="ws-touch" variant="minimal" intent="danger" icon="trash" text={t('tt.bell.remove')} onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))} /> : null}
          </div>
          <div className="tt-checks" role="group" aria-label={t('tt.bell.days')}>
            {TIMETABLE_DAYS.map((day) => (
              <label key={day}>
                <input
                  type="checkbox"
                  checked={d.days.includes(day)}
                  onChange={(e) => edit(i, (x) => ({ ...x, days: e.target.checked ? [...x.days, day].sort() : x.days.filter((y) => y !== day) }))}
                />
                {t(`tt.day.${day}` as MessageId)}
              </label>
            ))}
          </div>
          <h3>{t('tt.bell.periods')}</h3>
          {d.periods.map((p, k) => (
            <div key={k} className="tt-row">
              <strong style={{ minWidth: 90 }}>{t('tt.periodN', { n: p.period })}</strong>
              <label className="tt-field">
                <span>{t('tt.bell.starts')}</span>
                <input className="bp6-input" type="time" value={p.startsAt} onChange={(e) => edit(i, (x) => ({ ...x, periods: x.periods.map((q, m) => (m === k ? { ...q, startsAt: e.target.value } : q)) }))} />
              </label>
              <label className="tt-field">
                <span>{t('tt.bell.ends')}</span>
                <input className="bp6-input" type="time" value={p.endsAt} onChange={(e) => edit(i, (x) => ({ ...x, periods: x.periods.map((q, m) => (m === k ? { ...q, endsAt: e.target.value } : q)) }))} />
              </label>
              {props.canEdit ? <Button className="ws-touch" variant="minimal" icon="cross" aria-label={t('tt.bell.removePeriod', { n: p.period })} onClick={() => edit(i, (x) => ({ ...x, periods: x.periods.filter((_, m) => m !== k) }))} /> : null}
            </div>
          ))}
          {props.canEdit ? (
            <Button
              className="ws-touch"
              icon="add"
              text={t('tt.bell.addPeriod')}
              onClick={() =>
                edit(i, (x) => {
                  const last = x.periods[x.periods.length - 1];
                  const start = last ? addMinutes(last.endsAt, 5) : '08:00';
                  return { ...x, periods: [...x.periods, { period: (last?.period ?? 0) + 1, startsAt: start, endsAt: addMinutes(start, 40) }] };
                })
              }
            />
          ) : null}
          <h3>{t('tt.bell.breaks')}</h3>
          {d.breaks.map((b, k) => (
            <div key={k} className="tt-row">
              <label className="tt-field">
                <span>{t('tt.bell.breakName')}</span>
                <InputGroup value={b.name} onChange={(e) => edit(i, (x) => ({ ...x, breaks: x.breaks.map((q, m) => (m === k ? { ...q, name: e.target.value } : q)) }))} />
              </label>
              <label className="tt-field">
                <span>{t('tt.bell.starts')}</span>
                <input className="bp6-input" type="time" value={b.startsAt} onChange={(e) => edit(i, (x) => ({ ...x, breaks: x.breaks.map((q, m) => (m === k ? { ...q, startsAt: e.target.value } : q)) }))} />
              </label>
              <label className="tt-field">
                <span>{t('tt.bell.ends')}</span>
                <input className="bp6-input" type="time" value={b.endsAt} onChange={(e) => edit(i, (x) => ({ ...x, breaks: x.breaks.map((q, m) => (m === k ? { ...q, endsAt: e.target.value } : q)) }))} />
              </label>
              {props.canEdit ? <Button className="ws-touch" variant="minimal" icon="cross" aria-label={t('tt.bell.removeBreak', { name: b.name })} onClick={() => edit(i, (x) => ({ ...x, breaks: x.breaks.filter((_, m) => m !== k) }))} /> : null}
            </div>
          ))}
          {props.canEdit ? (
            <Button className="ws-touch" icon="add" text={t('tt.bell.addBreak')} onClick={() => edit(i, (x) => ({ ...x, breaks: [...x.breaks, { name: t('tt.bell.break'), startsAt: '10:00', endsAt: '10:15' }] }))} />
          ) : null}
        </fieldset>
      ))}
      {props.canEdit ? (
        <>
          <div className="tt-actions">
            <Button
              className="ws-touch"
              icon="add"
              text={t('tt.bell.addSchedule')}
              onClick={() => setDrafts((all) => [...all, freshSchedule(all.length === 0 ? t('tt.bell.weekdays') : t('tt.bell.another'), TIMETABLE_DAYS.filter((d) => !used.has(d)))])}
            />
          </div>
          <label className="tt-field" style={{ maxWidth: 320 }}>
            <span>{t('tt.bell.limit')}</span>
            <input className="bp6-input" type="number" min={1} max={12} value={limit} onChange={(e) => setLimit(e.target.value)} />
          </label>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
          <div className="tt-actions">
            <Button className="ws-touch" intent="primary" icon="floppy-disk" text={t('tt.bell.save')} loading={saving.isLoading} onClick={() => void save()} />
          </div>
        </>
      ) : null}
    </div>
  );
}
