import { Button, Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { ATTENDANCE_LETTERS } from '@vidyalaya/shared/attendance';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { todayInIST } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { attendanceApi, downloadRegister } from '../api/attendance-api';
import { errorMessage } from '../components/format';
import { useT } from '../i18n';
import '../components/attendance.css';
import { useLocalName } from '../../../lib/i18n/local-name';

function daysOf(month: string): string[] {
  const n = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The month register on screen (students × days, totals, percentage) with PDF and Excel downloads. */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const { schoolId } = useSchool();
  const { sectionId = '' } = useParams();
  const [month, setMonth] = useState(todayInIST().slice(0, 7));
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const reg = attendanceApi.useAttendanceRegisterQuery({ schoolId, sectionId, month });

  const download = async (kind: 'pdf' | 'xlsx') => {
    setBusy(kind);
    try {
      await downloadRegister(schoolId, sectionId, month, kind);
    } catch {
      toastError(t('register.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  const r = reg.data?.register;
  const holidays = new Map((r?.holidays ?? []).map((h) => [h.date, h.name]));
  const days = daysOf(month);
  return (
    <section className="att-page">
      <p>
        <Link to="../../attendance" relative="path" className="ws-touch">
          ← {t('mark.back')}
        </Link>
      </p>
      <h1>{r ? t('register.title', { className: local(r.className), sectionName: r.sectionName }) : t('today.register')}</h1>
      <div className="att-toolbar">
        <label>
          {t('register.month')}
          <input className="bp6-input" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
        </label>
        <Button icon="document" loading={busy === 'pdf'} onClick={() => void download('pdf')}>
          {t('register.pdf')}
        </Button>
        <Button icon="th" loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
          {t('register.xlsx')}
        </Button>
      </div>
      {reg.isFetching && !r ? <Spinner aria-label={t('common.loading')} /> : null}
      {reg.error ? <Callout intent="danger">{errorMessage(reg.error) ?? t('common.loadFailed')}</Callout> : null}
      {r ? (
        <>
          <p className="ws-muted">{t('register.workingDays', { count: r.workingDays.length })}</p>
          {r.students.length === 0 ? (
            <p>{t('register.noStudents')}</p>
          ) : (
            <div className="att-register-wrap">
              <HTMLTable compact className="att-register">
                <thead>
                  <tr>
                    <th>{t('register.roll')}</th>
                    <th className="att-left">{t('register.name')}</th>
                    {days.map((d) => (
                      <th key={d} title={holidays.get(d)}>
                        {Number(d.slice(8, 10))}
                      </th>
                    ))}
                    <th>P</th>
                    <th>A</th>
                    <th>L</th>
                    <th>H</th>
                    <th>LV</th>
                    <th>{t('register.percent')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.students.map((s) => (
                    <tr key={s.studentId}>
                      <td>{s.rollNumber ?? ''}</td>
                      <td className="att-left">{s.name}</td>
                      {days.map((d) => {
                        const st = s.days[d];
                        return (
                          <td key={d} className={holidays.has(d) ? 'att-hol' : st === 'absent' ? 'att-a' : undefined}>
                            {st ? ATTENDANCE_LETTERS[st] : holidays.has(d) ? '·' : ''}
                          </td>
                        );
                      })}
                      <td>{s.totals.present}</td>
                      <td>{s.totals.absent}</td>
                      <td>{s.totals.late}</td>
                      <td>{s.totals.halfDay}</td>
                      <td>{s.totals.leave}</td>
                      <td>{s.percentage === null ? '—' : s.percentage.toFixed(2)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
          <p className="ws-muted">{t('register.legend')}</p>
        </>
      ) : null}
    </section>
  );
}
