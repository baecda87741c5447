import { Outlet } from 'react-router';
import { WorkspaceSlotsContext, type WorkspaceSlots } from '../lib/workspace/slots';
import { marksTab } from '../features/exams/slots';

/**
 * The module features' slots (lib/workspace/slots.tsx): a feature adds a line here for each tab,
 * action or home card it contributes. A layout route around the workspace, loaded with it, so the
 * public pages carry none of this.
 */
const SLOTS: WorkspaceSlots = {
  studentTabs: [marksTab],
  studentActions: [],
  homeCards: [],
};

export function Component() {
  return (
    <WorkspaceSlotsContext.Provider value={SLOTS}>
      <Outlet />
    </WorkspaceSlotsContext.Provider>
  );
}
