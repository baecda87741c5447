import { Outlet } from 'react-router';
import { WorkspaceSlotsContext, type WorkspaceSlots } from '../lib/workspace/slots';
import { FEATURES } from './features';

/**
 * The module features' slots (lib/workspace/slots.tsx) and sidebar entries, collected from the one
 * list of features (app/features.ts). A layout route around the workspace, loaded with it, so the
 * public pages carry none of this.
 */
async function collectSlots(): Promise<WorkspaceSlots> {
  const parts: Partial<WorkspaceSlots>[] = await Promise.all(FEATURES.map((f) => (f.slots ? f.slots() : Promise.resolve({}))));
  return {
    studentTabs: parts.flatMap((p) => p.studentTabs ?? []),
    studentActions: parts.flatMap((p) => p.studentActions ?? []),
    homeCards: parts.flatMap((p) => p.homeCards ?? []),
    nav: FEATURES.flatMap((f) => f.nav ?? []),
  };
}

/** The layout route's module (`lazy`): the slots loaded, then the provider around the workspace. */
export async function slotsRoute() {
  const slots = await collectSlots();
  return {
    Component() {
      return (
        <WorkspaceSlotsContext.Provider value={slots}>
          <Outlet />
        </WorkspaceSlotsContext.Provider>
      );
    },
  };
}
