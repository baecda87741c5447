import { Alert, Button, Callout, Card, FormGroup, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { roleHas, WORKSPACE_MESSAGES } from '@vidyalaya/shared';
import { academicYearProblem, createAcademicYearSchema, defaultYearDates, type AcademicYearRecord } from '@vidyalaya/shared/academic-years';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { DateInput } from '../../../components/date-input';
import { asApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/i18n/format';
import { useAppDispatch } from '../../../lib/store/hooks';
import { loadedApis } from '../../../lib/store/lazy-apis';
import { toast } from '../../../lib/toast';
import { useAcademicYearsQuery, useCreateAcademicYearMutation, useMakeYearCurrentMutation } from '../api/workspace-api';
import { apiErrorText } from '../components/api-error-text';
import { EmptyState } from '../components/empty-state';
import { useSchool } from '../components/workspace-context';
import { useT, type MessageId } from '../i18n';

/** The year after the newest one ('2026-27' → '2027-28'); this year's by the calendar when there is none. */
function nextYearName(items: AcademicYearRecord[], today = new Date()): string {
  const newest = items.map((y) => Number(y.name.slice(0, 4))).filter(Number.isFinite).sort((a, b) => b - a)[0];
  const start = newest !== undefined ? newest + 1 : today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The shared rules' English messages → this page's words. */
const PROBLEMS: Record<string, MessageId> = {
  [WORKSPACE_MESSAGES.yearNameFormat]: 'years.error.name',
  [WORKSPACE_MESSAGES.yearDatesMismatch]: 'years.error.dates',
  [WORKSPACE_MESSAGES.yearEndsBeforeStart]: 'years.error.order',
};

/**
 * /workspace/{schoolId}/academic-years (issue 36 point 7, DECISIONS "Academic years"): the school's
 * years, newest first, the current one marked; add the next year (April to March unless other dates
 * are given); make another year the current one, after a confirmation, since every page then shows
 * that year. Admins only (academicYears.manage). The year end (promotion) makes the new year's
 * classes; this screen makes a year, or switches back to one.
 */
export function Component() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { schoolId, home } = useSchool();
  const canManage = roleHas(home.role, 'academicYears.manage');
  const years = useAcademicYearsQuery(schoolId, { skip: !canManage });
  const [create, creating] = useCreateAcademicYearMutation();
  const [makeCurrent, switching] = useMakeYearCurrentMutation();
  const [name, setName] = useState<string | null>(null);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [error, setError] = useState<{ field: 'name' | 'startsOn' | 'endsOn' | null; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [toSwitch, setToSwitch] = useState<AcademicYearRecord | null>(null);
  if (!canManage) return <Navigate to={`/workspace/${schoolId}`} replace />;

  const items = years.data?.items ?? [];
  const typedName = name ?? nextYearName(items);
  const defaults = defaultYearDates(typedName.trim());

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const body = { name: typedName.trim(), ...(startsOn ? { startsOn } : {}), ...(endsOn ? { endsOn } : {}) };
    const parsed = createAcademicYearSchema.safeParse(body);
    const problem = parsed.success ? academicYearProblem(body.name, startsOn || defaults?.startsOn || '', endsOn || defaults?.endsOn || '') : WORKSPACE_MESSAGES.yearNameFormat;
    if (problem) {
      const field = problem === WORKSPACE_MESSAGES.yearNameFormat ? 'name' : endsOn ? 'endsOn' : 'startsOn';
      setError({ field, text: t(PROBLEMS[problem] ?? 'years.error.dates') });
      return;
    }
    setError(null);
    try {
      const r = await create({ schoolId, ...body }).unwrap();
      setDone(t('years.created', { name: r.academicYear.name }));
      setName(null);
      setStartsOn('');
      setEndsOn('');
    } catch (err) {
      const code = asApiError(err).code;
      setError({ field: code === 'ACADEMIC_YEAR_EXISTS' ? 'name' : null, text: code === 'ACADEMIC_YEAR_EXISTS' ? t('years.error.exists') : apiErrorText(t, err, 'common.tryAgain') });
    }
  }

  async function onSwitch() {
    const year = toSwitch;
    setToSwitch(null);
    if (!year) return;
    try {
      await makeCurrent({ schoolId, yearId: year.id }).unwrap();
      toast({ title: t('years.switched', { name: year.name }), intent: 'success' });
      // Every page now reads another year: nothing cached may stay.
      for (const api of loadedApis()) dispatch(api.util.resetApiState());
    } catch (err) {
      toast({ title: t('years.switchFailed'), description: apiErrorText(t, err, 'common.tryAgain'), intent: 'danger' });
    }
  }

  return (
    <section className="ws-years">
      <h1>{t('nav.academicYears')}</h1>
      <p className="ws-muted">{t('years.intro')}</p>
      {years.isLoading ? (
        <Spinner size={24} aria-label={t('common.loading')} />
      ) : years.isError ? (
        <EmptyState headingLevel={2} icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} action={<Button className="ws-touch" text={t('common.retry')} onClick={() => void years.refetch()} />} />
      ) : items.length === 0 ? (
        <p>{t('years.none')}</p>
      ) : (
        <Card className="ws-card ws-table-card">
          <HTMLTable className="ws-table" aria-label={t('nav.academicYears')}>
            <thead>
              <tr>
                <th scope="col">{t('years.name')}</th>
                <th scope="col">{t('years.dates')}</th>
                <th scope="col">{t('years.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((y) => (
                <tr key={y.id} data-testid={`year-${y.name}`}>
                  <td data-label={t('years.name')}>
                    <strong>{y.name}</strong>
                  </td>
                  <td data-label={t('years.dates')}>{t('years.span', { from: formatDate(y.startsOn), to: formatDate(y.endsOn) })}</td>
                  <td data-label={t('years.status')}>
                    {y.isCurrent ? (
                      <Tag intent="success" large>
                        {t('years.current')}
                      </Tag>
                    ) : (
                      <Button className="ws-touch" text={t('years.makeCurrent')} aria-label={t('years.makeCurrentName', { name: y.name })} loading={switching.isLoading && switching.originalArgs?.yearId === y.id} onClick={() => setToSwitch(y)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}

      <Card className="ws-card ws-years-add">
        <h2>{t('years.addTitle')}</h2>
        <form onSubmit={(e) => void onCreate(e)} noValidate aria-labelledby="ws-years-add-title">
          <span id="ws-years-add-title" className="ws-visually-hidden">
            {t('years.addTitle')}
          </span>
          <div className="ws-years-fields">
            <FormGroup label={t('years.name')} labelFor="ws-year-name" helperText={error?.field === 'name' ? undefined : t('years.nameHelp')} intent={error?.field === 'name' ? 'danger' : 'none'}>
              <InputGroup
                id="ws-year-name"
                value={typedName}
                onChange={(e) => setName(e.target.value)}
                placeholder="2027-28"
                inputMode="numeric"
                maxLength={7}
                intent={error?.field === 'name' ? 'danger' : 'none'}
                aria-invalid={error?.field === 'name' || undefined}
              />
            </FormGroup>
            <FormGroup label={t('years.startsOn')} labelFor="ws-year-starts" helperText={defaults ? t('years.defaultDate', { date: formatDate(defaults.startsOn) }) : undefined}>
              <DateInput id="ws-year-starts" value={startsOn} onChange={setStartsOn} aria-invalid={error?.field === 'startsOn' || undefined} />
            </FormGroup>
            <FormGroup label={t('years.endsOn')} labelFor="ws-year-ends" helperText={defaults ? t('years.defaultDate', { date: formatDate(defaults.endsOn) }) : undefined}>
              <DateInput id="ws-year-ends" value={endsOn} onChange={setEndsOn} aria-invalid={error?.field === 'endsOn' || undefined} />
            </FormGroup>
          </div>
          {/* The form's result beside its button (issue 36). */}
          {error ? (
            <Callout intent="danger" role="alert" className="ws-form-result">
              {error.text}
            </Callout>
          ) : null}
          {done ? (
            <Callout intent="success" role="status" className="ws-form-result">
              {done}
            </Callout>
          ) : null}
          <Button className="ws-touch" type="submit" intent="primary" icon="add" text={t('years.add')} loading={creating.isLoading} />
        </form>
      </Card>

      <Alert
        isOpen={toSwitch !== null}
        intent="warning"
        icon="warning-sign"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('years.makeCurrent')}
        onCancel={() => setToSwitch(null)}
        onConfirm={() => void onSwitch()}
      >
        <p>{toSwitch ? t('years.switchConfirm', { name: toSwitch.name }) : ''}</p>
      </Alert>
    </section>
  );
}
