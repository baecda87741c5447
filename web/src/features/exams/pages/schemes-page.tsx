import { Button, Callout, Card, Checkbox, InputGroup, NumericInput, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { SCHOOL_LOGO_TYPES, type AssessmentScheme, type ExamComponent } from '@vidyalaya/shared/exams';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useFileUrl } from '../../../lib/api/files';
import { EmptyState } from '../../../lib/ui/empty-state';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { logoPath, usePutReportSettingsMutation, usePutSchemeMutation, useRemoveLogoMutation, useReportSettingsQuery, useSchemesQuery, useUploadLogoMutation } from '../api/exams-api';
import { useT, type MessageId } from '../i18n';
import '../components/exams.css';

/** /workspace/{schoolId}/exams/schemes: the school's assessment schemes per class band and term, editable until marks use them. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const canManage = roleHas(home.role, 'exams.manage');
  const schemes = useSchemesQuery({ schoolId }, { skip: !canManage });
  if (!canManage) return <Navigate to={`/workspace/${schoolId}/exams`} replace />;
  return (
    <section className="ex-page">
      <div className="ws-section-head">
        <h1>{t('schemes.title')}</h1>
        <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/exams`}>
          {t('schemes.back')}
        </Link>
      </div>
      <ReportSettingsCard schoolId={schoolId} />
      <p className="ex-muted">{t('schemes.help')}</p>
      {schemes.isLoading ? (
        <Spinner size={24} aria-label={t('common.loading')} />
      ) : !schemes.data ? (
        <EmptyState headingLevel={2} icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} />
      ) : (
        schemes.data.schemes.map((s) => <SchemeCard key={`${s.band}-${s.term}-${JSON.stringify(s.components)}`} schoolId={schoolId} scheme={s} />)
      )}
    </section>
  );
}

function SchemeCard({ schoolId, scheme }: { schoolId: string; scheme: AssessmentScheme }) {
  const t = useT();
  const [put, saving] = usePutSchemeMutation();
  const [components, setComponents] = useState<ExamComponent[]>(scheme.components);
  const [error, setError] = useState<{ message: string; details: Record<string, string> } | null>(null);
  const title = t('schemes.cardTitle', { band: t(`schemes.band.${scheme.band}` as MessageId), term: scheme.term });
  const total = components.reduce((n, c) => n + (Number.isFinite(c.maxMarks) ? c.maxMarks : 0), 0);
  const set = (i: number, patch: Partial<ExamComponent>) => setComponents(components.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await put({ schoolId, band: scheme.band, term: scheme.term, components }).unwrap();
      toast({ title: t('schemes.saved', { scheme: title }), intent: 'success' });
    } catch (err) {
      const x = err as { message?: string; details?: Record<string, string> };
      setError({ message: x.message ?? t('schemes.failed'), details: x.details ?? {} });
    }
  }
  return (
    <Card className="ws-card ex-create" data-scheme={`${scheme.band}-${scheme.term}`}>
      <form onSubmit={(e) => void save(e)} aria-label={title}>
        <div className="ws-section-head">
          <h2>{title}</h2>
          {scheme.locked ? <Tag intent="warning">{t('schemes.locked')}</Tag> : scheme.custom ? <Tag>{t('schemes.custom')}</Tag> : <Tag minimal>{t('schemes.preset')}</Tag>}
        </div>
        {scheme.locked ? <p className="ex-muted">{t('schemes.lockedNote')}</p> : null}
        <fieldset className="ex-fieldset" disabled={scheme.locked}>
          <legend>{t('exams.components')}</legend>
          {components.map((c, i) => (
            <div className="ex-component" key={i}>
              <InputGroup aria-label={t('exams.componentName', { n: i + 1 })} className="ws-touch" value={c.name} onChange={(e) => set(i, { name: e.target.value })} disabled={scheme.locked} />
              <NumericInput aria-label={t('exams.componentMax', { n: i + 1 })} className="ws-touch ex-max" min={1} max={1000} value={c.maxMarks} onValueChange={(v) => set(i, { maxMarks: v })} disabled={scheme.locked} />
              {!scheme.locked ? <Button className="ws-touch" icon="trash" aria-label={t('exams.removeComponent', { n: i + 1 })} onClick={() => setComponents(components.filter((_, j) => j !== i))} /> : null}
              {error?.details[`components.${i}.maxMarks`] || error?.details[`components.${i}.name`] ? (
                <p className="ex-error">{error.details[`components.${i}.maxMarks`] ?? error.details[`components.${i}.name`]}</p>
              ) : null}
            </div>
          ))}
          <p className="ex-muted">{t('schemes.total', { total })}</p>
          {!scheme.locked ? <Button className="ws-touch" icon="add" text={t('exams.addComponent')} onClick={() => setComponents([...components, { name: '', maxMarks: 10 }])} /> : null}
        </fieldset>
        {error ? (
          <Callout intent="danger" role="alert">
            {error.message}
          </Callout>
        ) : null}
        {!scheme.locked ? (
          <div className="ex-actions">
            <Button className="ws-touch" intent="primary" type="submit" loading={saving.isLoading} disabled={components.length === 0} text={t('schemes.save')} />
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/** The report-card settings: show ranks, and the school's logo on the card's header. */
function ReportSettingsCard({ schoolId }: { schoolId: string }) {
  const t = useT();
  const settings = useReportSettingsQuery({ schoolId });
  const [put, saving] = usePutReportSettingsMutation();
  const [upload, uploading] = useUploadLogoMutation();
  const [remove, removing] = useRemoveLogoMutation();
  const s = settings.data?.settings;
  const fail = (err: unknown) => toastError(t('reportSettings.failed'), (err as { message?: string }).message);
  return (
    <Card className="ws-card ex-create" aria-busy={saving.isLoading || uploading.isLoading || removing.isLoading}>
      <h2>{t('reportSettings.title')}</h2>
      {!s ? (
        <Spinner size={20} aria-label={t('common.loading')} />
      ) : (
        <>
          <Checkbox
            className="ex-check"
            checked={s.showRanks}
            label={t('reportSettings.showRanks')}
            onChange={(e) => void put({ schoolId, showRanks: e.currentTarget.checked }).unwrap().catch(fail)}
          />
          <p>{s.hasLogo ? t('reportSettings.hasLogo') : t('reportSettings.noLogo')}</p>
          {s.hasLogo ? <LogoPreview schoolId={schoolId} version={uploading.fulfilledTimeStamp ?? 0} /> : null}
          <div className="ex-actions">
            <label className="bp6-button ws-touch">
              {s.hasLogo ? t('reportSettings.replaceLogo') : t('reportSettings.uploadLogo')}
              <input
                type="file"
                accept={SCHOOL_LOGO_TYPES.join(',')}
                className="ex-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) void upload({ schoolId, file }).unwrap().then(() => toast({ title: t('reportSettings.logoSaved'), intent: 'success' }), fail);
                }}
              />
            </label>
            {s.hasLogo ? <Button className="ws-touch" icon="trash" text={t('reportSettings.removeLogo')} onClick={() => void remove({ schoolId }).unwrap().catch(fail)} /> : null}
          </div>
          <p className="ex-muted">{t('reportSettings.logoHelp')}</p>
        </>
      )}
    </Card>
  );
}

/** The logo as stored (GET …/logo, fetched with the session's token into a blob: URL); fetched again after each upload. */
function LogoPreview({ schoolId, version }: { schoolId: string; version: number }) {
  const t = useT();
  const url = useFileUrl(logoPath(schoolId), version);
  return url ? <img className="ex-logo-preview" src={url} alt={t('reportSettings.logoAlt')} /> : null;
}
