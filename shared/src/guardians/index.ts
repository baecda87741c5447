// The guardians domain's wire contract: `@vidyalaya/shared/guardians` (also re-exported by the package's main entry).
export * from './schemas';
