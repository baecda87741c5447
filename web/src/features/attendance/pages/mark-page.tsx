import { Button, Callout, InputGroup, Spinner } from '@blueprintjs/core';
import type { AttendanceStatus } from '@vidyalaya/shared/attendance';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { preloadToaster, toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { attendanceApi } from '../api/attendance-api';
import { errorMessage, nextStatus, statusLabel, timeIST } from '../components/format';
import { useOfflineAttendance, useQueuedDays } from '../components/offline';
import { useT } from '../i18n';
import '../components/attendance.css';
import { useLocalName } from '../../../lib/i18n/local-name';

interface Row {
  status: AttendanceStatus;
  note: string;
  noteOpen: boolean;
}

/**
 * Marking a section's day at phone width: everyone present unless tapped; a tap cycles absent, late,
 * half day, leave; an optional note; one save. A marked day says who marked it and when.
 */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const { schoolId } = useSchool();
  const { sectionId = '', date = '' } = useParams();
  const day = attendanceApi.useAttendanceDayQuery({ schoolId, sectionId, date });
  const [save, saving] = attendanceApi.usePutAttendanceMutation();
  const [rows, setRows] = useState<Record<string, Row>>({});
  // Marks of this day saved with no network wait in the host's queue and are sent from here too.
  const offline = useOfflineAttendance();
  const queued = useQueuedDays(offline);
  const waiting = queued.items?.find((q) => q.sectionId === sectionId && q.date === date) ?? null;

  // The save's toast must show even when the network has gone by then.
  useEffect(preloadToaster, []);

  const data = day.data?.attendance;
  // The day as the server has it, or, while this day waits in the queue, the marks saved here.
  const waitingId = waiting?.id;
  useEffect(() => {
    if (!data) return;
    const mine = waiting ? new Map(waiting.records.map((r) => [r.studentId, r])) : null;
    setRows(
      Object.fromEntries(
        data.records.map((r) => {
          const m = mine?.get(r.studentId);
          const status = m ? m.status : (r.status ?? 'present');
          const note = m ? (m.note ?? '') : (r.note ?? '');
          return [r.studentId, { status, note, noteOpen: !!note }];
        }),
      ),
    );
    // The queued marks apply when that day changes (waitingId), not on every reload of the list.
  }, [data, waitingId]);

  const counts = useMemo(() => {
    const c = { present: 0, absent: 0, late: 0, halfDay: 0, leave: 0 };
    for (const r of Object.values(rows)) c[r.status === 'half_day' ? 'halfDay' : r.status] += 1;
    return c;
  }, [rows]);

  if (day.isLoading) return <Spinner aria-label={t('common.loading')} />;
  if (!data) {
    return (
      <Callout intent="danger" title={t('common.loadFailed')}>
        {errorMessage(day.error)}
      </Callout>
    );
  }
  const names = new Map(data.records.map((r) => [r.studentId, r.name]));

  const onSave = async () => {
    const records = data.records.map((r) => {
      const row = rows[r.studentId];
      const note = row?.note.trim();
      return { studentId: r.studentId, status: row?.status ?? 'present', ...(note ? { note } : {}) };
    });
    try {
      await save({ schoolId, sectionId, date, basedOn: data.markedAt, records }).unwrap();
      toast({ title: t('mark.saved'), intent: 'success' });
    } catch (e) {
      // No server (status 0): the marks wait in the desktop app's main process or on this phone
      // (IndexedDB), and go when the network is back; `basedOn` lets the server see a day saved meanwhile.
      if ((e as { status?: number }).status === 0 && offline) {
        try {
          await offline.queue({ schoolId, sectionId, date, basedOn: data.markedAt, records });
          await queued.reload();
          toast({ title: t(offline.where === 'phone' ? 'phone.queued' : 'mark.queued'), intent: 'warning' });
          return;
        } catch {
          /* the queue could not keep them: said below like any failure */
        }
      }
      toastError(errorMessage(e) ?? t('common.loadFailed'));
      void day.refetch();
    }
  };

  return (
    <section className="att-page">
      <p>
        <Link to={`/workspace/${schoolId}/attendance`} className="ws-touch">
          ← {t('mark.back')}
        </Link>
      </p>
      <h1>
        {local(`${data.className} – ${data.sectionName}`)} · {formatDate(date)}
      </h1>
      {data.holiday ? (
        <Callout intent="warning">{t('mark.holiday', { name: data.holiday.name })}</Callout>
      ) : (
        <>
          {waiting ? (
            <Callout intent="warning" icon="offline" role="status" data-testid="offline-waiting" data-state={waiting.state}>
              {waiting.state === 'conflict' ? (
                <>
                  {t('phone.conflictHere')}{' '}
                  <Link className="ws-touch" to={`/workspace/${schoolId}/attendance/pending`}>
                    {t('pending.open')}
                  </Link>
                </>
              ) : waiting.state === 'failed' ? (
                (waiting.message ?? '')
              ) : (
                t(offline?.where === 'phone' ? 'phone.queued' : 'mark.queued')
              )}
            </Callout>
          ) : null}
          {data.marked && data.markedBy ? (
            <Callout intent="success" icon="tick" role="status" data-testid="already-marked">
              {t('mark.alreadyMarked', { name: data.markedBy.name, time: timeIST(data.markedAt), date: formatDate(date) })}
            </Callout>
          ) : (
            <p className="ws-muted">{t('mark.allPresent')}</p>
          )}
          {data.records.length === 0 ? <p>{t('mark.noStudents')}</p> : null}
          <ul className="att-students">
            {data.records.map((r) => {
              const row = rows[r.studentId] ?? { status: 'present' as AttendanceStatus, note: '', noteOpen: false };
              const set = (patch: Partial<Row>) => setRows((prev) => ({ ...prev, [r.studentId]: { ...row, ...patch } }));
              return (
                <li key={r.studentId}>
                  <div className="att-student">
                    <button type="button" className="att-student-button" data-status={row.status} aria-label={`${r.name}: ${t(statusLabel(row.status))}`} onClick={() => set({ status: nextStatus(row.status) })}>
                      <span className="att-roll">{r.rollNumber ?? ''}</span>
                      <span className="att-name">{r.name}</span>
                      <span className="att-status">{t(statusLabel(row.status))}</span>
                    </button>
                    <Button className="att-note-button" icon="comment" aria-label={t('mark.addNote', { name: r.name })} onClick={() => set({ noteOpen: !row.noteOpen })} />
                  </div>
                  {row.noteOpen ? (
                    <InputGroup className="att-note" maxLength={200} placeholder={t('mark.note')} aria-label={t('mark.addNote', { name: r.name })} value={row.note} onChange={(e) => set({ note: e.target.value })} />
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="att-savebar">
            <span className="att-counts" aria-live="polite">
              {t('mark.counts', counts)}
            </span>
            <Button intent="primary" large loading={saving.isLoading} disabled={data.records.length === 0} onClick={() => void onSave()}>
              {t('mark.save')}
            </Button>
          </div>
          {data.history.length > 0 ? (
            <div className="att-warning">
              <h2>{t('mark.history')}</h2>
              <ul>
                {data.history.map((h, i) => (
                  <li key={i}>
                    {t('mark.historyLine', { name: names.get(h.studentId) ?? '', from: t(statusLabel(h.from)), to: t(statusLabel(h.to)), by: h.changedBy, time: timeIST(h.changedAt) })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
