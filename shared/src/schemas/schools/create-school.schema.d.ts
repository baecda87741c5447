import { z } from 'zod';
import { type SchoolLevel } from '../../constants';
/** An optional plus, a non-zero digit, then 1 to 14 digits (spec §5). */
export declare const PHONE_NUMBER_PATTERN: RegExp;
/** Uppercase letters, digits, hyphen and underscore (spec §5 schoolCode). */
export declare const SCHOOL_CODE_PATTERN: RegExp;
/** A whole year from 1800 to the current year (in India), or null, or absent. */
export declare const establishedYearSchema: z.ZodPreprocess<z.ZodOptional<z.ZodNullable<z.ZodNumber>>, unknown>;
export declare const phoneNumberSchema: z.ZodString;
/**
 * Spec §5 "School form", as the server reads the create payload (spec §3). It is as lenient as the
 * form: empty optional values ('' or blanks) count as absent, blank phone entries are dropped, a
 * missing country is India, and establishedYear may come as text. Messages are the spec's.
 */
export declare const createSchoolSchema: z.ZodObject<{
    name: z.ZodString;
    subdomain: z.ZodString;
    address: z.ZodPreprocess<z.ZodObject<{
        address1: z.ZodString;
        address2: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
        locality: z.ZodString;
        city: z.ZodString;
        state: z.ZodString;
        country: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
        pinCode: z.ZodString;
        landmark: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    }, z.core.$strip>, unknown>;
    level: z.ZodEnum<{
        primary: "primary";
        secondary: "secondary";
        higher_secondary: "higher_secondary";
        mixed: "mixed";
    }>;
    board: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    schoolCode: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    phoneNumbers: z.ZodPreprocess<z.ZodArray<z.ZodString>, unknown>;
    email: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    principalName: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    establishedYear: z.ZodPreprocess<z.ZodOptional<z.ZodNullable<z.ZodNumber>>, unknown>;
    language: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
}, z.core.$strip>;
/** The create payload after validation: what the server stores and what the client sends. */
export type CreateSchoolPayload = z.output<typeof createSchoolSchema>;
export type SchoolAddressInput = CreateSchoolPayload['address'];
/**
 * The /setup/school form's values as react-final-form holds them: any input may be undefined,
 * establishedYear is the input's text, and phoneNumbers is the dynamic list, blanks included.
 */
export type SchoolFormValues = {
    name?: string;
    subdomain?: string;
    address?: {
        address1?: string;
        address2?: string;
        locality?: string;
        city?: string;
        state?: string;
        country?: string;
        pinCode?: string;
        landmark?: string;
    };
    level?: SchoolLevel | '';
    board?: string;
    schoolCode?: string;
    phoneNumbers?: (string | null | undefined)[];
    email?: string;
    principalName?: string;
    establishedYear?: string | number | null;
    language?: string;
};
/** Initial values of the form: country India and one empty phone input (spec §2, §5). */
export declare function emptySchoolFormValues(): SchoolFormValues;
/**
 * The same rules for the form. It differs from createSchoolSchema in two ways: country is
 * required (the input starts as India; clearing it shows 'Country is required'), and the phone
 * list is validated in place, so each message lands on the input it is about: a blank entry is
 * ignored, 'At least one phone number is required' sits on the first input, 'Maximum 5 phone
 * numbers allowed' on the sixth filled one, and 'Phone numbers must be unique' on the repeat.
 * No message is put on `phoneNumbers` itself, which final-form keeps for the array.
 */
export declare const schoolFormSchema: z.ZodObject<{
    name: z.ZodString;
    subdomain: z.ZodString;
    address: z.ZodPreprocess<z.ZodObject<{
        address1: z.ZodString;
        address2: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
        locality: z.ZodString;
        city: z.ZodString;
        state: z.ZodString;
        country: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
        pinCode: z.ZodString;
        landmark: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    }, z.core.$strip>, unknown>;
    level: z.ZodEnum<{
        primary: "primary";
        secondary: "secondary";
        higher_secondary: "higher_secondary";
        mixed: "mixed";
    }>;
    board: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    schoolCode: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    phoneNumbers: z.ZodPreprocess<z.ZodArray<z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>>, unknown>;
    email: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    principalName: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    establishedYear: z.ZodPreprocess<z.ZodOptional<z.ZodNullable<z.ZodNumber>>, unknown>;
    language: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
}, z.core.$strip>;
/**
 * Form values → the create payload (spec §3): strings trimmed, empty optional values omitted,
 * blank phone entries dropped, establishedYear sent as a number. Meant for values that passed
 * schoolFormSchema; the server validates again either way.
 */
export declare function toCreateSchoolPayload(values: SchoolFormValues): CreateSchoolPayload;
