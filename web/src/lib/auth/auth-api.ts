import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import { type PublicUser } from '@vidyalaya/shared/auth';
import { api } from '../api/api';

/**
 * The account calls every part of the app needs (the auth feature adds the form calls). Loaded by
 * auth-slice only when there is a session to check or end, so a signed-out visitor's first page
 * carries no RTK Query.
 */
export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    me: b.query<{ user: PublicUser }, void>({
      query: () => ({ url: '/auth/me', fallbackMessage: FALLBACK_MESSAGES.fetchUser }),
      providesTags: ['Me'],
    }),
    logout: b.mutation<unknown, { refreshToken: string }>({
      query: (body) => ({ url: '/auth/logout', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: FALLBACK_MESSAGES.logout }),
    }),
  }),
});
