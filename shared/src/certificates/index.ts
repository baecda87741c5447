// The certificates domain's wire contract: `@vidyalaya/shared/certificates` (also re-exported by the package's main entry).
export * from './schemas';
