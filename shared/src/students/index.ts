// The students domain's wire contract: `@vidyalaya/shared/students` (also re-exported by the package's main entry).
export * from './messages';
export * from './schemas';
export * from './answers';
