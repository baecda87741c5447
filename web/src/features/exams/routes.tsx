import type { RouteObject } from 'react-router';

/** Exams, marks and report cards under /workspace/{schoolId}/ (lazy pages only). */
export const examsRoutes: RouteObject[] = [
  { path: 'exams', lazy: () => import('./pages/exams-page') },
  { path: 'exams/schemes', lazy: () => import('./pages/schemes-page') },
  { path: 'exams/:examId', lazy: () => import('./pages/exam-page') },
  { path: 'exams/:examId/date-sheet', lazy: () => import('./pages/date-sheet-page') },
  { path: 'exams/:examId/date-sheet/edit', lazy: () => import('./pages/date-sheet-edit-page') },
  { path: 'exams/:examId/marks/:sectionId/:subjectId', lazy: () => import('./pages/marks-page') },
];
