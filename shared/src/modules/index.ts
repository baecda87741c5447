import type { ModuleContract } from './contract';
import { CERTIFICATES_CONTRACT } from './certificates';
import { INSIGHTS_CONTRACT } from './insights';
import { MESSAGING_CONTRACT } from './messaging';
import { ONLINE_PAYMENTS_CONTRACT } from './online-payments';
import { PROMOTIONS_CONTRACT } from './promotions';

/**
 * THE list of the modules' contracts (error codes, permissions, grants): one line per module.
 * `ERROR_CODES` (api/error-codes.ts) and `PERMISSIONS` / `ROLE_PERMISSIONS` (workspace/roles.ts)
 * are collected from it. The order is the role table's order of the permissions.
 */
export const MODULE_CONTRACTS = [
  ONLINE_PAYMENTS_CONTRACT,
  INSIGHTS_CONTRACT,
  CERTIFICATES_CONTRACT,
  MESSAGING_CONTRACT,
  PROMOTIONS_CONTRACT,
] as const satisfies readonly ModuleContract<any, any>[];

type Contracts = (typeof MODULE_CONTRACTS)[number];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every module's error codes, one object. */
export type ModuleErrors = UnionToIntersection<Contracts['errors']>;
export const MODULE_ERRORS = Object.assign({}, ...MODULE_CONTRACTS.map((c) => c.errors)) as ModuleErrors;

/** Every module's permissions, in list order. */
export type ModulePermission = Contracts['permissions'][number];
export const MODULE_PERMISSIONS: readonly ModulePermission[] = MODULE_CONTRACTS.flatMap((c) => c.permissions);

/** The module permissions a role holds (admin holds them all through PERMISSIONS). */
export function moduleGrants(role: keyof ModuleContract['grants']): ModulePermission[] {
  return MODULE_CONTRACTS.flatMap((c) => (c.grants as ModuleContract['grants'])[role] ?? []) as ModulePermission[];
}

export type { GrantableRole, ModuleContract } from './contract';
export { defineContract } from './contract';
export { CERTIFICATES_CONTRACT } from './certificates';
export { INSIGHTS_CONTRACT } from './insights';
export { MESSAGING_CONTRACT } from './messaging';
export { ONLINE_PAYMENTS_CONTRACT } from './online-payments';
export { PROMOTIONS_CONTRACT } from './promotions';
