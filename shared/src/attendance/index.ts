// The attendance domain's wire contract: `@vidyalaya/shared/attendance` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
