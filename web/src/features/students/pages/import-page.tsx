import { Button, Callout, Card, Checkbox, ProgressBar, Tag } from '@blueprintjs/core';
import { catalogueClassOf, roleHas } from '@vidyalaya/shared';
import { STUDENT_IMPORT_COLUMNS, type ImportError, type ImportResult, type StudentImportColumn } from '@vidyalaya/shared/students';
import { useMemo, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { asApiError } from '../../../lib/api/errors';
import { formatNumber } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { useImportStudentsMutation } from '../api/students-api';
import { fetchFile, saveBlob, schoolPath } from '../components/files';
import { StudentTabs } from '../components/student-tabs';
import { canCommit, fileErrorsOf, PreviewCell } from '../components/import-preview';
import { parseCsv, parseXlsx, tableFile, withCell, type Table } from '../components/table-file';
import { useLocalName } from '../../../lib/i18n/local-name';
import { translateMessage, useT, type MessageId } from '../i18n';
import '../components/students.css';

const PREVIEW_LIMIT = 300;
type Stage = 'idle' | 'checking' | 'checked' | 'committing' | 'done';

/**
 * The import (issue 14 item 3): download the template; upload a CSV or XLSX; a dry run answers each
 * row's errors, shown next to the cells they are about; the office corrects any cell here (or the
 * spreadsheet) and checks again; once every row is valid, one commit writes them all, or nothing.
 * Importing the same file again creates nothing new (the admission number is the key).
 */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const { schoolId, home } = useSchool();
  const [importStudents] = useImportStudentsMutation();
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState<Table | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(true);
  const [edited, setEdited] = useState(false);
  /** A cell changed since the last answer: check again before the commit is offered. */
  const [changed, setChanged] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const errorsByCell = useMemo(() => {
    const m = new Map<string, ImportError>();
    for (const e of result?.errors ?? []) if (!m.has(`${e.row}|${e.field}`)) m.set(`${e.row}|${e.field}`, e);
    return m;
  }, [result]);
  const badRows = useMemo(() => new Set((result?.errors ?? []).filter((e) => e.field !== 'file').map((e) => e.row)), [result]);
  const fileErrors = fileErrorsOf(result);

  if (!roleHas(home.role, 'students.import')) return <Navigate to={`/workspace/${schoolId}/students`} replace />;

  const header = table?.[0] ?? [];
  const colOf = (field: string) => header.findIndex((h) => h.trim().toLowerCase() === field.toLowerCase());
  /** The template's column a heading names ('dateofbirth' → 'dateOfBirth'), if any. */
  const fieldOf = (h: string) => STUDENT_IMPORT_COLUMNS.find((c) => c.toLowerCase() === h.trim().toLowerCase());
  /** A heading as people read it (issue 36: the preview showed 'guardianPhone'): "Guardian's mobile". */
  const headingOf = (h: string) => {
    const field = fieldOf(h);
    return field ? t(`students.import.col.${field}` as MessageId) : h;
  };

  /** What goes to the server: the chosen file as it is until a cell was fixed here, then the table as CSV. */
  const payload = (): File | null => {
    if (!edited || !table) return file;
    return tableFile(table, file?.name ?? 'students');
  };

  async function run(dryRun: boolean) {
    const body = payload();
    if (!body) return;
    setFailure(null);
    setStage(dryRun ? 'checking' : 'committing');
    try {
      const r = await importStudents({ schoolId, file: body, dryRun }).unwrap();
      setResult(r);
      setChanged(false);
      setStage(dryRun || r.invalid > 0 ? 'checked' : 'done');
    } catch (e) {
      const err = asApiError(e);
      setFailure(err.code === 'STUDENT_LIMIT_REACHED' ? t('students.import.limit') : translateMessage(t, err.message));
      setStage(result ? 'checked' : 'idle');
    }
  }

  async function choose(f: File | undefined) {
    if (!f) return;
    setFile(f);
    setResult(null);
    setEdited(false);
    setChanged(false);
    setFailure(null);
    try {
      const parsed = /\.xlsx$/i.test(f.name) ? await parseXlsx(await f.arrayBuffer(), new Set(['dateofbirth'])) : parseCsv(await f.text());
      setTable(parsed);
    } catch {
      setTable(null);
    }
    setStage('checking');
    try {
      const r = await importStudents({ schoolId, file: f, dryRun: true }).unwrap();
      setResult(r);
      setStage('checked');
    } catch (e) {
      setFailure(translateMessage(t, asApiError(e).message));
      setStage('idle');
    }
  }

  function setCell(row: number, col: number, value: string) {
    setTable((prev) => (prev ? withCell(prev, row, col, value) : prev));
    setEdited(true);
    setChanged(true);
  }

  async function template(format: 'csv' | 'xlsx') {
    try {
      saveBlob(await fetchFile(`${schoolPath(schoolId)}/students/import/template?format=${format}`), `students-template.${format}`);
    } catch {
      toastError(t('students.import.templateFailed'), t('students.tryAgain'));
    }
  }

  const rowsToShow: number[] = [];
  if (table) {
    for (let i = 2; i <= table.length; i++) {
      const cells = table[i - 1] ?? [];
      if (!cells.some((c) => c.trim() !== '')) continue;
      if (onlyErrors && result && result.invalid > 0 && !badRows.has(i)) continue;
      rowsToShow.push(i);
      if (rowsToShow.length >= PREVIEW_LIMIT) break;
    }
  }
  const busy = stage === 'checking' || stage === 'committing';
  const ready = canCommit(result, changed) && stage === 'checked';
  const newRows = result ? result.valid - (result.existing ?? 0) : 0;

  return (
    <section className="st-page">
      <div className="st-head">
        <h1>{t('students.import.title')}</h1>
      </div>
      <StudentTabs />
      <div className="st-steps">
        <Card className="st-card">
          <h2 style={{ fontSize: 18, marginTop: 0 }}>{t('students.import.step1')}</h2>
          <p>{t('students.import.step1Text', { columns: STUDENT_IMPORT_COLUMNS.join(', ') })}</p>
          <details className="st-columns">
            <summary>{t('students.import.columnsTitle')}</summary>
            <dl>
              {STUDENT_IMPORT_COLUMNS.map((c: StudentImportColumn) => (
                <div key={c}>
                  <dt>
                    <code>{c}</code>
                  </dt>
                  <dd>{t(`students.import.col.${c}` as MessageId)}</dd>
                </div>
              ))}
            </dl>
          </details>
          <div className="st-actions">
            <Button className="st-touch" icon="download" text={t('students.import.templateCsv')} onClick={() => void template('csv')} />
            <Button className="st-touch" icon="download" text={t('students.import.templateXlsx')} onClick={() => void template('xlsx')} />
          </div>
        </Card>
        <Card className="st-card">
          <h2 style={{ fontSize: 18, marginTop: 0 }}>{t('students.import.step2')}</h2>
          <div className="st-file">
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="ws-visually-hidden"
              aria-label={t('students.import.chooseFile')}
              data-testid="import-file"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button className="st-touch" intent="primary" icon="upload" text={t('students.import.chooseFile')} disabled={busy} onClick={() => input.current?.click()} />
            {file ? <span className="ws-break">{file.name}</span> : null}
          </div>
        </Card>

        {busy ? (
          <div role="status" aria-live="polite">
            <p>{stage === 'checking' ? t('students.import.checking') : t('students.import.committing', { count: newRows })}</p>
            <ProgressBar intent="primary" />
          </div>
        ) : null}
        {failure ? (
          <Callout intent="danger" role="alert">
            {failure}
          </Callout>
        ) : null}

        {result && stage === 'done' ? (
          <Callout intent="success" role="status" title={t('students.import.doneTitle')}>
            <ProgressBar intent="success" value={1} animate={false} stripes={false} />
            <p>{t('students.import.done', { created: result.created, existing: result.existing ?? 0 })}</p>
            <Link className="bp6-button bp6-intent-primary st-touch" to={`/workspace/${schoolId}/students`}>
              {t('students.backToRegister')}
            </Link>
          </Callout>
        ) : null}

        {result && stage !== 'done' ? (
          <Card className="st-card">
            <h2 style={{ fontSize: 18, marginTop: 0 }}>{t('students.import.step3')}</h2>
            <p role="status" aria-live="polite">
              <Tag minimal>{t('students.import.rows', { count: result.rows })}</Tag>{' '}
              <Tag minimal intent="success">
                {t('students.import.valid', { count: formatNumber(result.valid) })}
              </Tag>{' '}
              <Tag minimal intent={result.invalid > 0 ? 'danger' : 'none'}>
                {t('students.import.invalid', { count: formatNumber(result.invalid) })}
              </Tag>{' '}
              {result.existing ? <Tag minimal>{t('students.import.existing', { count: formatNumber(result.existing) })}</Tag> : null}
            </p>
            {fileErrors.map((e, i) => (
              <Callout key={i} intent="danger">
                {translateMessage(t, e.message)}
              </Callout>
            ))}
            {result.invalid > 0 ? <Callout intent="warning">{t('students.import.fixHint')}</Callout> : null}
            {changed && result.invalid === 0 ? <Callout intent="warning">{t('students.import.changedHint')}</Callout> : null}
            {ready ? (
              <Callout intent="success" title={t('students.import.readyTitle')}>
                <p>{newRows > 0 ? t('students.import.ready', { count: newRows }) : t('students.import.nothingNew')}</p>
                <Button className="st-touch" intent="primary" icon="import" text={t('students.import.commit', { count: newRows })} disabled={newRows === 0} onClick={() => void run(false)} />
              </Callout>
            ) : null}
            {table && result.rows > 0 ? (
              <>
                <div className="st-actions" style={{ margin: '8px 0', alignItems: 'center' }}>
                  {result.invalid > 0 || changed ? (
                    <Button className="st-touch" intent="primary" icon="refresh" text={t('students.import.checkAgain')} disabled={busy} onClick={() => void run(true)} />
                  ) : null}
                  {result.invalid > 0 ? <Checkbox checked={onlyErrors} label={t('students.import.onlyErrors')} onChange={() => setOnlyErrors(!onlyErrors)} size="large" /> : null}
                </div>
                <div className="st-preview-wrap" role="region" aria-label={t('students.import.preview')} tabIndex={0}>
                  <table className="st-preview">
                    <thead>
                      <tr>
                        <th scope="col">{t('students.import.row')}</th>
                        {header.map((h, i) => (
                          <th key={i} scope="col" title={h}>
                            {headingOf(h)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rowsToShow.map((row) => {
                        const cells = table[row - 1] ?? [];
                        return (
                          <tr key={row} className={badRows.has(row) ? 'st-row-bad' : undefined} data-row={row}>
                            <th scope="row">{row}</th>
                            {header.map((h, col) => {
                              const field = fieldOf(h);
                              const error = field ? errorsByCell.get(`${row}|${field}`) : undefined;
                              const value = cells[col] ?? '';
                              // 'VI', '6', 'Std 6': the class it is read as, under the cell (issue 36).
                              const readAs = field === 'class' && !error && value.trim() !== '' ? catalogueClassOf(value) : null;
                              return (
                                <td key={col} className={error ? 'st-bad' : undefined}>
                                  <PreviewCell
                                    value={value}
                                    label={t('students.import.cellLabel', { row, column: headingOf(h) })}
                                    editLabel={t('students.import.editCell', { row, column: headingOf(h), value })}
                                    error={error ? translateMessage(t, error.message) : undefined}
                                    onChange={(v) => setCell(row, col, v)}
                                  />
                                  {readAs && readAs !== value.trim() ? (
                                    <span className="st-read-as" data-testid="import-read-as">
                                      {t('students.import.readAs', { name: local(readAs) })}
                                    </span>
                                  ) : null}
                                </td>
                              );
                            })}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                {colOf('admissionNumber') < 0 ? null : <p className="ws-muted">{t('students.import.keyNote')}</p>}
              </>
            ) : !table && result.errors.length > 0 ? (
              <ul>
                {result.errors.slice(0, 200).map((e, i) => (
                  <li key={i}>{t('students.import.errorLine', { row: e.row, field: headingOf(e.field), message: translateMessage(t, e.message) })}</li>
                ))}
              </ul>
            ) : null}
          </Card>
        ) : null}
      </div>
    </section>
  );
}
