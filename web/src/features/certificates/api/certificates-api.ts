import type {
  BulkTransferInput,
  BulkTransferResult,
  CertificateList,
  CertificateResult,
  CertificateSettingsResult,
  IssueCertificateInput,
  LeaverList,
  PublicCertificate,
  PublicTcList,
} from '@vidyalaya/shared/certificates';
import type { StudentSectionList } from '@vidyalaya/shared/students';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;

/** The certificate calls (DECISIONS "Certificates"): issue, the register, cancel, and the public check. */
export const certificatesApi = api.enhanceEndpoints({ addTagTypes: ['Certificates'] }).injectEndpoints({
  endpoints: (b) => ({
    certificates: b.query<CertificateList, { schoolId: string; kind?: string; academicYear?: string; studentId?: string; page?: number }>({
      query: ({ schoolId, ...params }) => ({ url: `${school(schoolId)}/certificates`, params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['Certificates'],
    }),
    issueCertificate: b.mutation<CertificateResult, { schoolId: string; studentId: string; body: IssueCertificateInput }>({
      query: ({ schoolId, studentId, body }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/certificates`, method: 'POST', body }),
      invalidatesTags: ['Certificates'],
    }),
    cancelCertificate: b.mutation<CertificateResult, { schoolId: string; certificateId: string; reason: string }>({
      query: ({ schoolId, certificateId, reason }) => ({ url: `${school(schoolId)}/certificates/${encodeURIComponent(certificateId)}/cancel`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Certificates'],
    }),
    certificateSections: b.query<StudentSectionList, string>({ query: (schoolId) => ({ url: `${school(schoolId)}/students/sections` }) }),
    leavers: b.query<LeaverList, { schoolId: string; classId: string }>({
      query: ({ schoolId, classId }) => ({ url: `${school(schoolId)}/certificates/leavers`, params: { classId } }),
      providesTags: ['Certificates'],
    }),
    bulkTransfer: b.mutation<BulkTransferResult, { schoolId: string; body: BulkTransferInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/certificates/transfer/bulk`, method: 'POST', body }),
      invalidatesTags: ['Certificates'],
    }),
    certificateSettings: b.query<CertificateSettingsResult, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/certificates/settings` }),
      providesTags: ['Certificates'],
    }),
    saveCertificateSettings: b.mutation<CertificateSettingsResult, { schoolId: string; publishTcList: boolean }>({
      query: ({ schoolId, publishTcList }) => ({ url: `${school(schoolId)}/certificates/settings`, method: 'PUT', body: { publishTcList } }),
      invalidatesTags: ['Certificates'],
    }),
    publishedTcs: b.query<PublicTcList, { subdomain: string; academicYear?: string }>({
      query: ({ subdomain, academicYear }) => ({
        url: `/public/schools/${encodeURIComponent(subdomain)}/transfer-certificates`,
        params: academicYear ? { academicYear } : undefined,
        skipAuthRefresh: true,
      }),
    }),
    verifyCertificate: b.query<PublicCertificate, string>({
      query: (code) => ({ url: `/public/certificates/${encodeURIComponent(code)}`, skipAuthRefresh: true }),
    }),
  }),
});

export const {
  useCertificatesQuery,
  useIssueCertificateMutation,
  useCancelCertificateMutation,
  useCertificateSectionsQuery,
  useVerifyCertificateQuery,
  useLeaversQuery,
  useBulkTransferMutation,
  useCertificateSettingsQuery,
  useSaveCertificateSettingsMutation,
  usePublishedTcsQuery,
} = certificatesApi;

export const certificatePdfPath = (schoolId: string, certificateId: string, lang: 'en' | 'hi') => `${school(schoolId)}/certificates/${encodeURIComponent(certificateId)}/pdf?lang=${lang}`;
export const registerXlsxPath = (schoolId: string, kind: string, academicYear: string) =>
  `${school(schoolId)}/certificates?format=xlsx${kind ? `&kind=${kind}` : ''}${academicYear ? `&academicYear=${academicYear}` : ''}`;
export const idCardsPath = (schoolId: string, sectionId: string) => `${school(schoolId)}/sections/${encodeURIComponent(sectionId)}/id-cards`;
