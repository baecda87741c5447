import { z } from 'zod';

/** GET /schools/{id}/jobs/{jobId}: what the renderer polls while a background job runs. */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

// The answer: its schema, the type inferred from it (the back end wraps it in the envelope).
export const jobStatusSchema = z.object({
  state: z.enum(JOB_STATES),
  progress: z.number().min(0).max(100),
  resultUrl: z.string().optional(),
  error: z.string().optional(),
});
export type JobStatus = z.output<typeof jobStatusSchema>;
