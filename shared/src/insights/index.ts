// The insights domain's wire contract: `@vidyalaya/shared/insights` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
