// The jobs domain's wire contract: `@vidyalaya/shared/jobs` (also re-exported by the package's main entry).
export * from './schemas';
