import { type DateInput } from './ist';
/** A school level for display: 'higher_secondary' → 'higher secondary' (spec §3). */
export declare function formatLevel(level: string | null | undefined): string;
/**
 * A date as India reads it, day first, in India Standard Time (DECISIONS.md):
 * 2025-10-03T20:00:00Z → '04/10/2025'. Missing or invalid input gives ''.
 */
export declare function formatDateIST(value: DateInput | null | undefined): string;
/**
 * Date and 12-hour clock time in India Standard Time, in the style of the business hours line:
 * 2025-10-03T20:00:00Z → '04/10/2025, 1:30 AM IST'. Missing or invalid input gives ''.
 */
export declare function formatDateTimeIST(value: DateInput | null | undefined): string;
type AddressLike = {
    address1?: string | null;
    address2?: string | null;
    landmark?: string | null;
    locality?: string | null;
    city?: string | null;
    state?: string | null;
    pinCode?: string | null;
    country?: string | null;
};
/**
 * A school address on one line. Spec §3: the address may be an object or a plain string; the
 * string is shown as it is.
 */
export declare function formatAddress(address: AddressLike | string | null | undefined): string;
/** 'City, State' for a school card; a plain-string address is shown as it is. */
export declare function formatCityState(address: AddressLike | string | null | undefined): string;
export {};
