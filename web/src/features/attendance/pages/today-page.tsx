import { Callout, HTMLTable, Spinner, Switch } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { toastError } from '../../../lib/toast';
import { attendanceApi } from '../api/attendance-api';
import { errorMessage, timeIST } from '../components/format';
import { useOfflineAttendance, useQueuedDays } from '../components/offline';
import { useT } from '../i18n';
import '../components/attendance.css';
import { useLocalName } from '../../../lib/i18n/local-name';

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} %`);

/** Today: every section, marked or not, with present and absent numbers; the 75 % early warning. */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const { schoolId, home } = useSchool();
  const role = home.role;
  const today = attendanceApi.useAttendanceTodayQuery({ schoolId });
  const warning = attendanceApi.useBelowThresholdQuery({ schoolId }, { skip: role === 'guardian' });
  const settings = attendanceApi.useAttendanceSettingsQuery({ schoolId }, { skip: !roleHas(role, 'attendance.manage') });
  const [putSettings, putState] = attendanceApi.usePutAttendanceSettingsMutation();

  // Marks saved with no network (the desktop app's queue, or this phone's) are sent when the page
  // opens, when the network returns, when the app comes back to the front and every minute.
  const offline = useOfflineAttendance();
  const { items, settle } = useQueuedDays(offline);
  const queued = items ?? [];
  const phone = offline?.where === 'phone';

  // What waits is said even when today's sections cannot be loaded (no network, nothing cached).
  const queueCallout =
    queued.length > 0 ? (
      <Callout intent="warning" icon="offline" role="status" data-testid="offline-queue" title={t(phone ? 'phone.title' : 'queue.title', { count: queued.length })}>
        <ul className="att-list">
          {queued.map((q) => {
            const s = today.data?.sections.find((x) => x.sectionId === q.sectionId);
            return (
              <li key={q.id} data-state={q.state}>
                {s ? local(`${s.className} – ${s.sectionName}`) : ''} · {formatDate(q.date)} ·{' '}
                {q.state === 'conflict'
                  ? t('queue.conflict', { name: q.conflict?.markedBy ?? '', time: timeIST(q.conflict?.markedAt ?? null) })
                  : q.state === 'failed'
                    ? (q.message ?? '')
                    : t('queue.waiting')}
                {q.state === 'conflict' || q.state === 'failed' ? (
                  <span className="att-card-actions">
                    {q.state === 'conflict' ? (
                      <button type="button" className="bp6-button" onClick={() => void settle(q.id, true).catch(() => toastError(t('common.loadFailed')))}>
                        {t('queue.keepMine')}
                      </button>
                    ) : null}
                    <button type="button" className="bp6-button" onClick={() => void settle(q.id, false).catch(() => toastError(t('common.loadFailed')))}>
                      {t('queue.discard')}
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <Link className="bp6-button ws-touch" to="pending">
          {t('pending.open')}
        </Link>
      </Callout>
    ) : null;

  if (today.isLoading) return <Spinner aria-label={t('common.loading')} />;
  if (!today.data) {
    return (
      <>
        {queueCallout}
        <Callout intent="danger" title={t('common.loadFailed')}>
          <button type="button" className="bp6-button ws-touch" onClick={() => void today.refetch()}>
            {t('common.retry')}
          </button>
        </Callout>
      </>
    );
  }
  const d = today.data;
  return (
    <section className="att-page">
      <h1>{t('today.title')}</h1>
      <p className="ws-muted">
        {formatDate(d.date)} · {t('today.summary', { marked: d.markedCount, total: d.sections.length })}
      </p>
      {d.holiday ? (
        <Callout intent="primary" icon="calendar">
          {t('today.holiday', { name: d.holiday.name })}
        </Callout>
      ) : null}
      {queueCallout}
      {d.sections.length === 0 ? (
        <EmptyState icon="tick-circle" title={t('today.noSections.title')} description={t('today.noSections.text')} headingLevel={2} />
      ) : (
        <ul className="att-list" aria-label={t('today.title')}>
          {d.sections.map((s) => (
            <li key={s.sectionId} className="att-card" data-testid={`section-${s.className}-${s.sectionName}`}>
              <div>
                <p className="att-card-title">
                  {local(`${s.className} – ${s.sectionName}`)}{' '}
                  <span className={`att-tag ${s.marked ? 'att-tag--done' : 'att-tag--todo'}`}>{s.marked ? t('today.marked') : t('today.notMarked')}</span>
                  {/* The server lists a teacher's own class-teacher sections first (mine), and only the sections they may mark. */}
                  {s.mine ? <span className="att-tag att-tag--mine" data-testid="section-mine"> {t('today.mine')}</span> : null}
                </p>
                <p className="att-card-meta">
                  {t('today.students', { count: s.students })}
                  {s.marked ? (
                    <>
                      {' · '}
                      {t('today.present', { count: s.present })} · {t('today.absent', { count: s.absent })} ·{' '}
                      {t('today.markedBy', { name: s.markedBy ?? '', time: timeIST(s.markedAt) })}
                    </>
                  ) : null}
                </p>
              </div>
              <div className="att-card-actions">
                {s.canMark && !d.holiday ? (
                  <Link className="bp6-button bp6-intent-primary" to={`mark/${s.sectionId}/${d.date}`}>
                    {s.marked ? t('today.edit') : t('today.mark')}
                  </Link>
                ) : null}
                <Link className="bp6-button" to={`register/${s.sectionId}`}>
                  {t('today.register')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      {settings.data ? (
        <div className="att-warning">
          <h2>{t('today.settingsTitle')}</h2>
          <Switch
            className="ws-touch"
            large
            checked={settings.data.settings.absenceNotices}
            disabled={putState.isLoading}
            label={t('today.settingsText')}
            onChange={(e) =>
              void putSettings({ schoolId, absenceNotices: (e.target as HTMLInputElement).checked })
                .unwrap()
                .catch((err: unknown) => toastError(errorMessage(err) ?? t('common.loadFailed')))
            }
          />
        </div>
      ) : null}

      {warning.data ? (
        <div className="att-warning">
          <h2>{t('today.warningTitle')}</h2>
          {warning.data.items.length === 0 ? (
            <p className="ws-muted">{t('today.warningNone')}</p>
          ) : (
            <div className="att-register-wrap">
              <HTMLTable compact striped className="att-register">
                <tbody>
                  {warning.data.items.map((i) => (
                    <tr key={i.studentId}>
                      <td className="att-left">{i.name}</td>
                      <td>
                        {local(`${i.className} – ${i.sectionName}`)}
                      </td>
                      <td>{pct(i.percentage)}</td>
                      <td>{i.risk === 'below' ? t('today.warningBelow') : t('today.warningHeading')}</td>
                      <td>{i.asOnJanuaryFirst !== null ? t('today.janFirst', { value: pct(i.asOnJanuaryFirst) }) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
