import { ADMIN_PAGE_SIZE_DEFAULT } from '@vidyalaya/shared';
import { listSchoolsQuerySchema, type SchoolStatusFilter } from '@vidyalaya/shared/admin';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListParams = { status: SchoolStatusFilter; search: string; page: number; pageSize: number };

/**
 * The list's filter, search and page live in the URL (?status=&search=&page=), so a school opened
 * and closed again comes back to the same page. Pending schools are shown first by default.
 */
export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ListParams>(() => {
    const parsed = listSchoolsQuerySchema.safeParse(Object.fromEntries(searchParams));
    const q = parsed.success ? parsed.data : { status: undefined, search: undefined, page: 1 };
    return { status: q.status ?? 'pending', search: q.search ?? '', page: q.page, pageSize: ADMIN_PAGE_SIZE_DEFAULT };
  }, [searchParams]);
  const update = useCallback(
    (change: Partial<ListParams>) => {
      const next = { ...params, ...change };
      const out: Record<string, string> = { status: next.status };
      if (next.search) out.search = next.search;
      if (next.page > 1) out.page = String(next.page);
      setSearchParams(out);
    },
    [params, setSearchParams],
  );
  return [params, update];
}
