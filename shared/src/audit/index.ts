// The audit domain's wire contract: `@vidyalaya/shared/audit` (also re-exported by the package's main entry).
export * from './schemas';
