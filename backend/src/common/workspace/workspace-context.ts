import type { SchoolRole } from '@vidyalaya/shared';

/**
 * Who is acting in which school, as the workspace guard proved it for this request: the school
 * exists, the user is a member, and `role` is their role there, read from the database now
 * (never from the token). Handlers receive it with `@Workspace()`; services take it as their
 * first argument and pass `schoolId` first to every repository method.
 */
export interface WorkspaceContext {
  readonly schoolId: string;
  readonly userId: string;
  readonly role: SchoolRole;
}
