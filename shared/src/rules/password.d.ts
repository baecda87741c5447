/**
 * Passwords refused as too common (DECISIONS.md: 'This password is too common'). Only entries of
 * at least PASSWORD_MIN characters are listed: shorter ones fail the length rule anyway. The check
 * ignores case and surrounding spaces. The server may consult a longer list; this one lets the
 * form warn early.
 */
export declare const COMMON_PASSWORDS: readonly string[];
export declare function isCommonPassword(password: string): boolean;
