import { DESTRUCTIVE_MESSAGES } from '@vidyalaya/shared';
import { useEffect } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { toastError } from '../../../lib/toast';
import { useClassesSectionsQuery } from '../api/setup-api';

/**
 * The school's classes with their sections and subjects for the chosen academic year. A failure
 * shows spec §8's 'Error' toast with the server's message or 'Failed to load classes. Please try again.'
 */
export function useClassesSections(schoolId: string, academicYear: string) {
  const query = useClassesSectionsQuery({ schoolId, academicYear }, { refetchOnMountOrArgChange: true });
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    const D = DESTRUCTIVE_MESSAGES.loadClasses;
    toastError(D.title, asApiError(error).serverMessage ?? D.description);
  }, [isError, error]);
  return query;
}
