import type { MySchool, WorkspaceHome } from '@vidyalaya/shared';
import { useOutletContext } from 'react-router';

/** What the school's shell gives its pages. */
export interface SchoolContext {
  schoolId: string;
  home: WorkspaceHome;
  approved: boolean;
  schools: MySchool[];
}

export const useSchool = () => useOutletContext<SchoolContext>();
