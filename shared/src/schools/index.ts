// The schools domain's wire contract: `@vidyalaya/shared/schools` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
export * from './errors';
