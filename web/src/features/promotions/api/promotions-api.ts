import type { AcademicYearList } from '@vidyalaya/shared/academic-years';
import type { JobStatus } from '@vidyalaya/shared/jobs';
import type {
  AllocatePromotionInput,
  ApplyPromotionInput,
  PatchPromotionLinesInput,
  Promotion,
  PromotionAnswer,
  PromotionClassList,
  PromotionLineList,
  PromotionPreviewAnswer,
  PromotionTargetList,
} from '@vidyalaya/shared/promotions';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;
const promotion = (schoolId: string, id: string) => `${school(schoolId)}/promotions/${encodeURIComponent(id)}`;

/** The year-end calls (DECISIONS "Year end: promotion and rollover"). */
export const promotionsApi = api.enhanceEndpoints({ addTagTypes: ['Promotions'] }).injectEndpoints({
  endpoints: (b) => ({
    promotionYears: b.query<AcademicYearList, string>({ query: (schoolId) => ({ url: `${school(schoolId)}/academic-years` }) }),
    promotions: b.query<{ items: Promotion[]; total: number }, string>({ query: (schoolId) => ({ url: `${school(schoolId)}/promotions` }), providesTags: ['Promotions'] }),
    createPromotion: b.mutation<PromotionAnswer, { schoolId: string; fromYear: string; toYear: string }>({
      query: ({ schoolId, ...body }) => ({ url: `${school(schoolId)}/promotions`, method: 'POST', body }),
      invalidatesTags: ['Promotions'],
    }),
    promotionClasses: b.query<PromotionClassList, { schoolId: string; promotionId: string }>({
      query: ({ schoolId, promotionId }) => ({ url: `${promotion(schoolId, promotionId)}/classes` }),
      providesTags: ['Promotions'],
    }),
    promotionLines: b.query<PromotionLineList, { schoolId: string; promotionId: string; classId: string; sort: string; order: string }>({
      query: ({ schoolId, promotionId, ...params }) => ({ url: `${promotion(schoolId, promotionId)}/lines`, params: { ...params, pageSize: 200 } }),
      providesTags: ['Promotions'],
    }),
    promotionTargets: b.query<PromotionTargetList, { schoolId: string; promotionId: string; classId: string }>({
      query: ({ schoolId, promotionId, classId }) => ({ url: `${promotion(schoolId, promotionId)}/targets`, params: { classId } }),
      providesTags: ['Promotions'],
    }),
    patchPromotionLines: b.mutation<PromotionAnswer, { schoolId: string; promotionId: string; body: PatchPromotionLinesInput }>({
      query: ({ schoolId, promotionId, body }) => ({ url: `${promotion(schoolId, promotionId)}/lines`, method: 'PATCH', body }),
      invalidatesTags: ['Promotions'],
    }),
    allocatePromotion: b.mutation<PromotionAnswer, { schoolId: string; promotionId: string; body: AllocatePromotionInput }>({
      query: ({ schoolId, promotionId, body }) => ({ url: `${promotion(schoolId, promotionId)}/allocate`, method: 'POST', body }),
      invalidatesTags: ['Promotions'],
    }),
    promotionPreview: b.query<PromotionPreviewAnswer, { schoolId: string; promotionId: string; feeIncreasePercent: number }>({
      query: ({ schoolId, promotionId, feeIncreasePercent }) => ({ url: `${promotion(schoolId, promotionId)}/preview`, params: { feeIncreasePercent } }),
    }),
    applyPromotion: b.mutation<{ jobId: string }, { schoolId: string; promotionId: string; body: Partial<ApplyPromotionInput> }>({
      query: ({ schoolId, promotionId, body }) => ({ url: `${promotion(schoolId, promotionId)}/apply`, method: 'POST', body }),
      invalidatesTags: ['Promotions'],
    }),
    revertPromotion: b.mutation<PromotionAnswer, { schoolId: string; promotionId: string }>({
      query: ({ schoolId, promotionId }) => ({ url: `${promotion(schoolId, promotionId)}/revert`, method: 'POST' }),
      invalidatesTags: ['Promotions'],
    }),
    promotionJob: b.query<JobStatus, { schoolId: string; jobId: string }>({ query: ({ schoolId, jobId }) => ({ url: `${school(schoolId)}/jobs/${encodeURIComponent(jobId)}` }) }),
  }),
});

export const {
  usePromotionYearsQuery,
  usePromotionsQuery,
  useCreatePromotionMutation,
  usePromotionClassesQuery,
  usePromotionLinesQuery,
  usePromotionTargetsQuery,
  usePatchPromotionLinesMutation,
  useAllocatePromotionMutation,
  useLazyPromotionPreviewQuery,
  useApplyPromotionMutation,
  useRevertPromotionMutation,
  usePromotionJobQuery,
} = promotionsApi;
