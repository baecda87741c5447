import type { ContactInput } from '@vidyalaya/shared/contact';
import { api } from '../../../lib/api/api';

/** POST /api/v1/contact (DECISIONS.md "Contact form"). */
export const contactApi = api.injectEndpoints({
  endpoints: (b) => ({
    sendContactMessage: b.mutation<unknown, ContactInput>({
      query: (body) => ({ url: '/contact', method: 'POST', body, skipAuthRefresh: true }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
