import { Button, Spinner, Tag } from '@blueprintjs/core';
import { asApiError } from '../../../lib/api/errors';
import { useSchoolSubjectsQuery } from '../api/dashboard-api';
import { DASHBOARD_TEXT } from '../messages';

/**
 * The subjects the school's classes use, each once and in catalogue order (GET /school/subjects),
 * for the academic year the overview describes. A failed call shows its message: the server's, or
 * spec §8's fallback 'Failed to fetch subjects'.
 */
export function SubjectsTaught({ schoolId, academicYear }: { schoolId: string; academicYear: string | null }) {
  const { data, error, isError, isFetching, refetch } = useSchoolSubjectsQuery({ schoolId, academicYear });
  const title = academicYear ? `Subjects taught in ${academicYear}` : 'Subjects taught';

  let body: React.ReactNode;
  if (isError && !isFetching) {
    body = (
      <div role="alert" className="dash-subjects-error">
        <p>{asApiError(error).message}</p>
        <Button size="small" icon="refresh" text={DASHBOARD_TEXT.dashboard.retry} onClick={() => void refetch()} />
      </div>
    );
  } else if (!data) {
    body = (
      <p role="status" className="dash-muted dash-subjects-loading">
        <Spinner size={16} aria-hidden /> Loading subjects...
      </p>
    );
  } else {
    body = (
      <ul className="dash-subjects-list" aria-labelledby="dash-subjects-title">
        {data.subjects.map((subject) => (
          <li key={subject.id}>
            <Tag round minimal intent="primary" title={subject.description ?? undefined}>
              {subject.name}
            </Tag>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="dash-subjects">
      <h3 id="dash-subjects-title">{title}</h3>
      {body}
    </div>
  );
}
