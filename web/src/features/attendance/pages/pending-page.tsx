import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { QueuedAttendance } from '@vidyalaya/shared';
import type { AttendanceCounts, AttendanceStatus } from '@vidyalaya/shared/attendance';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import type { OfflineAttendance } from '../../../lib/offline/attendance-queue';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { toastError } from '../../../lib/toast';
import { attendanceApi } from '../api/attendance-api';
import { statusLabel, timeIST } from '../components/format';
import { useOfflineAttendance, useQueuedDays } from '../components/offline';
import { useT, type MessageId } from '../i18n';
import '../components/attendance.css';
import { useLocalName } from '../../../lib/i18n/local-name';

const KEY: Record<AttendanceStatus, keyof AttendanceCounts> = { present: 'present', absent: 'absent', late: 'late', half_day: 'halfDay', leave: 'leave' };
function countsOf(records: { status: AttendanceStatus }[]): AttendanceCounts {
  const c: AttendanceCounts = { present: 0, absent: 0, late: 0, halfDay: 0, leave: 0 };
  for (const r of records) c[KEY[r.status]] += 1;
  return c;
}

/** For a conflict: what the server holds now beside what was queued here, student by student where they differ. */
function Conflict({ schoolId, item, phone, busy, onSettle }: { schoolId: string; item: QueuedAttendance; phone: boolean; busy: boolean; onSettle: (keepMine: boolean) => void }) {
  const t = useT();
  // The server's day as it is now, never a copy cached before the conflict.
  const day = attendanceApi.useAttendanceDayQuery({ schoolId, sectionId: item.sectionId, date: item.date }, { refetchOnMountOrArgChange: true });
  const server = day.data?.attendance;
  const mine = new Map(item.records.map((r) => [r.studentId, r.status]));
  const differ = server ? server.records.filter((r) => mine.has(r.studentId) && mine.get(r.studentId) !== r.status) : [];
  const mc = countsOf(item.records);
  return (
    <div className="att-conflict" data-testid={`conflict-${item.id}`}>
      <p>{t(phone ? 'phone.conflictText' : 'pending.conflictText', { name: item.conflict?.markedBy ?? '', time: timeIST(item.conflict?.markedAt ?? null) })}</p>
      <div className="att-compare">
        <div>
          <h3>{t('pending.server')}</h3>
          {day.isLoading ? (
            <Spinner size={16} aria-label={t('common.loading')} />
          ) : server ? (
            <p className="att-counts">
              {t('mark.counts', { ...server.counts })}
              {server.markedBy ? (
                <>
                  <br />
                  {t('today.markedBy', { name: server.markedBy.name, time: timeIST(server.markedAt) })}
                </>
              ) : null}
            </p>
          ) : (
            <p className="att-counts">{t('pending.serverUnknown')}</p>
          )}
        </div>
        <div>
          <h3>{t(phone ? 'phone.mine' : 'pending.mine')}</h3>
          <p className="att-counts">
            {t('mark.counts', { ...mc })}
            <br />
            {t('pending.queuedAt', { date: formatDate(item.queuedAt), time: timeIST(item.queuedAt) })}
          </p>
        </div>
      </div>
      {differ.length > 0 ? (
        <ul className="att-differ">
          {differ.map((r) => (
            <li key={r.studentId}>
              {t('pending.differ', { name: r.name, server: t(statusLabel(r.status)), mine: t(statusLabel(mine.get(r.studentId) ?? null)) })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="att-card-actions">
        <Button className="ws-touch" disabled={busy} onClick={() => onSettle(false)} text={t('pending.keepServer')} />
        <Button className="ws-touch" intent="warning" disabled={busy} onClick={() => onSettle(true)} text={t('pending.overwrite')} />
      </div>
    </div>
  );
}

function PendingList({ queue }: { queue: OfflineAttendance }) {
  const t = useT();
  const local = useLocalName();
  const { schoolId } = useSchool();
  const today = attendanceApi.useAttendanceTodayQuery({ schoolId });
  const { items, busy: syncing, result, sync, settle: settleDay } = useQueuedDays(queue);
  const [settling, setSettling] = useState(false);
  const busy = syncing || settling;
  const phone = queue.where === 'phone';

  const settle = async (id: string, keepMine: boolean) => {
    setSettling(true);
    try {
      await settleDay(id, keepMine);
    } catch {
      toastError(t('common.loadFailed'));
    } finally {
      setSettling(false);
    }
  };

  const sectionName = (id: string) => {
    const s = today.data?.sections.find((x) => x.sectionId === id);
    return s ? local(`${s.className} – ${s.sectionName}`) : t('pending.unknownSection');
  };
  const stateLabel = (q: QueuedAttendance): MessageId =>
    q.state === 'syncing' ? 'pending.state.syncing' : q.state === 'conflict' ? 'pending.state.conflict' : q.state === 'failed' ? 'pending.state.failed' : 'pending.state.waiting';

  if (items === null) return <Spinner aria-label={t('common.loading')} />;
  return (
    <>
      <div className="att-toolbar">
        <Button className="ws-touch" intent="primary" icon="refresh" loading={busy} onClick={() => void sync()} text={t('pending.syncNow')} />
        {result?.stopped ? (
          <p className="att-counts" role="status">
            {t(phone && result.stopped === 'offline' ? 'phone.stopped.offline' : (`pending.stopped.${result.stopped}` as MessageId))}
          </p>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState icon="tick-circle" title={t('pending.empty.title')} description={t(phone ? 'phone.empty.text' : 'pending.empty.text')} headingLevel={2} />
      ) : (
        <ul className="att-list" aria-label={t('pending.title')}>
          {items.map((q) => {
            const c = countsOf(q.records);
            return (
              <li key={q.id} className="att-card att-pending" data-testid={`pending-${q.id}`} data-state={q.state}>
                <div>
                  <p className="att-card-title">
                    {sectionName(q.sectionId)} · {formatDate(q.date)}{' '}
                    <span className={`att-tag ${q.state === 'queued' || q.state === 'syncing' ? 'att-tag--wait' : 'att-tag--todo'}`}>{t(stateLabel(q))}</span>
                  </p>
                  <p className="att-card-meta">
                    {t('pending.count', { count: q.records.length })} · {t('today.present', { count: c.present + c.late + c.halfDay })} ·{' '}
                    {t('today.absent', { count: c.absent })} · {t('pending.queuedAt', { date: formatDate(q.queuedAt), time: timeIST(q.queuedAt) })}
                  </p>
                </div>
                {q.state === 'conflict' ? <Conflict schoolId={schoolId} item={q} phone={phone} busy={busy} onSettle={(keep) => void settle(q.id, keep)} /> : null}
                {q.state === 'failed' ? (
                  <div className="att-conflict">
                    <p>{q.message ?? ''}</p>
                    <div className="att-card-actions">
                      <Button className="ws-touch" disabled={busy} onClick={() => void settle(q.id, false)} text={t('queue.discard')} />
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/**
 * The "pending sync" screen: the days of marks saved on this computer (the desktop app's main
 * process) or on this phone (the browser's IndexedDB, issue 37) while the server could not be
 * reached, each waiting, being sent or in conflict; for a conflict, what the server holds beside
 * what was queued, and the choice to keep the server's or overwrite it with these marks.
 */
export function Component() {
  const t = useT();
  const { schoolId } = useSchool();
  const queue = useOfflineAttendance();
  return (
    <section className="att-page">
      <Link className="bp6-button bp6-minimal ws-touch" to={`/workspace/${schoolId}/attendance`}>
        ← {t('mark.back')}
      </Link>
      <h1>{t('pending.title')}</h1>
      {queue === undefined ? (
        <Spinner aria-label={t('common.loading')} />
      ) : queue ? (
        <>
          <p className="ws-muted">{t(queue.where === 'phone' ? 'phone.intro' : 'pending.intro')}</p>
          <PendingList queue={queue} />
        </>
      ) : (
        <Callout intent="primary" icon="desktop">
          {t('pending.desktopOnly')}
        </Callout>
      )}
    </section>
  );
}
