import type { RouteObject } from 'react-router';

/**
 * The school workspace's routes (issue 13): on a school's host, on the main host and in the desktop
 * app. Every page loads lazily, so the public site carries none of it; all sit under WorkspaceRoot,
 * which provides the language. `modules` are the module features' own routes (students, timetable,
 * attendance…), composed in app/routes.tsx: they sit under /workspace/{schoolId}/ inside the shell,
 * before the catch-all that shows a module still to come.
 */
export const workspaceRoutes = (modules: RouteObject[] = []): RouteObject[] => [
  {
    lazy: () => import('./components/workspace-root'),
    children: [
      { path: 'sign-in', lazy: () => import('./pages/sign-in-page') },
      { path: 'join', lazy: () => import('./pages/join-page') },
      {
        path: 'workspace',
        lazy: () => import('./components/require-sign-in'),
        children: [
          { index: true, lazy: () => import('./pages/workspace-index-page') },
          {
            path: ':schoolId',
            lazy: () => import('./components/school-shell'),
            children: [
              { index: true, lazy: () => import('./pages/home-page') },
              { path: 'members', lazy: () => import('./pages/members-page') },
              { path: 'academic-years', lazy: () => import('./pages/academic-years-page') },
              ...modules,
              { path: ':section', lazy: () => import('./pages/module-page') },
            ],
          },
        ],
      },
    ],
  },
];
