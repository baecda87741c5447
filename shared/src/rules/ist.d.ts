/**
 * India Standard Time without Intl: IST is UTC+05:30 all year (no daylight saving), so shifting by
 * the fixed offset and reading UTC fields gives the wall-clock time in India on any machine.
 */
export declare const IST_OFFSET_MINUTES = 330;
export declare const IST_TIME_ZONE = "Asia/Kolkata";
export type DateInput = Date | string | number;
/** A Date for `value`, or null when it is missing or not a valid instant. */
export declare function toValidDate(value: DateInput | null | undefined): Date | null;
export type IstParts = {
    year: number;
    /** 1–12 */
    month: number;
    day: number;
    hour: number;
    minute: number;
};
/** The calendar date and clock time in India at the instant `date`. */
export declare function istParts(date: Date): IstParts;
/** The current calendar year in India. */
export declare function currentYearIST(now?: Date): number;
