// The messaging domain's wire contract: `@vidyalaya/shared/messaging` (also re-exported by the package's main entry).
export * from './schemas';
