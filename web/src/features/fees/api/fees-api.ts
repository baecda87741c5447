import type { Page } from '@vidyalaya/shared';
import type {
  CreateConcessionInput,
  CreateFeeHeadInput,
  CreateFeeStructureInput,
  CreatePaymentInput,
  DayBook,
  DefaulterList,
  FeeClassList,
  FeeHead,
  FeeHeadResult,
  FeeSettings,
  FeeStructure,
  FeeStructureResult,
  ConcessionResult,
  ReceiptList,
  ReceiptResult,
  StudentFees,
  UpdateFeeStructureInput,
  UpiQr,
} from '@vidyalaya/shared/fees';
import type { StudentList } from '@vidyalaya/shared/students';
import { api } from '../../../lib/api/api';
import { fetchFile } from '../../../lib/api/files';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;

/** The fee calls (DECISIONS "Fees"; docs/fees.md). Students are found through the register's own list call. */
export const feesApi = api.enhanceEndpoints({ addTagTypes: ['FeeHeads', 'FeeStructures', 'StudentFees', 'Receipts', 'FeeSettings'] }).injectEndpoints({
  endpoints: (b) => ({
    findStudents: b.query<StudentList, { schoolId: string; search: string }>({
      query: ({ schoolId, search }) => ({ url: `${school(schoolId)}/students`, params: { search, pageSize: 20 } }),
    }),
    feeHeads: b.query<Page<FeeHead>, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/fee-heads` }),
      providesTags: ['FeeHeads'],
    }),
    createFeeHead: b.mutation<FeeHeadResult, { schoolId: string; body: CreateFeeHeadInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/fee-heads`, method: 'POST', body }),
      invalidatesTags: ['FeeHeads'],
    }),
    feeStructures: b.query<Page<FeeStructure>, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/fee-structures`, params: { pageSize: 200 } }),
      providesTags: ['FeeStructures'],
    }),
    createFeeStructure: b.mutation<FeeStructureResult, { schoolId: string; body: CreateFeeStructureInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/fee-structures`, method: 'POST', body }),
      invalidatesTags: ['FeeStructures', 'StudentFees'],
    }),
    updateFeeStructure: b.mutation<FeeStructureResult, { schoolId: string; structureId: string; body: UpdateFeeStructureInput }>({
      query: ({ schoolId, structureId, body }) => ({ url: `${school(schoolId)}/fee-structures/${encodeURIComponent(structureId)}`, method: 'PATCH', body }),
      invalidatesTags: ['FeeStructures', 'StudentFees'],
    }),
    feeClasses: b.query<FeeClassList, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/fees/classes` }),
      providesTags: ['FeeStructures'],
    }),
    studentFees: b.query<StudentFees, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/fees` }),
      providesTags: ['StudentFees'],
    }),
    createConcession: b.mutation<ConcessionResult, { schoolId: string; studentId: string; body: CreateConcessionInput }>({
      query: ({ schoolId, studentId, body }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/concessions`, method: 'POST', body }),
      invalidatesTags: ['StudentFees'],
    }),
    removeConcession: b.mutation<{ removed: true }, { schoolId: string; studentId: string; concessionId: string }>({
      query: ({ schoolId, studentId, concessionId }) => ({
        url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/concessions/${encodeURIComponent(concessionId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['StudentFees'],
    }),
    /** A student's receipts through the read route (a guardian: their own children's). */
    studentReceipts: b.query<ReceiptList, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/receipts`, params: { pageSize: 100 } }),
      providesTags: ['Receipts'],
    }),
    pay: b.mutation<ReceiptResult, { schoolId: string; body: CreatePaymentInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/payments`, method: 'POST', body }),
      invalidatesTags: ['StudentFees', 'Receipts'],
    }),
    receipts: b.query<ReceiptList, { schoolId: string; studentId?: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/receipts`, params: { studentId } }),
      providesTags: ['Receipts'],
    }),
    cancelReceipt: b.mutation<ReceiptResult, { schoolId: string; receiptId: string; reason: string }>({
      query: ({ schoolId, receiptId, reason }) => ({ url: `${school(schoolId)}/receipts/${encodeURIComponent(receiptId)}/cancel`, method: 'POST', body: { reason } }),
      invalidatesTags: ['StudentFees', 'Receipts'],
    }),
    dayBook: b.query<DayBook, { schoolId: string; date: string }>({
      query: ({ schoolId, date }) => ({ url: `${school(schoolId)}/fees/day-book`, params: { date } }),
      providesTags: ['Receipts'],
    }),
    defaulters: b.query<DefaulterList, { schoolId: string; asOf: string; page: number }>({
      query: ({ schoolId, asOf, page }) => ({ url: `${school(schoolId)}/fees/defaulters`, params: { asOf, page } }),
      providesTags: ['Receipts', 'StudentFees'],
    }),
    feeSettings: b.query<{ settings: FeeSettings }, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/fees/settings` }),
      providesTags: ['FeeSettings'],
    }),
    putFeeSettings: b.mutation<{ settings: FeeSettings }, { schoolId: string; body: { upiId: string | null; upiName?: string } }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/fees/settings`, method: 'PUT', body }),
      invalidatesTags: ['FeeSettings'],
    }),
    upiQr: b.query<UpiQr, { schoolId: string; studentId: string; instalmentId?: string }>({
      query: ({ schoolId, studentId, instalmentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/fees/upi-qr`, params: { instalmentId } }),
    }),
  }),
});

export const {
  useFindStudentsQuery,
  useFeeHeadsQuery,
  useCreateFeeHeadMutation,
  useFeeStructuresQuery,
  useCreateFeeStructureMutation,
  useUpdateFeeStructureMutation,
  useFeeClassesQuery,
  useCreateConcessionMutation,
  useRemoveConcessionMutation,
  useStudentReceiptsQuery,
  useStudentFeesQuery,
  usePayMutation,
  useReceiptsQuery,
  useCancelReceiptMutation,
  useDayBookQuery,
  useDefaultersQuery,
  useFeeSettingsQuery,
  usePutFeeSettingsMutation,
  useLazyUpiQrQuery,
} = feesApi;

/** A file the API answers (the receipt PDF, the defaulters workbook), as a blob URL to open or save. */
export async function fileUrl(path: string): Promise<string> {
  return URL.createObjectURL(await fetchFile(path));
}

/** A receipt's PDF with its words in `lang` (the office's print in Hindi when the screen is in Hindi). */
export const receiptPdfPath = (schoolId: string, receiptId: string, lang: 'en' | 'hi' = 'en') => `${school(schoolId)}/receipts/${encodeURIComponent(receiptId)}/pdf?lang=${lang}`;
export const defaultersXlsxPath = (schoolId: string, asOf: string) => `${school(schoolId)}/fees/defaulters?asOf=${asOf}&format=xlsx`;
export const dayBookXlsxPath = (schoolId: string, date: string) => `${school(schoolId)}/fees/day-book?date=${date}&format=xlsx`;
