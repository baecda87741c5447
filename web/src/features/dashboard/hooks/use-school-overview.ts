import { setupProgressFromSummary, type SetupProgress } from '@vidyalaya/shared';
import { type ClassWithDetails } from '@vidyalaya/shared/academics';
import { type SchoolDto } from '@vidyalaya/shared/schools';
import { useEffect, useMemo } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { useAppDispatch } from '../../../lib/store/hooks';
import { useMySchoolDetailedQuery, useMySchoolQuery } from '../../../lib/school-state/school-api';
import { schoolStateActions } from '../../../lib/school-state/school-state';

export type SchoolOverview = {
  school: SchoolDto;
  classes: ClassWithDetails[];
  totalSections: number;
  totalSubjects: number;
  setupProgress: SetupProgress;
  /** The academic year the classes and totals describe (null when only the basic school is known). */
  academicYear: string | null;
};

export type OverviewState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'none' }
  | { status: 'school'; overview: SchoolOverview };

/**
 * Spec §4 Dashboard data loading: the detailed school call first; if it fails, the basic one —
 * a school there means only the school is known (schoolCreated true, all else false); none means
 * all flags false. A 404 (a new user) is expected and quiet; other failures are errors. The
 * outcome is also written to the school state (spec §3).
 */
export function useSchoolOverview(): OverviewState & { refetch: () => void } {
  const dispatch = useAppDispatch();
  const detailed = useMySchoolDetailedQuery(undefined, { refetchOnMountOrArgChange: true });
  const detailedFailed = detailed.isError && !detailed.isFetching;
  const basic = useMySchoolQuery(undefined, { skip: !detailedFailed, refetchOnMountOrArgChange: true });

  const state = useMemo<OverviewState>(() => {
    if (detailed.isFetching && !detailed.data) return { status: 'loading' };
    if (detailed.data && !detailed.isError) {
      const d = detailed.data;
      return {
        status: 'school',
        overview: {
          school: d.school,
          classes: d.classes ?? [],
          totalSections: d.totalSections ?? 0,
          totalSubjects: d.totalSubjects ?? 0,
          setupProgress: d.setupProgress ?? setupProgressFromSummary({ school: d.school, classes: d.classes ?? [], totalSections: d.totalSections ?? 0, totalSubjects: d.totalSubjects ?? 0 }),
          academicYear: d.academicYear ?? null,
        },
      };
    }
    if (!detailedFailed || basic.isUninitialized || (basic.isFetching && !basic.isError)) return { status: 'loading' };
    if (basic.data?.school) {
      const school = basic.data.school;
      return {
        status: 'school',
        overview: {
          school,
          classes: [],
          totalSections: 0,
          totalSubjects: 0,
          setupProgress: setupProgressFromSummary({ school, classes: [], totalSections: 0, totalSubjects: 0 }),
          academicYear: null,
        },
      };
    }
    if (basic.isError) {
      const error = asApiError(basic.error);
      if (error.status === 404) return { status: 'none' };
      return { status: 'error', message: error.message };
    }
    return { status: 'none' };
  }, [detailed.isFetching, detailed.data, detailed.isError, detailedFailed, basic.isUninitialized, basic.isFetching, basic.isError, basic.data, basic.error]);

  useEffect(() => {
    if (state.status === 'school') {
      if (detailed.data && !detailed.isError) dispatch(schoolStateActions.summaryLoaded(detailed.data));
      else dispatch(schoolStateActions.schoolSet(state.overview.school));
    } else if (state.status === 'none') {
      dispatch(schoolStateActions.noSchool());
    }
  }, [state, detailed.data, detailed.isError, dispatch]);

  return {
    ...state,
    refetch: () => {
      void detailed.refetch();
    },
  };
}
