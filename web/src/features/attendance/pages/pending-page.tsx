import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { AttendanceCounts, AttendanceStatus, DesktopBridge, QueuedAttendance, QueuedAttendanceSync } from '@vidyalaya/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { getPlatform } from '../../../lib/platform/platform';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { toastError } from '../../../lib/toast';
import { attendanceApi } from '../api/attendance-api';
import { statusLabel, timeIST } from '../components/format';
import { useT, type MessageId } from '../i18n';
import '../components/attendance.css';
import { useLocalName } from '../../../lib/i18n/local-name';

const KEY: Record<AttendanceStatus, keyof AttendanceCounts> = { present: 'present', absent: 'absent', late: 'late', half_day: 'halfDay', leave: 'leave' };
function countsOf(records: { status: AttendanceStatus }[]): AttendanceCounts {
  const c: AttendanceCounts = { present: 0, absent: 0, late: 0, halfDay: 0, leave: 0 };
  for (const r of records) c[KEY[r.status]] += 1;
  return c;
}

/** The desktop bridge, only when the host is the desktop app (the Platform says so). */
function desktopBridge(): DesktopBridge | null {
  try {
    if (getPlatform().kind !== 'desktop') return null;
  } catch {
    return null;
  }
  return typeof window !== 'undefined' && window.desktop ? window.desktop : null;
}

/** For a conflict: what the server holds now beside what was queued here, student by student where they differ. */
function Conflict({ schoolId, item, busy, onSettle }: { schoolId: string; item: QueuedAttendance; busy: boolean; onSettle: (keepMine: boolean) => void }) {
  const t = useT();
  const day = attendanceApi.useAttendanceDayQuery({ schoolId, sectionId: item.sectionId, date: item.date });
  const server = day.data?.attendance;
  const mine = new Map(item.records.map((r) => [r.studentId, r.status]));
  const differ = server ? server.records.filter((r) => mine.has(r.studentId) && mine.get(r.studentId) !== r.status) : [];
  const mc = countsOf(item.records);
  return (
    <div className="att-conflict" data-testid={`conflict-${item.id}`}>
      <p>{t('pending.conflictText', { name: item.conflict?.markedBy ?? '', time: timeIST(item.conflict?.markedAt ?? null) })}</p>
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
          <h3>{t('pending.mine')}</h3>
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

function PendingList({ bridge }: { bridge: DesktopBridge }) {
  const t = useT();
  const local = useLocalName();
  const { schoolId } = useSchool();
  const today = attendanceApi.useAttendanceTodayQuery({ schoolId });
  const [items, setItems] = useState<QueuedAttendance[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QueuedAttendanceSync | null>(null);
  const refetch = today.refetch;

  const load = useCallback(async () => {
    try {
      setItems(await bridge.listQueuedAttendance());
    } catch {
      setItems([]);
    }
  }, [bridge]);

  const sync = useCallback(async () => {
    setBusy(true);
    try {
      const running = bridge.syncAttendance();
      await load(); // shows the day being sent as syncing
      const r = await running;
      setResult(r);
      if (r.synced > 0) void refetch();
    } catch {
      setResult({ synced: 0, conflicts: 0, failed: 0, pending: 0, stopped: 'offline' });
    } finally {
      await load();
      setBusy(false);
    }
  }, [bridge, load, refetch]);

  useEffect(() => {
    void sync();
    const online = () => void sync();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [sync]);

  const settle = async (id: string, keepMine: boolean) => {
    setBusy(true);
    try {
      await (keepMine ? bridge.keepQueuedAttendance(id) : bridge.discardQueuedAttendance(id));
    } catch {
      toastError(t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
    await sync();
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
            {t(`pending.stopped.${result.stopped}` as MessageId)}
          </p>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState icon="tick-circle" title={t('pending.empty.title')} description={t('pending.empty.text')} headingLevel={2} />
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
                {q.state === 'conflict' ? <Conflict schoolId={schoolId} item={q} busy={busy} onSettle={(keep) => void settle(q.id, keep)} /> : null}
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
 * The desktop app's "pending sync" screen: the days of marks saved on this computer while the
 * server could not be reached (kept by the main process), each waiting, being sent or in conflict;
 * for a conflict, what the server holds beside what was queued, and the choice to keep the server's
 * or overwrite it with these marks. Only in the desktop app: the web has no such queue.
 */
export function Component() {
  const t = useT();
  const { schoolId } = useSchool();
  const bridge = desktopBridge();
  return (
    <section className="att-page">
      <Link className="bp6-button bp6-minimal ws-touch" to={`/workspace/${schoolId}/attendance`}>
        ← {t('mark.back')}
      </Link>
      <h1>{t('pending.title')}</h1>
      {bridge ? (
        <>
          <p className="ws-muted">{t('pending.intro')}</p>
          <PendingList bridge={bridge} />
        </>
      ) : (
        <Callout intent="primary" icon="desktop">
          {t('pending.desktopOnly')}
        </Callout>
      )}
    </section>
  );
}
