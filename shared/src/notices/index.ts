// The notices domain's wire contract: `@vidyalaya/shared/notices` (also re-exported by the package's main entry).
export * from './schemas';
