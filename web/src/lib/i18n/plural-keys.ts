/**
 * The values a plural message reads once compiled (vite-lingui-catalogues.ts, lib/i18n/plural.ts):
 * `count␁plural` (its category) and `count␁#` (the number as shown). Imported by the build, so no imports.
 */
export const PLURAL_KEY = '\u0001plural';
export const PLURAL_NUMBER = '\u0001#';
