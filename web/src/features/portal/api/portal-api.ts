import type { PublicSchoolResult } from '@vidyalaya/shared';
import { api } from '../../../lib/api/api';

/** DECISIONS: GET /public/schools/{subdomain} → the public profile of an active school, else 404. */
export const portalApi = api.injectEndpoints({
  endpoints: (b) => ({
    publicSchool: b.query<PublicSchoolResult, string>({
      query: (subdomain) => ({ url: `/public/schools/${encodeURIComponent(subdomain)}`, skipAuthRefresh: true }),
    }),
  }),
});

export const { usePublicSchoolQuery } = portalApi;
