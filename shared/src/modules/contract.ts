import type { ErrorCodeEntry } from '../api/error-entry';

/** The roles a module may grant its permissions to (`admin` holds every permission already). */
export type GrantableRole = 'office' | 'accountant' | 'teacher' | 'guardian';

/**
 * A module's share of the wire contract: its error codes, its permissions and which roles hold
 * them. Each module writes one (`shared/src/modules/<m>.ts`) and adds it to `MODULE_CONTRACTS`
 * (modules/index.ts); `ERROR_CODES` and `PERMISSIONS` / `ROLE_PERMISSIONS` are collected from that
 * list, so a module's codes and permissions are written once, beside each other.
 */
export interface ModuleContract<E extends Record<string, ErrorCodeEntry> = Record<string, ErrorCodeEntry>, P extends string = string> {
  /** The module's name, as its back-end folder (`online-payments`). */
  readonly name: string;
  readonly errors: E;
  /** Its permissions, in the order the role table lists them. Never renamed (DECISIONS). */
  readonly permissions: readonly P[];
  /** Which roles besides admin hold which of its permissions. */
  readonly grants: Readonly<Partial<Record<GrantableRole, readonly NoInfer<P>[]>>>;
}

/** Types a module's contract, keeping its codes and permission names literal. */
export function defineContract<const E extends Record<string, ErrorCodeEntry>, const P extends string>(contract: ModuleContract<E, P>): ModuleContract<E, P> {
  return contract;
}
