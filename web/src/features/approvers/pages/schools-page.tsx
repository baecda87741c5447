import { Button, Callout, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { APPROVAL_STATUSES, approvalBadgeLabel, formatCityState, formatDateIST } from '@vidyalaya/shared';
import { listSchoolsQuerySchema, type SchoolStatusFilter } from '@vidyalaya/shared/admin';
import { Form } from 'react-final-form';
import { Link, useLocation } from 'react-router';
import { SubmitButton, TextField } from '../../../components/form';
import { zodValidate } from '../../../lib/forms/zod-validate';
import { useAdminSchoolsQuery } from '../api/staff-api';
import { StatusTag, WaitingTag } from '../components/status-tag';
import { useListParams } from '../hooks/use-list-params';
import { STAFF_TEXT } from '../messages';

const S = STAFF_TEXT;
const searchSchema = listSchoolsQuerySchema.pick({ search: true });

const STATUS_OPTIONS: { value: SchoolStatusFilter; label: string }[] = [
  ...APPROVAL_STATUSES.map((s) => ({ value: s, label: approvalBadgeLabel(s) })),
  { value: 'all', label: S.statusAll },
];

/** Schools waiting for a decision (or any status), with search and paging. */
export function Component() {
  const [params, update] = useListParams();
  const location = useLocation();
  const { data, error, isFetching, refetch } = useAdminSchoolsQuery({
    status: params.status,
    search: params.search || undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="staff-schools-title">
      <h1 id="staff-schools-title">{S.schoolsTitle}</h1>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: 16 }}>
        <div className="bp6-form-group">
          <label className="bp6-label" htmlFor="staff-status">
            {S.statusLabel}
          </label>
          <HTMLSelect
            id="staff-status"
            value={params.status}
            onChange={(e) => update({ status: e.currentTarget.value as SchoolStatusFilter, page: 1 })}
            options={STATUS_OPTIONS}
          />
        </div>
        <Form<{ search?: string }>
          key={params.search}
          initialValues={{ search: params.search }}
          validate={zodValidate(searchSchema)}
          onSubmit={(v) => update({ search: v.search?.trim() ?? '', page: 1 })}
        >
          {({ handleSubmit, submitting }) => (
            <form role="search" onSubmit={handleSubmit} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
              <TextField name="search" label={S.searchLabel} placeholder={S.searchPlaceholder} maxLength={100} optional />
              <SubmitButton text={S.searchButton} submitting={submitting} icon="search" style={{ marginTop: 22 }} />
            </form>
          )}
        </Form>
      </div>

      {error ? (
        <Callout intent="danger" role="alert" title={S.loadFailed}>
          <p>{(error as { message?: string }).message}</p>
          <Button text={S.retry} onClick={() => void refetch()} />
        </Callout>
      ) : !data ? (
        <Spinner aria-label={S.loading} />
      ) : data.schools.length === 0 ? (
        <NonIdealState icon="search" title={S.noSchools} description={S.noSchoolsHelp} />
      ) : (
        <>
          <p aria-live="polite">{S.schoolCount(data.total)}</p>
          <HTMLTable striped interactive style={{ width: '100%' }} aria-busy={isFetching || undefined}>
            <caption className="bp6-text-muted" style={{ textAlign: 'left' }}>
              {STATUS_OPTIONS.find((o) => o.value === params.status)?.label}
            </caption>
            <thead>
              <tr>
                <th scope="col">{S.columns.school}</th>
                <th scope="col">{S.columns.location}</th>
                <th scope="col">{S.columns.administrator}</th>
                <th scope="col">{S.columns.submitted}</th>
                <th scope="col">{S.columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {data.schools.map((school) => (
                <tr key={school.id}>
                  <td>
                    <Link to={`/staff/schools/${school.id}`} state={{ back: location.search }}>
                      {school.name}
                    </Link>
                    <div className="bp6-text-muted">{school.subdomain}</div>
                  </td>
                  <td>{formatCityState(school.address)}</td>
                  <td>
                    {school.owner.username}
                    <div className="bp6-text-muted">{school.owner.email}</div>
                  </td>
                  <td>{formatDateIST(school.createdAt)}</td>
                  <td>
                    <StatusTag school={school} /> <WaitingTag school={school} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <nav aria-label={S.pagination} style={{ display: 'flex', gap: 12, alignItems: 'center', marginTop: 16 }}>
            <Button icon="chevron-left" text={S.previousPage} disabled={params.page <= 1} onClick={() => update({ page: params.page - 1 })} />
            <span>{S.pageOf(Math.min(params.page, pages), pages)}</span>
            <Button endIcon="chevron-right" text={S.nextPage} disabled={params.page >= pages} onClick={() => update({ page: params.page + 1 })} />
          </nav>
        </>
      )}
    </section>
  );
}
