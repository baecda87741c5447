// The admin domain's wire contract: `@vidyalaya/shared/admin` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
export * from './errors';
