// A workspace list's answer `{items, total, page, pageSize}` (DECISIONS "Paths and tenancy"): the
// shared schema, which a domain's answer schemas in shared/ use too.
export { pageSchema } from '@vidyalaya/shared';
