import type { Type } from '@nestjs/common';
import type { ModuleContract } from '@vidyalaya/shared';
import type { AccessKind } from './workspace/access-kinds';

/**
 * Everything a back-end module registers, in one object beside its code
 * (`modules/<m>/<m>.manifest.ts`), listed once in `MODULES` (src/app.manifest.ts). The app's Nest
 * modules, the migration list, the access kinds, the error and role tables (through `contract`),
 * the job names and the test route tables are all collected from that one list
 * (docs/adding-a-module.md).
 */
export interface ModuleManifest<K extends Record<string, AccessKind> = Record<string, AccessKind>> {
  /** The folder's name (`online-payments`). */
  readonly name: string;
  /** The Nest module: its controllers and providers. */
  readonly module: Type<unknown>;
  /** Its migrations (TypeORM runs every migration in timestamp order, whichever module lists it). */
  readonly migrations?: readonly Function[];
  /** The record kinds a request may name by id (`AccessService.require(ctx, kind, ids)`). */
  readonly accessKinds?: K;
  /** Its share of the wire contract: error codes, permissions and grants (shared/src/modules/<m>.ts). */
  readonly contract?: ModuleContract<any, any>;
  /** The background jobs its services register at start (`JobRegistry.register`), checked against the running app. */
  readonly jobs?: readonly string[];
  /**
   * Test tables. `fileRoutes`: its routes that answer a file or a feed instead of the JSON envelope
   * (`GET /schools/:schoolId/receipts/:receiptId/pdf`), the only ones the OpenAPI check lets skip it.
   * `rowScoped403`: role × route refusals past the guard (`guardian GET /api/v1/schools/:schoolId/…`),
   * each a reviewed decision, the route matrix's exceptions.
   */
  readonly fileRoutes?: readonly string[];
  readonly rowScoped403?: readonly string[];
}

/** Types a module's manifest, keeping its access kinds' names literal. */
export function defineModule<const K extends Record<string, AccessKind> = Record<never, AccessKind>>(manifest: ModuleManifest<K>): ModuleManifest<K> {
  return manifest;
}
