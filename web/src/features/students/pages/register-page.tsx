import { Button, HTMLSelect, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type StudentListItem, type StudentSort, type StudentStatus } from '@vidyalaya/shared/students';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VirtualTable, type VirtualColumn } from '../../../components/virtual-table';
import { formatNumber } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { useSectionsQuery, useStudentsQuery } from '../api/students-api';
import { fetchFile, saveBlob, schoolPath } from '../components/files';
import { StudentTabs } from '../components/student-tabs';
import { useNarrow } from '../components/use-narrow';
import { useT, type MessageId } from '../i18n';
import '../components/students.css';
import { useLocalName } from '../../../lib/i18n/local-name';

const PAGE_SIZE = 100;
const STATUSES = ['active', 'left', 'passed_out', 'all'] as const;

/**
 * The register (issue 14 item 2): search as you type by name, admission number or guardian phone;
 * class, section and status filters; sorting and paging on the server; the count against the
 * school's limit. The list is a virtual table, so a full page costs what the visible rows do.
 * The filters live in the address, so going back to the register finds it as it was left.
 */
export function Component() {
  const t = useT();
  const local = useLocalName();
  const { schoolId, home } = useSchool();
  const narrow = useNarrow();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const classId = params.get('class') ?? '';
  const sectionId = params.get('section') ?? '';
  const status = (params.get('status') ?? 'active') as StudentStatus | 'all';
  const sort = (params.get('sort') ?? 'name') as StudentSort;
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [exporting, setExporting] = useState(false);

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  // Search as you type: the call goes out once the typing pauses.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => set({ q: typed.trim() }), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  // Deferred: a page of answers draws as an interruptible transition (a slow phone stays responsive, issue 21).
  const sections = useDeferredValue(useSectionsQuery(schoolId));
  const list = useDeferredValue(
    useStudentsQuery({
    schoolId,
    search: search || undefined,
    classId: classId || undefined,
    sectionId: sectionId || undefined,
    status,
    sort,
    order,
      page,
      pageSize: PAGE_SIZE,
    }),
  );
  const classes = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of sections.data?.items ?? []) seen.set(s.classId, s.className);
    return [...seen.entries()];
  }, [sections.data]);
  const classSections = (sections.data?.items ?? []).filter((s) => !classId || s.classId === classId);

  const canWrite = roleHas(home.role, 'students.write');
  const data = list.data;
  const rows = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const full = !!data && data.activeCount >= data.maxStudents;

  async function exportUdise() {
    setExporting(true);
    try {
      saveBlob(await fetchFile(`${schoolPath(schoolId)}/students/udise-export`), 'udise-students.xlsx');
    } catch {
      toastError(t('students.export.failed'), t('students.tryAgain'));
    } finally {
      setExporting(false);
    }
  }

  const sortButton = (key: StudentSort, label: string) => {
    const active = sort === key;
    return (
      <button
        type="button"
        className="st-sort"
        aria-label={t('students.sortBy', { column: label })}
        aria-pressed={active}
        onClick={() => set({ sort: key, order: active && order === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        {active ? <span aria-hidden>{order === 'asc' ? '▲' : '▼'}</span> : null}
      </button>
    );
  };

  const classOf = (r: StudentListItem) => (r.className ? local(`${r.className}${r.sectionName ? ` – ${r.sectionName}` : ''}`) : '—');
  const nameCell = (r: StudentListItem) => (
    <span className="st-cell-2">
      <Link className="st-name-link" to={r.id}>
        {r.name}
      </Link>
      {narrow ? (
        <span className="st-sub">
          {r.admissionNumber} · {classOf(r)}
        </span>
      ) : null}
    </span>
  );
  const statusTag = (r: StudentListItem) => (
    <>
      {r.status !== 'active' ? <Tag minimal intent={r.status === 'left' ? 'warning' : 'none'}>{t(`students.status.${r.status}` as MessageId)}</Tag> : null}
      {r.rte ? (
        <Tag minimal intent="primary">
          {t('students.rte')}
        </Tag>
      ) : null}
    </>
  );
  const phone = (r: StudentListItem) =>
    r.guardianPhone ? (
      <span className="st-cell-2">
        <span>{r.guardianName}</span>
        <a className="st-sub" href={`tel:+91${r.guardianPhone}`}>
          {r.guardianPhone}
        </a>
      </span>
    ) : (
      '—'
    );

  const columns: VirtualColumn<StudentListItem>[] = narrow
    ? [
        { key: 'name', header: sortButton('name', t('students.col.name')), cell: nameCell, width: '58%' },
        { key: 'guardian', header: t('students.col.guardian'), cell: phone },
      ]
    : [
        { key: 'adm', header: sortButton('admissionNumber', t('students.col.admissionNumber')), cell: (r) => r.admissionNumber, width: '13%' },
        { key: 'name', header: sortButton('name', t('students.col.name')), cell: nameCell, width: '25%' },
        { key: 'class', header: sortButton('class', t('students.col.class')), cell: classOf, width: '15%' },
        { key: 'roll', header: sortButton('rollNumber', t('students.col.roll')), cell: (r) => r.rollNumber ?? '—', width: '9%' },
        { key: 'guardian', header: t('students.col.guardian'), cell: phone, width: '24%' },
        { key: 'status', header: t('students.col.status'), cell: statusTag },
      ];

  return (
    <section className="st-page">
      <div className="st-head">
        <h1>{t('students.title')}</h1>
        {data ? (
          <span className={`st-count${full ? ' st-count--full' : ''}`} role="status" aria-label={t('students.countLabel', { count: data.activeCount, max: data.maxStudents })}>
            {t('students.count', { count: formatNumber(data.activeCount), max: formatNumber(data.maxStudents) })}
          </span>
        ) : null}
      </div>
      <StudentTabs />
      <div className="st-actions">
        {canWrite ? (
          full ? (
            <Button className="st-touch" icon="new-person" disabled text={t('students.add')} title={t('students.limitReached')} />
          ) : (
            <Link className="bp6-button bp6-intent-primary st-touch" to="new">
              {t('students.add')}
            </Link>
          )
        ) : null}
        {canWrite ? <Button className="st-touch" icon="export" text={t('students.export.udise')} loading={exporting} onClick={() => void exportUdise()} /> : null}
      </div>
      {full && canWrite ? <p className="ws-muted">{t('students.limitReached')}</p> : null}

      <div className="st-filters" role="search">
        <label className="st-search">
          {t('students.search')}
          <InputGroup
            type="search"
            leftIcon="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('students.searchPlaceholder')}
            aria-label={t('students.search')}
            size="large"
          />
        </label>
        <label>
          {t('students.filter.class')}
          <HTMLSelect value={classId} onChange={(e) => set({ class: e.target.value, section: '' })} fill>
            <option value="">{t('students.filter.allClasses')}</option>
            {classes.map(([id, name]) => (
              <option key={id} value={id}>
                {local(name)}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label>
          {t('students.filter.section')}
          <HTMLSelect value={sectionId} onChange={(e) => set({ section: e.target.value })} fill>
            <option value="">{t('students.filter.allSections')}</option>
            {classSections.map((s) => (
              <option key={s.sectionId} value={s.sectionId}>
                {local(`${s.className} – ${s.sectionName}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label>
          {t('students.filter.status')}
          <HTMLSelect value={status} onChange={(e) => set({ status: e.target.value === 'active' ? '' : e.target.value })} fill>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`students.status.${s}` as MessageId)}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label>
          {t('students.filter.sort')}
          <HTMLSelect value={`${sort}:${order}`} onChange={(e) => set({ sort: e.target.value.split(':')[0]!, order: e.target.value.split(':')[1]! })} fill>
            {(['name', 'admissionNumber', 'class', 'rollNumber', 'createdAt'] as const).flatMap((k) =>
              (['asc', 'desc'] as const).map((o) => (
                <option key={`${k}:${o}`} value={`${k}:${o}`}>
                  {t(`students.sort.${k}` as MessageId)} {o === 'asc' ? '↑' : '↓'}
                </option>
              )),
            )}
          </HTMLSelect>
        </label>
      </div>

      {list.isLoading ? (
        <Spinner size={24} aria-label={t('students.loading')} />
      ) : list.isError ? (
        <EmptyState headingLevel={2} icon="error" title={t('students.loadFailed')} description={t('students.tryAgain')} action={<Button className="st-touch" text={t('students.retry')} onClick={() => void list.refetch()} />} />
      ) : data && data.total === 0 && !search && !classId && !sectionId && status === 'active' ? (
        <EmptyState
          headingLevel={2}
          icon="people"
          title={t('students.empty.title')}
          description={canWrite ? t('students.empty.text') : t('students.empty.readOnly')}
          action={
            canWrite ? (
              <>
                <Link className="bp6-button bp6-intent-primary st-touch" to="new">
                  {t('students.add')}
                </Link>
                {roleHas(home.role, 'students.import') ? (
                  <Link className="bp6-button st-touch" to="import">
                    {t('students.tab.import')}
                  </Link>
                ) : null}
              </>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className="ws-muted" aria-live="polite">
            {list.isFetching ? t('students.loading') : t('students.found', { count: data?.total ?? 0 })}
          </p>
          <VirtualTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.id}
            label={t('students.tableLabel')}
            rowHeight={56}
            height={560}
            empty={t('students.noMatch')}
          />
          {pages > 1 ? (
            <nav className="st-pager" aria-label={t('students.pages')}>
              <span>{t('students.pageOf', { page, pages })}</span>
              <span className="st-pager-buttons">
                <Button className="st-touch" icon="chevron-left" text={t('students.previous')} disabled={page <= 1} onClick={() => set({ page: String(page - 1) })} />
                <Button className="st-touch" rightIcon="chevron-right" text={t('students.next')} disabled={page >= pages} onClick={() => set({ page: String(page + 1) })} />
              </span>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
