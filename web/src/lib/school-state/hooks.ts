import { academicYearOptions, defaultAcademicYear } from '@vidyalaya/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { schoolStateActions, selectSchoolState, type SchoolState } from './school-state';

export function useSchoolState(): SchoolState {
  return useAppSelector(selectSchoolState);
}

/**
 * The academic year of the setup steps: the one chosen before (kept in the school state), else the
 * spec's default. It is sent as chosen (DECISIONS: never a hard-coded year).
 */
export function useAcademicYear(): { academicYear: string; options: string[]; choose: (year: string) => void } {
  const stored = useAppSelector((s) => s.school.academicYear);
  const dispatch = useAppDispatch();
  const academicYear = stored ?? defaultAcademicYear();
  const options = useMemo(() => {
    const list: string[] = academicYearOptions();
    return list.includes(academicYear) ? list : [...list, academicYear].sort();
  }, [academicYear]);
  const choose = useCallback((year: string) => void dispatch(schoolStateActions.academicYearChosen(year)), [dispatch]);
  return { academicYear, options, choose };
}

/** Spec §2: the school id comes from the schoolId query parameter, else from the stored school. */
export function useSetupSchoolId(): string | null {
  const [params] = useSearchParams();
  const stored = useAppSelector((s) => s.school.school?.id ?? null);
  const fromQuery = params.get('schoolId');
  return fromQuery !== null && fromQuery.trim() !== '' ? fromQuery.trim() : stored;
}
