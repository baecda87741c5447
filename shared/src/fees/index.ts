// The fees domain's wire contract: `@vidyalaya/shared/fees` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
export * from './messages';
