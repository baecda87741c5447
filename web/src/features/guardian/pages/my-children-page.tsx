import { Button, Callout, Card, FormGroup, HTMLSelect, Tag, TextArea } from '@blueprintjs/core';
import { addDays, STORAGE_KEYS, timetableDayOf } from '@vidyalaya/shared';
import { type ConsentState } from '@vidyalaya/shared/guardians';
import { type Student } from '@vidyalaya/shared/students';
import { type TimetableSlot } from '@vidyalaya/shared/timetable';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { asApiError } from '../../../lib/api/errors';
import { getPlatform } from '../../../lib/platform/platform';
import { formatDate, todayInIST } from '../../../lib/i18n/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { guardianApi } from '../api/guardian-api';
import { useT, type MessageId } from '../i18n';
import { AttendanceSection, DuesSection, ResultsSection } from '../components/child-sections';
import '../components/guardian.css';
import { useLocalName } from '../../../lib/i18n/local-name';

function Details(props: { student: Student }) {
  const t = useT();
  const local = useLocalName();
  const s = props.student;
  return (
    <Card className="gd-card" data-testid="child-details">
      <h2>{s.name}</h2>
      <dl className="gd-facts">
        <div>
          <dt>{t('child.class')}</dt>
          <dd>{s.enrolment ? local(`${s.enrolment.className} ${s.enrolment.sectionName}`) : t('child.noClass')}</dd>
        </div>
        {s.enrolment?.rollNumber ? (
          <div>
            <dt>{t('child.roll')}</dt>
            <dd>{s.enrolment.rollNumber}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('child.admissionNumber')}</dt>
          <dd>{s.admissionNumber}</dd>
        </div>
        <div>
          <dt>{t('child.dateOfBirth')}</dt>
          <dd>{formatDate(s.dateOfBirth)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function Timetable(props: { schoolId: string; sectionId: string }) {
  const t = useT();
  const local = useLocalName();
  const today = timetableDayOf(todayInIST()) ?? 1;
  const [day, setDay] = useState(today);
  const q = guardianApi.useChildTimetableQuery({ schoolId: props.schoolId, sectionId: props.sectionId });
  const slots: TimetableSlot[] = (q.data?.timetable.slots ?? []).filter((s) => s.day === day).sort((a, b) => a.period - b.period);
  return (
    <Card className="gd-card">
      <h2>{t('timetable.title')}</h2>
      <HTMLSelect
        large
        fill
        aria-label={t('timetable.day')}
        value={day}
        onChange={(e) => setDay(Number(e.target.value))}
        options={[1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`day.${d}` as MessageId) }))}
      />
      {slots.length === 0 ? (
        <p className="gd-muted">{t('timetable.none')}</p>
      ) : (
        <ol className="gd-periods">
          {slots.map((s) => (
            <li key={s.period}>
              <span className="gd-period">{t('timetable.period', { n: s.period })}</span>
              <span>{local(s.subjectName)}</span>
              <span className="gd-muted">{s.teacherName}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Calendar(props: { schoolId: string }) {
  const t = useT();
  const from = todayInIST();
  const q = guardianApi.useChildCalendarQuery({ schoolId: props.schoolId, from, to: addDays(from, 60) });
  const items = q.data?.items ?? [];
  return (
    <Card className="gd-card">
      <h2>{t('calendar.title')}</h2>
      {items.length === 0 ? (
        <p className="gd-muted">{t('calendar.none')}</p>
      ) : (
        <ul className="gd-list">
          {items.map((e) => (
            <li key={e.id}>
              <span>{e.title}</span>
              <span className="gd-muted">
                {formatDate(e.startsOn)}
                {e.endsOn !== e.startsOn ? ` – ${formatDate(e.endsOn)}` : ''} · {t(`calendar.kind.${e.kind}` as MessageId)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Notices(props: { schoolId: string }) {
  const t = useT();
  const q = guardianApi.useChildNoticesQuery({ schoolId: props.schoolId });
  return (
    <Card className="gd-card">
      <h2>
        {t('notices.title')} {q.data && q.data.unread > 0 ? <Tag intent="primary">{t('notices.unread', { count: q.data.unread })}</Tag> : null}
      </h2>
      {q.data && q.data.items.length === 0 ? <p className="gd-muted">{t('notices.none')}</p> : null}
      <ul className="gd-list">
        {q.data?.items.map((n) => (
          <li key={n.id}>
            <span className={n.readAt ? '' : 'gd-strong'}>{n.title}</span>
            <span className="gd-muted">{formatDate(n.publishedAt)}</span>
          </li>
        ))}
      </ul>
      <Link className="gd-link" to={`/workspace/${props.schoolId}/notices`}>
        {t('notices.all')}
      </Link>
    </Card>
  );
}

function ConsentRow(props: { c: ConsentState; onChange: (status: 'given' | 'withdrawn') => void; busy: boolean }) {
  const t = useT();
  const { c } = props;
  return (
    <li className="gd-consent" data-consent={c.kind}>
      <div>
        <strong>{t(`consent.kind.${c.kind}` as MessageId)}</strong>
        <p className="gd-muted">
          {t(`consent.status.${c.status}` as MessageId)}
          {c.at ? ` · ${formatDate(c.at)}` : ''}
        </p>
      </div>
      {c.status === 'given' ? (
        <Button className="gd-touch" intent="danger" minimal loading={props.busy} onClick={() => props.onChange('withdrawn')}>
          {t('consent.withdraw')}
        </Button>
      ) : (
        <Button className="gd-touch" minimal loading={props.busy} onClick={() => props.onChange('given')}>
          {t('consent.give')}
        </Button>
      )}
    </li>
  );
}

function DataRights(props: { schoolId: string; studentId: string }) {
  const t = useT();
  const q = guardianApi.useDataRightsQuery({ schoolId: props.schoolId, studentId: props.studentId });
  const [record, recording] = guardianApi.useRecordConsentMutation();
  const [ask, asking] = guardianApi.useRequestCorrectionMutation();
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!q.data) return null;
  const held = q.data.held.filter((h) => h.fields.some((f) => f.held));
  const submit = async () => {
    setError(null);
    try {
      await ask({ schoolId: props.schoolId, studentId: props.studentId, body: { message } }).unwrap();
      setMessage('');
      setSent(true);
    } catch (e) {
      setError(asApiError(e).details?.message ?? asApiError(e).serverMessage ?? t('rights.failed'));
    }
  };
  return (
    <Card className="gd-card" data-testid="data-rights">
      <h2>{t('rights.title')}</h2>
      <p className="gd-muted">{t('rights.intro')}</p>
      <h3>{t('rights.held')}</h3>
      <ul className="gd-tags">
        {held.map((h) => (
          <li key={h.category}>
            <Tag minimal large>
              {t(`rights.category.${h.category}` as MessageId)}
            </Tag>
          </li>
        ))}
      </ul>
      <h3>{t('rights.consents')}</h3>
      <ul className="gd-consents">
        {q.data.consents.map((c) => (
          <ConsentRow
            key={c.kind}
            c={c}
            busy={recording.isLoading}
            onChange={(status) => void record({ schoolId: props.schoolId, studentId: props.studentId, body: { kind: c.kind, status } })}
          />
        ))}
      </ul>
      <h3>{t('rights.correction')}</h3>
      <FormGroup label={t('rights.whatIsWrong')} labelFor="gd-correction">
        <TextArea id="gd-correction" fill rows={3} value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
      </FormGroup>
      {error ? <Callout intent="danger">{error}</Callout> : null}
      {sent ? <Callout intent="success">{t('rights.sent')}</Callout> : null}
      <Button className="gd-touch" intent="primary" loading={asking.isLoading} disabled={message.trim() === ''} onClick={() => void submit()}>
        {t('rights.send')}
      </Button>
      {q.data.requests.length > 0 ? (
        <ul className="gd-list">
          {q.data.requests.map((r) => (
            <li key={r.id}>
              <span>{r.message}</span>
              <span className="gd-muted">
                {t(`rights.request.${r.status}` as MessageId)} · {formatDate(r.requestedAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/**
 * The child this device's guardian last looked at in this school (STORAGE_KEYS.child): the page opens
 * on them, and the workspace's document asks for their first answers with its own (issue 37).
 */
function rememberedChild(schoolId: string): string | null {
  const [school, studentId] = (getPlatform().storage.get(STORAGE_KEYS.child) ?? '').split(' ');
  return school === schoolId && studentId ? studentId : null;
}

function rememberChild(schoolId: string, studentId: string, sectionId: string | null) {
  getPlatform().storage.set(STORAGE_KEYS.child, `${schoolId} ${studentId} ${sectionId ?? '-'}`);
}

/** The guardian's phone-first view: one child at a time, everything the school shares about them. */
export function Component() {
  const t = useT();
  const { schoolId } = useSchool();
  const list = guardianApi.useChildrenQuery({ schoolId });
  const children = list.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  // The page opens on the child it last showed on this device (when still theirs), else the first.
  const [remembered] = useState(() => rememberedChild(schoolId));
  const studentId = picked ?? (remembered && children.some((c) => c.id === remembered) ? remembered : children[0]?.id) ?? null;
  const child = guardianApi.useChildQuery({ schoolId, studentId: studentId ?? '' }, { skip: !studentId });
  // The cards at the top of a phone's screen change height when their answers arrive, and pushed the
  // cards under them down (a layout shift of 0.06 on Lighthouse's phone: docs/performance.md). Their
  // answers are asked for here, beside the child's own (the cards read the same cache entries), and
  // the cards are drawn together once those are in: new cards appear below, nothing already drawn moves.
  const attendance = guardianApi.useChildAttendanceQuery({ schoolId, studentId: studentId ?? '' }, { skip: !studentId });
  // The list already names each child's section: the timetable is asked for beside the child's own
  // answer instead of after it (one round trip fewer before the page draws, issue 37). The child's
  // enrolment decides once it is in; a section that turns out different only costs a request.
  const listed = children.find((c) => c.id === studentId);
  const sectionId = child.data ? (child.data.student.enrolment?.sectionId ?? null) : (listed?.sectionId ?? null);
  const timetable = guardianApi.useChildTimetableQuery({ schoolId, sectionId: sectionId ?? '' }, { skip: !sectionId });
  const settled = (q: { data?: unknown; isError: boolean }) => q.data !== undefined || q.isError;
  const student = child.data && settled(attendance) && (!sectionId || settled(timetable)) ? child.data.student : undefined;
  const shown = student?.id ?? null;
  const shownSection = student?.enrolment?.sectionId ?? null;
  // The next visit opens on this child, and the document asks for their answers first.
  useEffect(() => {
    if (shown) rememberChild(schoolId, shown, shownSection);
  }, [schoolId, shown, shownSection]);
  // The cards under the first three draw once those have been painted: the child's details,
  // attendance and timetable, the top of a phone's screen, no longer wait for the other five to be
  // drawn, nor share the network with their answers, which are asked for only then (issue 37). They
  // appear below the first three, so nothing already drawn moves.
  const [rest, setRest] = useState<string | null>(null);
  useEffect(() => {
    if (!shown) return;
    let timer = 0;
    // A frame's callbacks run before it is painted: the timer after it runs once it has been.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setRest(shown), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  if (list.isError) return <Callout intent="danger">{t('children.loadFailed')}</Callout>;
  if (list.data && children.length === 0) return <EmptyState icon="person" title={t('children.emptyTitle')} description={t('children.emptyText')} />;
  return (
    <section className="gd-page">
      <h1>{t('children.heading')}</h1>
      {children.length > 1 ? (
        <div className="gd-switch" role="tablist" aria-label={t('children.choose')}>
          {children.map((c) => (
            <Button key={c.id} role="tab" aria-selected={c.id === studentId} className="gd-touch" intent={c.id === studentId ? 'primary' : 'none'} onClick={() => setPicked(c.id)}>
              {c.firstName}
            </Button>
          ))}
        </div>
      ) : null}
      {student ? (
        <div className="gd-grid">
          <Details student={student} />
          <AttendanceSection schoolId={schoolId} studentId={student.id} />
          {student.enrolment ? <Timetable schoolId={schoolId} sectionId={student.enrolment.sectionId} /> : null}
          {rest === student.id ? (
            <>
              <Notices schoolId={schoolId} />
              {/* Keyed by the child: another child's card starts again at their current year. */}
              <ResultsSection key={student.id} schoolId={schoolId} studentId={student.id} academicYear={student.enrolment?.academicYear ?? null} />
              <DuesSection schoolId={schoolId} studentId={student.id} />
              <Calendar schoolId={schoolId} />
              <DataRights schoolId={schoolId} studentId={student.id} />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
