import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { addDays, roleHas } from '@vidyalaya/shared';
import { CALENDAR_EVENT_KINDS, DEFAULT_CALENDAR_SETTINGS, type CalendarEvent, type CalendarEventKind, type CalendarSettings } from '@vidyalaya/shared/calendar';
import { useLingui } from '@lingui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { formatDate, todayInIST } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  useCalendarClassesQuery,
  useCalendarEventsQuery,
  useCalendarExamPapersQuery,
  useCalendarFeedQuery,
  useCalendarSettingsQuery,
  useCreateCalendarEventMutation,
  useDeleteCalendarEventMutation,
  usePutCalendarSettingsMutation,
  useRotateCalendarFeedMutation,
  useUpdateCalendarEventMutation,
} from '../api/calendar-api';
import { monthGrid } from '../model/month';
import { errorText, useT, type MessageId } from '../i18n';
import '../components/calendar.css';
import { DateInput } from '../../../components/date-input';

const shiftMonth = (month: string, by: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) => addDays(`${shiftMonth(month, 1)}-01`, -1);

/** The add and edit form: title, kind, dates, the classes it is for (none = the whole school), a note. */
function EventDialog(props: { isOpen: boolean; onClose: () => void; defaultDate: string; event: CalendarEvent | null; classes: readonly { id: string; name: string }[] }) {
  const t = useT();
  const { schoolId } = useSchool();
  const [create, creating] = useCreateCalendarEventMutation();
  const [update, updating] = useUpdateCalendarEventMutation();
  const [remove, removing] = useDeleteCalendarEventMutation();
  const ev = props.event;
  const [title, setTitle] = useState(ev?.title ?? '');
  const [kind, setKind] = useState<CalendarEventKind>(ev?.kind ?? 'holiday');
  const [startsOn, setStartsOn] = useState(ev?.startsOn ?? props.defaultDate);
  const [endsOn, setEndsOn] = useState(ev && ev.endsOn !== ev.startsOn ? ev.endsOn : '');
  const [classIds, setClassIds] = useState<string[]>(ev?.classIds ?? []);
  const [description, setDescription] = useState(ev?.description ?? '');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      if (ev) {
        await update({
          schoolId,
          eventId: ev.id,
          body: { title: title.trim(), kind, startsOn, endsOn: endsOn || startsOn, classIds, description: description.trim() || null },
        }).unwrap();
        toast({ title: t('cal.updated', { title: title.trim() }), intent: 'success' });
      } else {
        await create({ schoolId, body: { title: title.trim(), kind, startsOn, endsOn: endsOn || undefined, classIds, description: description.trim() || undefined } }).unwrap();
        toast({ title: t('cal.added', { title: title.trim() }), intent: 'success' });
      }
      props.onClose();
    } catch (err) {
      setError(errorText(t, err));
    }
  }
  async function onDelete() {
    if (!ev || !window.confirm(t('cal.confirmRemove', { title: ev.title }))) return;
    try {
      await remove({ schoolId, eventId: ev.id }).unwrap();
      toast({ title: t('cal.removed', { title: ev.title }), intent: 'success' });
      props.onClose();
    } catch (err) {
      setError(errorText(t, err));
    }
  }
  const toggle = (id: string, on: boolean) => setClassIds((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={ev ? t('cal.edit', { title: ev.title }) : t('cal.add')} className="ws-dialog">
      <form onSubmit={(e) => void onSubmit(e)}>
        <DialogBody>
          <label className="cal-field">
            <span>{t('cal.titleField')}</span>
            <InputGroup name="title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          </label>
          <label className="cal-field">
            <span>{t('cal.kind')}</span>
            <HTMLSelect name="kind" value={kind} onChange={(e) => setKind(e.target.value as CalendarEventKind)} fill>
              {CALENDAR_EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`cal.kind.${k}` as MessageId)}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <label className="cal-field">
            <span>{t('cal.startsOn')}</span>
            <DateInput name="startsOn" value={startsOn} onChange={setStartsOn} required />
          </label>
          <label className="cal-field">
            <span>{t('cal.endsOn')}</span>
            <DateInput name="endsOn" value={endsOn} min={startsOn || undefined} onChange={setEndsOn} />
          </label>
          <fieldset className="cal-field cal-classes">
            <legend>{t('cal.classes')}</legend>
            <span className="ws-muted">{classIds.length === 0 ? t('cal.wholeSchool') : t('cal.classesChosen', { count: classIds.length })}</span>
            <div className="cal-checks">
              {props.classes.map((c) => (
                <label key={c.id}>
                  <input type="checkbox" name="classIds" value={c.id} checked={classIds.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="cal-field">
            <span>{t('cal.description')}</span>
            <InputGroup name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {ev ? <Button className="ws-touch" intent="danger" icon="trash" text={t('cal.delete')} loading={removing.isLoading} onClick={() => void onDelete()} /> : null}
              <Button className="ws-touch" text={t('cal.cancel')} onClick={props.onClose} />
              <Button className="ws-touch" intent="primary" type="submit" text={t('cal.save')} loading={creating.isLoading || updating.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function Settings(props: { settings: CalendarSettings }) {
  const t = useT();
  const { schoolId } = useSchool();
  const [put, saving] = usePutCalendarSettingsMutation();
  async function save(next: CalendarSettings) {
    try {
      await put({ schoolId, body: next }).unwrap();
      toast({ title: t('cal.settingsSaved'), intent: 'success' });
    } catch (e) {
      toast({ title: errorText(t, e), intent: 'danger' });
    }
  }
  const s = props.settings;
  return (
    <section className="cal-card cal-no-print" aria-busy={saving.isLoading}>
      <h2>{t('cal.settings')}</h2>
      <div className="cal-checks">
        <label>
          <input type="checkbox" checked={s.sundayHoliday} onChange={(e) => void save({ ...s, sundayHoliday: e.target.checked })} />
          {t('cal.sundayHoliday')}
        </label>
      </div>
      <p className="ws-muted">{t('cal.saturdaysOff')}</p>
      <div className="cal-checks">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="checkbox"
              checked={s.saturdaysOff.includes(n)}
              onChange={(e) => void save({ ...s, saturdaysOff: e.target.checked ? [...s.saturdaysOff, n].sort() : s.saturdaysOff.filter((x) => x !== n) })}
            />
            {t(`cal.saturday.${n}` as MessageId)}
          </label>
        ))}
      </div>
    </section>
  );
}

/** A class's feed address: the school's secret address with `?classId=` (the whole school's events and that class's only). */
const classFeedUrl = (url: string, classId: string) => (classId ? `${url}?classId=${encodeURIComponent(classId)}` : url);

function Feed(props: { canManage: boolean; classes: readonly { id: string; name: string }[] }) {
  const t = useT();
  const { schoolId } = useSchool();
  const feed = useCalendarFeedQuery({ schoolId });
  const [rotate, rotating] = useRotateCalendarFeedMutation();
  const [schoolUrl, setSchoolUrl] = useState<string | null>(null);
  const [feedClass, setFeedClass] = useState('');
  const url = schoolUrl ? classFeedUrl(schoolUrl, feedClass) : null;
  async function onRotate() {
    try {
      const res = await rotate({ schoolId }).unwrap();
      setSchoolUrl(res.feed.url);
    } catch (e) {
      toast({ title: errorText(t, e), intent: 'danger' });
    }
  }
  async function onCopy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('cal.feed.copied') });
    } catch {
      toast({ title: t('cal.feed.copyByHand') });
    }
  }
  const enabled = feed.data?.feed.enabled ?? false;
  return (
    <section className="cal-card cal-no-print">
      <h2>{t('cal.feed.title')}</h2>
      <p className="ws-muted">{t('cal.feed.text')}</p>
      {url ? (
        <>
          {props.classes.length > 0 ? (
            <div className="cal-field cal-feed-class">
              <label htmlFor="cal-feed-class">{t('cal.feed.forClass')}</label>
              <HTMLSelect id="cal-feed-class" name="feedClass" value={feedClass} onChange={(e) => setFeedClass(e.target.value)} className="cal-filter">
                <option value="">{t('cal.feed.everyClass')}</option>
                {props.classes.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </HTMLSelect>
              <p className="ws-muted cal-feed-note">{t('cal.feed.classNote')}</p>
            </div>
          ) : null}
          <div className="cal-feed">
            <input className="bp6-input" readOnly value={url} aria-label={t('cal.feed.url')} onFocus={(e) => e.currentTarget.select()} name="feedUrl" />
            <Button className="ws-touch" icon="duplicate" text={t('cal.feed.copy')} onClick={() => void onCopy()} />
          </div>
        </>
      ) : (
        <p>{enabled ? t('cal.feed.on', { date: formatDate(feed.data?.feed.createdAt ?? null) }) : t('cal.feed.off')}</p>
      )}
      {props.canManage ? (
        <Button className="ws-touch" icon="refresh" text={enabled || url ? t('cal.feed.rotate') : t('cal.feed.create')} loading={rotating.isLoading} onClick={() => void onRotate()} />
      ) : null}
    </section>
  );
}

/** /workspace/{schoolId}/calendar: the month view, the month's events, adding events, the rules and the phone feed. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const [params, setParams] = useSearchParams();
  const today = todayInIST();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : today.slice(0, 7);
  const canManage = roleHas(home.role, 'calendar.manage');
  const isTeacher = home.role === 'teacher';
  // A teacher sees their own classes' events (and the whole school's) unless they ask for all; a guardian, always their children's (the server's rule).
  const [everyClass, setEveryClass] = useState(false);
  const mine = isTeacher && !everyClass;
  const [chosenClass, setChosenClass] = useState('');
  const classFilter = canManage ? chosenClass : '';
  const from = addDays(`${month}-01`, -6);
  const to = addDays(lastDay(month), 6);
  const events = useCalendarEventsQuery({ schoolId, from, to, pageSize: 200, ...(mine ? { mine: 'true' as const } : {}), ...(classFilter ? { classId: classFilter } : {}) });
  const settings = useCalendarSettingsQuery({ schoolId });
  const classesQuery = useCalendarClassesQuery({ schoolId }, { skip: home.role === 'guardian' && !canManage });
  const classes = useMemo(() => (classesQuery.data?.classes ?? []).map((c) => ({ id: c.id, name: c.name })), [classesQuery.data]);
  const className = (id: string) => classes.find((c) => c.id === id)?.name;
  const papers = useCalendarExamPapersQuery({ schoolId, from, to });
  const [remove] = useDeleteCalendarEventMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const { i18n } = useLingui();
  if (!roleHas(home.role, 'calendar.read')) return <Navigate to={`/workspace/${schoolId}`} replace />;
  const rules = settings.data?.settings ?? DEFAULT_CALENDAR_SETTINGS;
  const list = events.data?.items ?? [];
  const weeks = monthGrid(month, list, rules, undefined, true);
  const paperList = papers.data?.items ?? [];
  const papersInMonth = paperList.filter((p) => p.date.startsWith(month));
  const inMonth = list.filter((e) => e.endsOn >= `${month}-01` && e.startsOn <= lastDay(month)).sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  const monthName = new Intl.DateTimeFormat(i18n.locale === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  const go = (m: string) => setParams({ month: m }, { replace: true });

  return (
    <section>
      <h1>{t('cal.title')}</h1>
      <div className="cal-toolbar cal-no-print">
        <Button className="ws-touch" icon="chevron-left" aria-label={t('cal.previous')} onClick={() => go(shiftMonth(month, -1))} />
        <span className="cal-month-name" aria-live="polite">
          {monthName}
        </span>
        <Button className="ws-touch" icon="chevron-right" aria-label={t('cal.next')} onClick={() => go(shiftMonth(month, 1))} />
        <Button className="ws-touch" text={t('cal.today')} onClick={() => go(today.slice(0, 7))} />
        {canManage ? <Button className="ws-touch" intent="primary" icon="add" text={t('cal.add')} onClick={() => setAdding(true)} /> : null}
        <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/calendar/holidays`}>
          {t('cal.holidayList')}
        </Link>
        {canManage && classes.length > 0 ? (
          <HTMLSelect name="classFilter" aria-label={t('cal.filterClass')} value={classFilter} onChange={(e) => setChosenClass(e.target.value)} className="cal-filter">
            <option value="">{t('cal.allClasses')}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        ) : null}
        {isTeacher ? (
          <label className="cal-toggle">
            <input type="checkbox" name="mine" checked={mine} onChange={(e) => setEveryClass(!e.target.checked)} />
            {t('cal.onlyMine')}
          </label>
        ) : null}
      </div>
      {events.isLoading ? (
        <Spinner size={24} aria-label={t('cal.loading')} />
      ) : (
        <table className="cal-grid" aria-label={monthName}>
          <thead>
            <tr>
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <th key={d} scope="col">
                  {t(`cal.dayShort.${d}` as MessageId)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w[0]!.date}>
                {w.map((d) => (
                  <td
                    key={d.date}
                    className={[d.inMonth ? '' : 'cal-day--out', d.holiday ? 'cal-day--holiday' : '', d.date === today ? 'cal-day--today' : ''].join(' ')}
                    title={d.holidayName ?? undefined}
                    data-date={d.date}
                  >
                    <span className="cal-date">{Number(d.date.slice(8, 10))}</span>
                    {d.events.map((e) =>
                      canManage ? (
                        <button key={e.id} type="button" className={`cal-ev cal-ev-button cal-kind-${e.kind}`} title={e.title} onClick={() => setEditing(list.find((x) => x.id === e.id) ?? null)}>
                          {e.title}
                        </button>
                      ) : (
                        <span key={e.id} className={`cal-ev cal-kind-${e.kind}`} title={e.title}>
                          {e.title}
                        </span>
                      ),
                    )}
                    {paperList
                      .filter((p) => p.date === d.date)
                      .map((p) => {
                        const label = t('cal.paper', { className: p.className, subject: p.subjectName, startsAt: p.startsAt });
                        return (
                          <span key={`${p.examId}-${p.classId}-${p.subjectId}`} className="cal-ev cal-kind-exam cal-paper" title={`${p.examName}: ${label}–${p.endsAt}`}>
                            {label}
                          </span>
                        );
                      })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="cal-card">
        <h2>{t('cal.thisMonth')}</h2>
        {inMonth.length === 0 ? (
          <p className="ws-muted">{t('cal.noEvents')}</p>
        ) : (
          <ul className="cal-list" aria-label={t('cal.thisMonth')}>
            {inMonth.map((e) => (
              <li key={e.id}>
                <span>
                  <strong>{e.title}</strong> <Tag minimal className={`cal-kind-${e.kind}`}>{t(`cal.kind.${e.kind}` as MessageId)}</Tag>
                  <span className="ws-block ws-muted">{e.startsOn === e.endsOn ? formatDate(e.startsOn) : `${formatDate(e.startsOn)} – ${formatDate(e.endsOn)}`}</span>
                  <span className="ws-block ws-muted cal-for">
                    {e.classIds.length === 0 ? t('cal.wholeSchool') : t('cal.forClasses', { classes: e.classIds.map((id) => className(id) ?? '…').join(', ') })}
                  </span>
                </span>
                {canManage ? (
                  <span className="cal-actions">
                    <Button className="ws-touch" variant="minimal" icon="edit" aria-label={t('cal.edit', { title: e.title })} onClick={() => setEditing(e)} />
                    <Button
                      className="ws-touch"
                      variant="minimal"
                      intent="danger"
                      icon="trash"
                      aria-label={t('cal.remove', { title: e.title })}
                      onClick={() => {
                        if (!window.confirm(t('cal.confirmRemove', { title: e.title }))) return;
                        void remove({ schoolId, eventId: e.id })
                          .unwrap()
                          .then(() => toast({ title: t('cal.removed', { title: e.title }), intent: 'success' }))
                          .catch((err: unknown) => toast({ title: errorText(t, err), intent: 'danger' }));
                      }}
                    />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {papersInMonth.length > 0 ? (
        <section className="cal-card">
          <h2>{t('cal.papers')}</h2>
          <ul className="cal-list" aria-label={t('cal.papers')}>
            {papersInMonth.map((p) => (
              <li key={`${p.examId}-${p.classId}-${p.subjectId}`} data-paper-date={p.date}>
                <span>
                  <strong>
                    {p.className} · {p.subjectName}
                  </strong>{' '}
                  <Tag minimal className="cal-kind-exam">
                    {p.examName}
                  </Tag>
                  <span className="ws-block ws-muted">
                    {formatDate(p.date)}, {p.startsAt}–{p.endsAt}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {canManage && settings.data ? <Settings settings={settings.data.settings} /> : null}
      {home.role !== 'guardian' ? <Feed canManage={canManage} classes={classes} /> : null}
      {canManage && adding ? <EventDialog isOpen event={null} classes={classes} onClose={() => setAdding(false)} defaultDate={today.slice(0, 7) === month ? today : `${month}-01`} /> : null}
      {canManage && editing ? <EventDialog key={editing.id} isOpen event={editing} classes={classes} onClose={() => setEditing(null)} defaultDate={editing.startsOn} /> : null}
    </section>
  );
}
