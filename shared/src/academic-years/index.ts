// The academic-years domain's wire contract: `@vidyalaya/shared/academic-years` (also re-exported by the package's main entry).
export * from './schemas';
