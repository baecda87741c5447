import { attendanceFeature } from '../features/attendance/feature';
import { calendarFeature } from '../features/calendar/feature';
import { certificatesFeature } from '../features/certificates/feature';
import { examsFeature } from '../features/exams/feature';
import { feesFeature } from '../features/fees/feature';
import { guardianFeature } from '../features/guardian/feature';
import { insightsFeature } from '../features/insights/feature';
import { messagingFeature } from '../features/messaging/feature';
import { noticesFeature } from '../features/notices/feature';
import { onlinePaymentsFeature } from '../features/online-payments/feature';
import { promotionsFeature } from '../features/promotions/feature';
import { studentsFeature } from '../features/students/feature';
import { timetableFeature } from '../features/timetable/feature';
import type { WorkspaceFeature } from '../lib/workspace/feature';

/**
 * THE list of the workspace's module features, one line each (docs/adding-a-module.md): the
 * routes (app/routes.tsx), the sidebar entries and the slots (app/workspace-slots.tsx) are
 * collected from it. The order is the order of the home page's cards, the profile's tabs, the
 * record's actions and the sidebar entries that name no `after`.
 */
export const FEATURES: readonly WorkspaceFeature[] = [
  noticesFeature,
  messagingFeature,
  attendanceFeature,
  timetableFeature,
  examsFeature,
  feesFeature,
  guardianFeature,
  certificatesFeature,
  promotionsFeature,
  onlinePaymentsFeature,
  insightsFeature,
  studentsFeature,
  calendarFeature,
];
