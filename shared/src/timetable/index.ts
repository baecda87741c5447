// The timetable domain's wire contract: `@vidyalaya/shared/timetable` (also re-exported by the package's main entry).
export * from './schemas';
export * from './answers';
