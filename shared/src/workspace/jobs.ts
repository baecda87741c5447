/** GET /schools/{id}/jobs/{jobId}: what the renderer polls while a background job runs. */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobStatus {
  state: JobState;
  progress: number;
  resultUrl?: string;
  error?: string;
}
