import type { MySchool, WorkspaceHome } from '@vidyalaya/shared/people';
import { useOutletContext } from 'react-router';

/**
 * What the school's shell (features/workspace) gives every module page under
 * /workspace/{schoolId}/: the school, the caller's role in it (home.role), whether it is approved, and
 * the caller's other schools. Module features read it here, never from features/workspace.
 */
export interface SchoolContext {
  schoolId: string;
  home: WorkspaceHome;
  approved: boolean;
  schools: MySchool[];
}

export const useSchool = () => useOutletContext<SchoolContext>();
