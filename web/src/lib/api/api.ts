import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API. Each feature adds its endpoints with `api.injectEndpoints` in its own
 * `features/<feature>/api/` folder, so a route's code loads only with that route.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'School', 'SchoolSummary', 'Classes', 'GlobalSubjects', 'AdminSchools'],
  endpoints: () => ({}),
});
