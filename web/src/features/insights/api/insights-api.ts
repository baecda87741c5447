import type { BelowThresholdResult } from '@vidyalaya/shared/attendance';
import type { DefaulterList } from '@vidyalaya/shared/fees';
import type { AttendanceInsights, FeesInsights, ResultsInsights, StrengthInsights } from '@vidyalaya/shared/insights';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;
/** Only the filters that are set go on the address. */
const params = (q: Record<string, string | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => !!v));

/** The insights calls (DECISIONS "Insights"; docs/insights.md) and the lists a chart drills down to. */
export const insightsApi = api.injectEndpoints({
  endpoints: (b) => ({
    attendanceInsights: b.query<AttendanceInsights, { schoolId: string; from?: string; to?: string; classId?: string }>({
      query: ({ schoolId, ...q }) => ({ url: `${school(schoolId)}/insights/attendance`, params: params(q) }),
    }),
    feesInsights: b.query<FeesInsights, { schoolId: string; academicYear?: string }>({
      query: ({ schoolId, ...q }) => ({ url: `${school(schoolId)}/insights/fees`, params: params(q) }),
    }),
    resultsInsights: b.query<ResultsInsights, { schoolId: string; examId?: string }>({
      query: ({ schoolId, ...q }) => ({ url: `${school(schoolId)}/insights/results`, params: params(q) }),
    }),
    strengthInsights: b.query<StrengthInsights, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/insights/strength` }),
    }),
    // The drill-downs: the attendance module's 75 % list and the fees module's defaulters, read as they are.
    insightsBelow: b.query<BelowThresholdResult, { schoolId: string; asOf?: string }>({
      query: ({ schoolId, ...q }) => ({ url: `${school(schoolId)}/attendance/below-threshold`, params: params(q) }),
    }),
    insightsDefaulters: b.query<DefaulterList, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/fees/defaulters`, params: { pageSize: 200 } }),
    }),
  }),
});

export const {
  useAttendanceInsightsQuery,
  useFeesInsightsQuery,
  useResultsInsightsQuery,
  useStrengthInsightsQuery,
  useInsightsBelowQuery,
  useInsightsDefaultersQuery,
} = insightsApi;
