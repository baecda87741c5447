import type { CertificateList, CertificateResult, IssueCertificateInput, PublicCertificate, StudentSectionList } from '@vidyalaya/shared';
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
    verifyCertificate: b.query<PublicCertificate, string>({
      query: (code) => ({ url: `/public/certificates/${encodeURIComponent(code)}`, skipAuthRefresh: true }),
    }),
  }),
});

export const { useCertificatesQuery, useIssueCertificateMutation, useCancelCertificateMutation, useCertificateSectionsQuery, useVerifyCertificateQuery } = certificatesApi;

export const certificatePdfPath = (schoolId: string, certificateId: string, lang: 'en' | 'hi') => `${school(schoolId)}/certificates/${encodeURIComponent(certificateId)}/pdf?lang=${lang}`;
export const registerXlsxPath = (schoolId: string, kind: string, academicYear: string) =>
  `${school(schoolId)}/certificates?format=xlsx${kind ? `&kind=${kind}` : ''}${academicYear ? `&academicYear=${academicYear}` : ''}`;
export const idCardsPath = (schoolId: string, sectionId: string) => `${school(schoolId)}/sections/${encodeURIComponent(sectionId)}/id-cards`;
