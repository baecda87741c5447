import { Button, Card, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup, NumericInput, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type ExamComponent } from '@vidyalaya/shared/exams';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { EmptyState } from '../../../lib/ui/empty-state';
import { toast, toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useCreateExamMutation, useExamClassesQuery, useExamsQuery } from '../api/exams-api';
import { useT } from '../i18n';
import '../components/exams.css';

/** The school's exams; an admin creates one (classes of the year, components prefilled from the class band's preset). */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const canRead = roleHas(home.role, 'results.read') && home.role !== 'guardian';
  const canManage = roleHas(home.role, 'exams.manage');
  const exams = useExamsQuery({ schoolId }, { skip: !canRead });
  const [creating, setCreating] = useState(false);
  if (!canRead) return <Navigate to={`/workspace/${schoolId}`} replace />;
  const items = exams.data?.items ?? [];
  return (
    <section className="ex-page">
      <div className="ws-section-head">
        <h1>{t('exams.title')}</h1>
        {canManage ? (
          <Link className="bp6-button ws-touch" to={`/workspace/${schoolId}/exams/schemes`}>
            {t('schemes.open')}
          </Link>
        ) : null}
        {canManage && !creating ? <Button className="ws-touch" intent="primary" icon="add" text={t('exams.create')} onClick={() => setCreating(true)} /> : null}
      </div>
      {creating ? <CreateExam schoolId={schoolId} onDone={() => setCreating(false)} /> : null}
      {exams.isLoading ? (
        <Spinner size={24} aria-label={t('common.loading')} />
      ) : exams.isError ? (
        <EmptyState headingLevel={2} icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} action={<Button className="ws-touch" text={t('common.retry')} onClick={() => void exams.refetch()} />} />
      ) : items.length === 0 ? (
        <EmptyState headingLevel={2} icon="manual" title={t('exams.emptyTitle')} description={t('exams.emptyText')} />
      ) : (
        <Card className="ws-card ex-table-card">
          <HTMLTable className="ws-table ex-table" aria-label={t('exams.title')}>
            <thead>
              <tr>
                <th scope="col">{t('exams.name')}</th>
                <th scope="col">{t('exams.year')}</th>
                <th scope="col">{t('exams.classes')}</th>
                <th scope="col">{t('exams.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link className="ex-link" to={`/workspace/${schoolId}/exams/${e.id}`}>
                      {e.name}
                    </Link>
                  </td>
                  <td>{e.academicYear}</td>
                  <td>{e.classes.map((c) => c.name).join(', ')}</td>
                  <td>
                    <Tag intent={e.status === 'published' ? 'success' : 'none'}>{e.status === 'published' ? t('exams.published') : t('exams.draft')}</Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </section>
  );
}

function CreateExam({ schoolId, onDone }: { schoolId: string; onDone: () => void }) {
  const t = useT();
  const classes = useExamClassesQuery({ schoolId });
  const [create, creating] = useCreateExamMutation();
  const [name, setName] = useState('');
  const [term, setTerm] = useState(1);
  const [classIds, setClassIds] = useState<string[]>([]);
  const [components, setComponents] = useState<ExamComponent[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = classes.data?.classes ?? [];
  const year = classes.data?.academicYear ?? null;

  function toggle(id: string) {
    const next = classIds.includes(id) ? classIds.filter((c) => c !== id) : [...classIds, id];
    setClassIds(next);
    // The first class chosen brings its band's preset components (the school edits them).
    if (!components && next.length > 0) setComponents(list.find((c) => c.id === next[0])?.presetComponents ?? null);
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!year) return;
    try {
      const { exam } = await create({ schoolId, body: { name, academicYear: year, term, classIds, components: components ?? [] } }).unwrap();
      toast({ title: t('exams.created', { name: exam.name }) });
      onDone();
    } catch (err) {
      const e2 = err as { message?: string; details?: Record<string, string> };
      setErrors(e2.details ?? {});
      toastError(t('exams.createFailed'), e2.message);
    }
  }
  if (classes.isLoading) return <Spinner size={20} aria-label={t('common.loading')} />;
  return (
    <Card className="ws-card ex-create">
      <form onSubmit={(e) => void submit(e)} aria-label={t('exams.create')}>
        <h2>{t('exams.create')}</h2>
        {!year ? <p>{t('exams.noYear')}</p> : <p className="ex-muted">{t('exams.yearIs', { year })}</p>}
        <FormGroup label={t('exams.name')} labelFor="ex-name" helperText={errors.name} intent={errors.name ? 'danger' : 'none'}>
          <InputGroup id="ex-name" className="ws-touch" value={name} onChange={(e) => setName(e.target.value)} placeholder={t('exams.namePlaceholder')} />
        </FormGroup>
        <FormGroup label={t('exams.term')} labelFor="ex-term">
          <HTMLSelect id="ex-term" className="ws-touch" value={term} onChange={(e) => setTerm(Number(e.target.value))} options={[1, 2, 3, 4].map((n) => ({ value: n, label: t('exams.termN', { n }) }))} />
        </FormGroup>
        <fieldset className="ex-fieldset">
          <legend>{t('exams.classes')}</legend>
          {list.map((c) => (
            <Checkbox key={c.id} className="ex-check" checked={classIds.includes(c.id)} onChange={() => toggle(c.id)} label={c.name} />
          ))}
          {errors.classIds ? <p className="ex-error">{errors.classIds}</p> : null}
        </fieldset>
        {components ? (
          <fieldset className="ex-fieldset">
            <legend>{t('exams.components')}</legend>
            {components.map((c, i) => (
              <div className="ex-component" key={i}>
                <InputGroup aria-label={t('exams.componentName', { n: i + 1 })} className="ws-touch" value={c.name} onChange={(e) => setComponents(components.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
                <NumericInput aria-label={t('exams.componentMax', { n: i + 1 })} className="ws-touch ex-max" min={1} max={1000} value={c.maxMarks} onValueChange={(v) => setComponents(components.map((x, j) => (j === i ? { ...x, maxMarks: v } : x)))} />
                <Button className="ws-touch" icon="trash" aria-label={t('exams.removeComponent', { n: i + 1 })} onClick={() => setComponents(components.filter((_, j) => j !== i))} />
              </div>
            ))}
            <Button className="ws-touch" icon="add" text={t('exams.addComponent')} onClick={() => setComponents([...components, { name: '', maxMarks: 10 }])} />
          </fieldset>
        ) : null}
        <div className="ex-actions">
          <Button className="ws-touch" text={t('common.cancel')} onClick={onDone} />
          <Button className="ws-touch" intent="primary" type="submit" loading={creating.isLoading} disabled={!year || classIds.length === 0 || !components?.length} text={t('exams.save')} />
        </div>
      </form>
    </Card>
  );
}
