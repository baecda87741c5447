import { z } from 'zod';

/** A workspace list's answer `{items, total, page, pageSize}` (DECISIONS "Paths and tenancy"), for the OpenAPI document. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });
}
