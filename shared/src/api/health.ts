import { z } from 'zod';

/**
 * `GET /api/v1/health` data (DECISIONS.md), as a schema with its type inferred from it: 200 with
 * this answer when the database answers. Otherwise 503 DATABASE_UNAVAILABLE, an error envelope
 * whose data is `{status: 'error', database: 'down'}`.
 */
export const healthResultSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export type HealthResult = z.output<typeof healthResultSchema>;
