// The promotions domain's wire contract: `@vidyalaya/shared/promotions` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
