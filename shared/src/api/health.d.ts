/** `GET /api/v1/health` data (DECISIONS.md): 200 when the database answers, 503 otherwise. */
export type HealthResult = {
    status: 'ok' | 'degraded';
    database: 'up' | 'down';
};
