import { createApi } from '@reduxjs/toolkit/query/react';
import { registerApi, type LazyApi } from '../store/lazy-apis';
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

// The store takes the API's reducer and middleware now, not at start (lib/store/lazy-apis.ts).
registerApi(api as unknown as LazyApi);
