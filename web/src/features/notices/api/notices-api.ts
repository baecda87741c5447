import type { CreateNoticeInput, NoticeList, NoticeRecipientList, NoticeResult } from '@vidyalaya/shared/notices';
import { api } from '../../../lib/api/api';
import { tokenStore } from '../../../lib/auth/token-store';
import { getPlatform } from '../../../lib/platform/platform';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;

/** The notice board's calls (docs/guardians.md "Notices"). */
export const noticesApi = api.enhanceEndpoints({ addTagTypes: ['Notices'] }).injectEndpoints({
  endpoints: (b) => ({
    notices: b.query<NoticeList, { schoolId: string; unread?: 'true'; page?: number; pageSize?: number }>({
      query: ({ schoolId, ...params }) => ({ url: `${school(schoolId)}/notices`, params }),
      providesTags: ['Notices'],
    }),
    createNotice: b.mutation<NoticeResult, { schoolId: string; body: CreateNoticeInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/notices`, method: 'POST', body }),
      invalidatesTags: ['Notices'],
    }),
    attachNotice: b.mutation<NoticeResult, { schoolId: string; noticeId: string; file: File }>({
      query: ({ schoolId, noticeId, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `${school(schoolId)}/notices/${noticeId}/attachment`, method: 'PUT', body: form };
      },
      invalidatesTags: ['Notices'],
    }),
    publishNotice: b.mutation<NoticeResult, { schoolId: string; noticeId: string }>({
      query: ({ schoolId, noticeId }) => ({ url: `${school(schoolId)}/notices/${noticeId}/publish`, method: 'POST' }),
      invalidatesTags: ['Notices'],
    }),
    markNoticeRead: b.mutation<NoticeResult, { schoolId: string; noticeId: string }>({
      query: ({ schoolId, noticeId }) => ({ url: `${school(schoolId)}/notices/${noticeId}/read`, method: 'POST' }),
      invalidatesTags: ['Notices'],
    }),
    noticeRecipients: b.query<NoticeRecipientList, { schoolId: string; noticeId: string }>({
      query: ({ schoolId, noticeId }) => ({ url: `${school(schoolId)}/notices/${noticeId}/recipients`, params: { pageSize: 200 } }),
      providesTags: ['Notices'],
    }),
  }),
});

/** Downloads a notice's PDF with the caller's token and opens the browser's save. */
export async function downloadAttachment(schoolId: string, noticeId: string, name: string): Promise<void> {
  const base = await getPlatform().apiBaseUrl();
  const tokens = await tokenStore.get();
  const res = await fetch(`${base}${school(schoolId)}/notices/${noticeId}/attachment`, { headers: tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {} });
  if (!res.ok) throw new Error('download failed');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
