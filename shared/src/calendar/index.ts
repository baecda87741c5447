// The calendar domain's wire contract: `@vidyalaya/shared/calendar` (also re-exported by the package's main entry).
export * from './schemas';
