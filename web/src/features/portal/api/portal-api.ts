import type { PublicTcList } from '@vidyalaya/shared/certificates';
import type { PublicSchoolResult } from '@vidyalaya/shared/schools';
import type { SchoolFrontDoorResult } from '@vidyalaya/shared/students';
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
    /** The school's published TC list (issue 30): 404 unless the school publishes it; the page links to it when it does. */
    publishedTcList: b.query<PublicTcList, string>({
      query: (subdomain) => ({ url: `/public/schools/${encodeURIComponent(subdomain)}/transfer-certificates`, skipAuthRefresh: true }),
    }),
  }),
});

export const { usePublicSchoolQuery, useFrontDoorQuery, usePublishedTcListQuery } = portalApi;
