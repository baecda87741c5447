import type { PublicSchoolResult, SchoolFrontDoorResult } from '@vidyalaya/shared';
import { api } from '../../../lib/api/api';

/** DECISIONS: GET /public/schools/{subdomain} → the public profile of an active school, else 404. */
export const portalApi = api.injectEndpoints({
  endpoints: (b) => ({
    publicSchool: b.query<PublicSchoolResult, string>({
      query: (subdomain) => ({ url: `/public/schools/${encodeURIComponent(subdomain)}`, skipAuthRefresh: true }),
    }),
    /** The school's front door: contact details, address, principal, board and affiliation (issue 14 item 7). */
    frontDoor: b.query<SchoolFrontDoorResult, string>({
      query: (subdomain) => ({ url: `/public/schools/${encodeURIComponent(subdomain)}/front-door`, skipAuthRefresh: true }),
    }),
  }),
});

export const { usePublicSchoolQuery, useFrontDoorQuery } = portalApi;
