import { Outlet } from 'react-router';
import { attendanceTodayCard, studentAttendanceTab } from '../features/attendance/slots';
import { issueCertificateAction } from '../features/certificates/slots';
import { marksTab } from '../features/exams/slots';
import { feesStudentTab } from '../features/fees/slots';
import { inviteGuardiansAction } from '../features/guardian/slots';
import { noticesHomeCard } from '../features/notices/slots';
import { payLinkAction } from '../features/online-payments/slots';
import { substitutionsHomeCard } from '../features/timetable/slots';
import { WorkspaceSlotsContext, type WorkspaceSlots } from '../lib/workspace/slots';

/**
 * The module features' slots (lib/workspace/slots.tsx): a feature adds a line here for each tab,
 * action or home card it contributes. A layout route around the workspace, loaded with it, so the
 * public pages carry none of this.
 */
const SLOTS: WorkspaceSlots = {
  studentTabs: [studentAttendanceTab, marksTab, feesStudentTab],
  studentActions: [inviteGuardiansAction, issueCertificateAction, payLinkAction],
  homeCards: [noticesHomeCard, attendanceTodayCard, substitutionsHomeCard],
};

export function Component() {
  return (
    <WorkspaceSlotsContext.Provider value={SLOTS}>
      <Outlet />
    </WorkspaceSlotsContext.Provider>
  );
}
