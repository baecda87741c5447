import { Callout, HTMLSelect, HTMLTable, InputGroup, FormGroup, Spinner } from '@blueprintjs/core';
import { ATTENDANCE_THRESHOLD } from '@vidyalaya/shared/attendance';
import { SCHOLASTIC_GRADE_NAMES } from '@vidyalaya/shared/exams';
import { AGEING_BANDS, type AgeingBand } from '@vidyalaya/shared/insights';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatMoney, formatNumber, todayInIST } from '../../../lib/i18n/format';
import { useSchool } from '../../../lib/workspace/school-context';
import {
  useAttendanceInsightsQuery,
  useFeesInsightsQuery,
  useInsightsBelowQuery,
  useInsightsDefaultersQuery,
  useResultsInsightsQuery,
  useStrengthInsightsQuery,
} from '../api/insights-api';
import { useT, type MessageId } from '../i18n';
import { BarChart, FigureTable, LineChart, type Series } from './charts';
import { axisRupees, dayMonth, daysSince, monthLabel, pct } from './format';

// Colours with at least 3:1 contrast on white (WCAG 1.4.11), each paired with its own fill pattern.
const BLUE = '#215db0';
const GREEN = '#1c6e42';
const ORANGE = '#935610';
const PURPLE = '#7961db';
const RED = '#ac2f33';

function Frame(props: { title: string; kind: string; detail: boolean; loading: boolean; failed: boolean; children: React.ReactNode }) {
  const t = useT();
  const { schoolId } = useSchool();
  const [params] = useSearchParams();
  return (
    <section className="insights-card" aria-labelledby={`insights-${props.kind}-title`} data-testid={`insights-${props.kind}`}>
      <h2 id={`insights-${props.kind}-title`}>
        {props.detail ? props.title : <Link to={`/workspace/${schoolId}/insights/${props.kind}?${params.toString()}`}>{props.title}</Link>}
      </h2>
      {props.loading ? <Spinner size={20} /> : null}
      {props.failed ? <Callout intent="danger">{t('insights.loadFailed')}</Callout> : null}
      {props.children}
      {!props.detail ? (
        <Link className="insights-more" to={`/workspace/${schoolId}/insights/${props.kind}`}>
          {t('insights.details')}
        </Link>
      ) : null}
    </section>
  );
}

/** Reads and writes one filter of the address (the chart's filter stays in the URL). */
function useParam(name: string): [string | undefined, (v: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get(name) ?? undefined,
    (v) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (v) next.set(name, v);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
  ];
}

export function AttendanceCard(props: { detail?: boolean }) {
  const t = useT();
  const { schoolId } = useSchool();
  const [from, setFrom] = useParam('from');
  const [to, setTo] = useParam('to');
  const [classId, setClassId] = useParam('classId');
  const [date, setDate] = useParam('date');
  const q = useAttendanceInsightsQuery({ schoolId, from, to, classId });
  const d = q.data;
  const below = useInsightsBelowQuery({ schoolId, asOf: date ?? d?.to }, { skip: !props.detail || !d });
  const under = (p: number) => p < ATTENDANCE_THRESHOLD;
  const children = (below.data?.items ?? []).filter((x) => x.risk === 'below' && (!classId || x.classId === classId));
  return (
    <Frame title={t('insights.attendance.title')} kind="attendance" detail={!!props.detail} loading={q.isFetching} failed={q.isError}>
      {d ? (
        <>
          <p>{t('insights.attendance.summary', { from: formatDate(d.from), to: formatDate(d.to) })}</p>
          {props.detail ? (
            <div className="insights-filters">
              <FormGroup label={t('insights.attendance.from')} labelFor="ins-from">
                <InputGroup id="ins-from" type="date" value={from ?? d.from} onChange={(e) => setFrom(e.target.value || undefined)} />
              </FormGroup>
              <FormGroup label={t('insights.attendance.to')} labelFor="ins-to">
                <InputGroup id="ins-to" type="date" value={to ?? d.to} onChange={(e) => setTo(e.target.value || undefined)} />
              </FormGroup>
              <FormGroup label={t('insights.attendance.class')} labelFor="ins-class">
                <HTMLSelect id="ins-class" value={classId ?? ''} onChange={(e) => setClassId(e.target.value || undefined)}>
                  <option value="">{t('insights.attendance.allClasses')}</option>
                  {d.classes.map((c) => (
                    <option key={c.classId} value={c.classId}>
                      {c.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </div>
          ) : null}
          {d.days.length === 0 ? (
            <p>{t('insights.empty')}</p>
          ) : (
            <LineChart
              id="ins-att"
              title={t('insights.attendance.title')}
              labels={d.days.map((x) => dayMonth(x.date))}
              series={[{ label: t('insights.attendance.percent'), values: d.days.map((x) => x.percent), fill: 'solid', color: BLUE }]}
              max={100}
              format={(v) => `${v} %`}
              threshold={{ value: ATTENDANCE_THRESHOLD, label: t('insights.attendance.threshold') }}
              table={
                <FigureTable
                  caption={t('insights.attendance.title')}
                  head={[t('insights.attendance.date'), t('insights.attendance.percent'), t('insights.attendance.below')]}
                  rows={d.days.map((x, i) => [formatDate(x.date), pct(x.percent), formatNumber(d.belowThreshold[i]?.count ?? 0)])}
                />
              }
            />
          )}
          {d.classes.length > 0 ? (
            <BarChart
              id="ins-att-classes"
              title={t('insights.attendance.classes')}
              labels={d.classes.map((c) => c.name)}
              series={[{ label: t('insights.attendance.percent'), values: d.classes.map((c) => c.percent), fill: 'solid', color: BLUE }]}
              max={100}
              format={(v) => `${v} %`}
              flag={(i) => under(d.classes[i].percent)}
              onSelect={props.detail ? (i) => setClassId(d.classes[i].classId) : undefined}
              table={
                <FigureTable
                  caption={t('insights.attendance.classes')}
                  head={[t('insights.attendance.class'), t('insights.attendance.percent'), t('insights.attendance.underThreshold')]}
                  rows={d.classes.map((c) => [c.name, pct(c.percent), under(c.percent) ? '⚠' : ''])}
                />
              }
            />
          ) : null}
          {props.detail ? (
            <div className="insights-drill">
              <h3>{t('insights.attendance.children', { date: formatDate(date ?? d.to) })}</h3>
              <FormGroup label={t('insights.attendance.date')} labelFor="ins-date">
                <HTMLSelect id="ins-date" value={date ?? d.to} onChange={(e) => setDate(e.target.value === d.to ? undefined : e.target.value)}>
                  {[...new Set([d.to, ...d.days.map((x) => x.date).reverse()])].map((x) => (
                    <option key={x} value={x}>
                      {formatDate(x)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              {below.isFetching ? <Spinner size={20} /> : null}
              {below.data && children.length === 0 ? <p>{t('insights.attendance.noChildren')}</p> : null}
              {children.length > 0 ? (
                <div className="insights-table-wrap">
                  <HTMLTable compact striped data-testid="insights-children">
                    <thead>
                      <tr>
                        <th>{t('insights.attendance.student')}</th>
                        <th>{t('insights.attendance.class')}</th>
                        <th className="insights-num">{t('insights.attendance.percent')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {children.map((x) => (
                        <tr key={x.studentId}>
                          <td>
                            <Link to={`/workspace/${schoolId}/students/${x.studentId}`}>{x.name}</Link>
                          </td>
                          <td>{[x.className, x.sectionName].filter(Boolean).join(' ')}</td>
                          <td className="insights-num">{x.percentage === null ? '—' : pct(x.percentage)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </div>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </Frame>
  );
}

export function FeesCard(props: { detail?: boolean }) {
  const t = useT();
  const { schoolId } = useSchool();
  const [year, setYear] = useParam('academicYear');
  const [band, setBand] = useParam('band');
  const q = useFeesInsightsQuery({ schoolId, academicYear: year });
  const d = q.data;
  const defaulters = useInsightsDefaultersQuery({ schoolId }, { skip: !props.detail });
  const today = d?.asOf ?? todayInIST();
  const inBand = (defaulters.data?.items ?? []).filter((x) => !band || bandOf(daysSince(x.oldestDueOn, today)) === band);
  const series: Series[] = [
    { label: t('insights.fees.due'), values: d?.months.map((m) => m.duePaise) ?? [], fill: 'hatch', color: ORANGE },
    { label: t('insights.fees.collected'), values: d?.months.map((m) => m.collectedPaise) ?? [], fill: 'solid', color: GREEN },
  ];
  return (
    <Frame title={t('insights.fees.title')} kind="fees" detail={!!props.detail} loading={q.isFetching} failed={q.isError}>
      {d ? (
        <>
          <p>{t('insights.fees.summary', { year: d.academicYear })}</p>
          {props.detail ? (
            <div className="insights-filters">
              <FormGroup label={t('insights.fees.year')} labelFor="ins-year">
                <InputGroup id="ins-year" value={year ?? d.academicYear} pattern="\d{4}-\d{2}" onChange={(e) => (/^\d{4}-\d{2}$/.test(e.target.value) ? setYear(e.target.value) : undefined)} />
              </FormGroup>
            </div>
          ) : null}
          <BarChart
            id="ins-fees"
            title={t('insights.fees.title')}
            labels={d.months.map((m) => monthLabel(m.month).slice(0, 2))}
            series={series}
            format={axisRupees}
            table={
              <FigureTable
                caption={t('insights.fees.title')}
                head={[t('insights.fees.month'), t('insights.fees.due'), t('insights.fees.collected')]}
                rows={d.months.map((m) => [monthLabel(m.month), formatMoney(m.duePaise), formatMoney(m.collectedPaise)])}
              />
            }
          />
          <h3>{t('insights.fees.ageing', { date: formatDate(d.asOf) })}</h3>
          <BarChart
            id="ins-ageing"
            title={t('insights.fees.ageing', { date: formatDate(d.asOf) })}
            labels={d.ageing.map((a) => a.band)}
            series={[{ label: t('insights.fees.balance'), values: d.ageing.map((a) => a.paise), fill: 'dots', color: RED }]}
            format={axisRupees}
            onSelect={props.detail ? (i) => setBand(d.ageing[i].band) : undefined}
            table={
              <FigureTable
                caption={t('insights.fees.ageing', { date: formatDate(d.asOf) })}
                head={[t('insights.fees.band'), t('insights.fees.amount'), t('insights.fees.students')]}
                rows={d.ageing.map((a) => [a.band, formatMoney(a.paise), formatNumber(a.students)])}
              />
            }
          />
          {props.detail ? (
            <>
              <h3>{t('insights.fees.byMode')}</h3>
              <FigureTableVisible
                caption={t('insights.fees.byMode')}
                head={[t('insights.fees.mode'), t('insights.fees.amount')]}
                rows={d.byMode.filter((m) => m.paise > 0).map((m) => [t(`insights.mode.${m.mode}` as MessageId), formatMoney(m.paise)])}
              />
              <div className="insights-drill">
                <FormGroup label={t('insights.fees.band')} labelFor="ins-band">
                  <HTMLSelect id="ins-band" value={band ?? ''} onChange={(e) => setBand(e.target.value || undefined)}>
                    <option value="">{t('insights.fees.allDefaulters')}</option>
                    {AGEING_BANDS.map((b) => (
                      <option key={b} value={b}>
                        {b}
                      </option>
                    ))}
                  </HTMLSelect>
                </FormGroup>
                <h3>{band ? t('insights.fees.defaulters', { band }) : t('insights.fees.allDefaulters')}</h3>
                {defaulters.isFetching ? <Spinner size={20} /> : null}
                {defaulters.data && inBand.length === 0 ? <p>{t('insights.fees.noDefaulters')}</p> : null}
                {inBand.length > 0 ? (
                  <FigureTableVisible
                    caption={band ? t('insights.fees.defaulters', { band }) : t('insights.fees.allDefaulters')}
                    head={[t('insights.attendance.student'), t('insights.attendance.class'), t('insights.fees.oldestDue'), t('insights.fees.balance')]}
                    rows={inBand.map((x) => [x.studentName, [x.className, x.sectionName].filter(Boolean).join(' '), formatDate(x.oldestDueOn), formatMoney(x.balance)])}
                  />
                ) : null}
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </Frame>
  );
}

function bandOf(days: number): AgeingBand {
  return days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
}

function FigureTableVisible(props: { caption: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="insights-table-wrap insights-visible-table">
      <FigureTable {...props} />
    </div>
  );
}

export function ResultsCard(props: { detail?: boolean }) {
  const t = useT();
  const { schoolId } = useSchool();
  const [examId] = useParam('examId');
  const [subjectId, setSubjectId] = useParam('subjectId');
  const q = useResultsInsightsQuery({ schoolId, examId });
  const d = q.data;
  const colours = [GREEN, GREEN, BLUE, BLUE, PURPLE, PURPLE, ORANGE, RED];
  const fills: Series['fill'][] = ['solid', 'hatch', 'solid', 'hatch', 'solid', 'hatch', 'dots', 'solid'];
  const subject = d?.subjects.find((s) => s.subjectId === subjectId);
  return (
    <Frame title={t('insights.results.title')} kind="results" detail={!!props.detail} loading={q.isFetching} failed={q.isError}>
      {d && !d.exam ? <p>{t('insights.results.none')}</p> : null}
      {d?.exam ? (
        <>
          <p>{t('insights.results.summary', { exam: d.exam.name })}</p>
          {d.subjects.length === 0 ? <p>{t('insights.empty')}</p> : null}
          {d.subjects.length > 0 ? (
            <BarChart
              id="ins-results"
              title={t('insights.results.title')}
              labels={d.subjects.map((s) => s.name)}
              series={SCHOLASTIC_GRADE_NAMES.map((g, i) => ({ label: g, values: d.subjects.map((s) => s.grades[g]), fill: fills[i], color: colours[i] }))}
              format={(v) => formatNumber(Math.round(v))}
              counts
              onSelect={props.detail ? (i) => setSubjectId(d.subjects[i].subjectId) : undefined}
              table={
                <FigureTable
                  caption={t('insights.results.title')}
                  head={[t('insights.results.subject'), t('insights.results.mean'), ...SCHOLASTIC_GRADE_NAMES]}
                  rows={d.subjects.map((s) => [s.name, pct(s.mean), ...SCHOLASTIC_GRADE_NAMES.map((g) => formatNumber(s.grades[g]))])}
                />
              }
            />
          ) : null}
          {d.sections.length > 0 ? (
            <BarChart
              id="ins-sections"
              title={t('insights.results.sections')}
              labels={d.sections.map((s) => s.name)}
              series={[{ label: t('insights.results.mean'), values: d.sections.map((s) => s.mean), fill: 'solid', color: BLUE }]}
              max={100}
              format={(v) => `${v} %`}
              table={
                <FigureTable
                  caption={t('insights.results.sections')}
                  head={[t('insights.results.section'), t('insights.results.mean')]}
                  rows={d.sections.map((s) => [s.name, pct(s.mean)])}
                />
              }
            />
          ) : null}
          {props.detail && d.subjects.length > 0 ? (
            <div className="insights-drill">
              <FormGroup label={t('insights.results.pickSubject')} labelFor="ins-subject">
                <HTMLSelect id="ins-subject" value={subjectId ?? ''} onChange={(e) => setSubjectId(e.target.value || undefined)}>
                  <option value="">—</option>
                  {d.subjects.map((s) => (
                    <option key={s.subjectId} value={s.subjectId}>
                      {s.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              {subject ? (
                <ul className="insights-links" data-testid="insights-mark-sheets">
                  {d.sections.map((s) => (
                    <li key={s.sectionId}>
                      <Link to={`/workspace/${schoolId}/exams/${d.exam!.id}/marks/${s.sectionId}/${subject.subjectId}`}>
                        {t('insights.results.markSheet', { section: `${s.name} · ${subject.name}` })}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </Frame>
  );
}

export function StrengthCard(props: { detail?: boolean }) {
  const t = useT();
  const { schoolId } = useSchool();
  const q = useStrengthInsightsQuery({ schoolId });
  const d = q.data;
  const keys = ['boys', 'girls', 'other', 'rte', 'cwsn'] as const;
  const looks: Pick<Series, 'fill' | 'color'>[] = [
    { fill: 'solid', color: BLUE },
    { fill: 'hatch', color: PURPLE },
    { fill: 'dots', color: ORANGE },
    { fill: 'solid', color: GREEN },
    { fill: 'hatch', color: RED },
  ];
  return (
    <Frame title={t('insights.strength.title')} kind="strength" detail={!!props.detail} loading={q.isFetching} failed={q.isError}>
      {d ? (
        <>
          <p>{t('insights.strength.summary', { year: d.academicYear })}</p>
          {d.classes.length === 0 ? (
            <p>{t('insights.empty')}</p>
          ) : (
            <BarChart
              id="ins-strength"
              title={t('insights.strength.title')}
              labels={d.classes.map((c) => c.name.replace(/^Class /, ''))}
              series={keys.map((k, i) => ({ label: t(`insights.strength.${k}`), values: d.classes.map((c) => c[k]), ...looks[i] }))}
              format={(v) => formatNumber(Math.round(v))}
              counts
              table={
                <FigureTable
                  caption={t('insights.strength.title')}
                  head={[t('insights.strength.class'), ...keys.map((k) => t(`insights.strength.${k}`)), t('insights.strength.total')]}
                  rows={d.classes.map((c) => [c.name, ...keys.map((k) => formatNumber(c[k])), formatNumber(c.boys + c.girls + c.other)])}
                />
              }
            />
          )}
          {props.detail && d.classes.length > 0 ? (
            <FigureTableVisible
              caption={t('insights.strength.title')}
              head={[t('insights.strength.class'), ...keys.map((k) => t(`insights.strength.${k}`)), t('insights.strength.total')]}
              rows={d.classes.map((c) => [c.name, ...keys.map((k) => formatNumber(c[k])), formatNumber(c.boys + c.girls + c.other)])}
            />
          ) : null}
        </>
      ) : null}
    </Frame>
  );
}
