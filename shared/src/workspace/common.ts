import { z } from 'zod';
import { blankToUndefined } from '../schemas/common';
import { VALIDATION_MESSAGES } from '../messages-validation';

/** DECISIONS "Paths and tenancy": lists answer {items, total, page, pageSize}; page from 1, pageSize ≤ 200, default 50. */
export const WORKSPACE_PAGE_SIZE_DEFAULT = 50;
export const WORKSPACE_PAGE_SIZE_MAX = 200;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list's answer `{items, total, page, pageSize}` as a schema: a domain's answer schemas use it, and the OpenAPI document. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });
}

const V = VALIDATION_MESSAGES;
const PAGE_SIZE_INVALID = `Page size must be a whole number from 1 to ${WORKSPACE_PAGE_SIZE_MAX}`;

/** `page` and `pageSize` of a workspace list's query string (coerced; blank = absent). */
export const pageQueryShape = {
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageInvalid).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PAGE_SIZE_INVALID })
      .int(PAGE_SIZE_INVALID)
      .min(1, PAGE_SIZE_INVALID)
      .max(WORKSPACE_PAGE_SIZE_MAX, PAGE_SIZE_INVALID)
      .default(WORKSPACE_PAGE_SIZE_DEFAULT),
  ),
};
export const pageQuerySchema = z.object(pageQueryShape);
export type PageQuery = z.output<typeof pageQuerySchema>;

/** `{schoolId}` of every workspace path. */
export const workspaceSchoolParamSchema = z.object({ schoolId: z.uuid({ error: V.schoolIdInvalid }) });
export type WorkspaceSchoolParam = z.infer<typeof workspaceSchoolParamSchema>;

/** A workspace path's school id plus one more id, e.g. `{schoolId, userId}`. */
export function schoolAndIdParamSchema<K extends string>(key: K) {
  return z.object({ schoolId: z.uuid({ error: V.schoolIdInvalid }), [key]: z.uuid({ error: V.idInvalid }) } as {
    schoolId: z.ZodUUID;
  } & Record<K, z.ZodUUID>);
}

/** `YYYY-MM-DD`, a real calendar date. */
export const isoDateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });
