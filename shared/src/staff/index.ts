// The staff domain's wire contract: `@vidyalaya/shared/staff` (also re-exported by the package's main entry).
export * from './schemas';
