// The online-payments domain's wire contract: `@vidyalaya/shared/online-payments` (also re-exported by the package's main entry).
export * from './schemas';
