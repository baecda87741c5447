import { z } from 'zod';
import { ADDRESS_LINE_MAX, BOARD_MAX, DEFAULT_COUNTRY, ESTABLISHED_YEAR_MIN, LANDMARK_MAX, LANGUAGE_MAX, LANGUAGE_MIN, LOCALITY_MAX, PHONE_NUMBERS_MAX, PHONE_NUMBERS_MIN, PIN_CODE_MAX_DIGITS, PIN_CODE_MIN_DIGITS, PLAN_TYPES, PRINCIPAL_NAME_MAX, PRINCIPAL_NAME_MIN, SCHOOL_CODE_MAX, SCHOOL_CODE_MIN, SCHOOL_LEVELS, SCHOOL_NAME_MAX, SCHOOL_NAME_MIN, type SchoolLevel } from '../constants';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { ONBOARDING_TEXT } from '../messages-onboarding';
import { duplicateIndexes } from '../rules/duplicates';
import { currentYearIST } from '../rules/ist';
import { subdomainSchema } from '../rules/subdomain';
import { emailField, optionalField, requiredText, uniqueEntries } from '../schemas/common';

const V = VALIDATION_MESSAGES;

/** An optional plus, a non-zero digit, then 1 to 14 digits (spec §5). */
export const PHONE_NUMBER_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** Uppercase letters, digits, hyphen and underscore (spec §5 schoolCode). */
export const SCHOOL_CODE_PATTERN = /^[A-Z0-9_-]+$/;
const PIN_CODE_PATTERN = new RegExp(`^\\d{${PIN_CODE_MIN_DIGITS},${PIN_CODE_MAX_DIGITS}}$`);
/** Letters (any script, with their combining marks), spaces and dots. */
const PRINCIPAL_NAME_PATTERN = /^[\p{L}\p{M}\s.]+$/u;
/** Letters (any script, with their combining marks) and spaces. */
const LANGUAGE_PATTERN = /^[\p{L}\p{M}\s]+$/u;

// ---- Fields shared by the server schema and the form schema ----------------------------------

const nameSchema = z
  .string({ error: V.schoolNameMin })
  .trim()
  .min(SCHOOL_NAME_MIN, V.schoolNameMin)
  .max(SCHOOL_NAME_MAX, V.schoolNameMax);

const levelSchema = z.enum(SCHOOL_LEVELS, { error: V.levelRequired });

const boardSchema = optionalField(z.string().trim().max(BOARD_MAX, V.boardTooLong));

const A = ONBOARDING_TEXT.school;
/** The board's affiliation number (issue 20; optional, additive): 2 to 50 of letters, digits, space / . - */
const affiliationNumberSchema = optionalField(
  z
    .string()
    .trim()
    .min(2, A.affiliationLength)
    .max(50, A.affiliationLength)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 /.-]*$/, A.affiliationFormat),
);

const schoolCodeSchema = optionalField(
  z
    .string()
    .trim()
    .min(SCHOOL_CODE_MIN, V.schoolCodeMin)
    .max(SCHOOL_CODE_MAX, V.schoolCodeMax)
    .regex(SCHOOL_CODE_PATTERN, V.schoolCodeFormat),
);

const schoolEmailSchema = optionalField(emailField(V.schoolEmailInvalid, V.schoolEmailTooLong));

const principalNameSchema = optionalField(
  z
    .string()
    .trim()
    .min(PRINCIPAL_NAME_MIN, V.principalNameMin)
    .max(PRINCIPAL_NAME_MAX, V.principalNameMax)
    .regex(PRINCIPAL_NAME_PATTERN, V.principalNameFormat),
);

const languageSchema = optionalField(
  z
    .string()
    .trim()
    .min(LANGUAGE_MIN, V.languageMin)
    .max(LANGUAGE_MAX, V.languageMax)
    .regex(LANGUAGE_PATTERN, V.languageFormat),
);

/** '' → absent; '1995' (a form input's text) → 1995; null stays null. */
function readYear(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/** A whole year from 1800 to the current year (in India), or null, or absent. */
export const establishedYearSchema = z.preprocess(
  readYear,
  z
    .number({ error: V.establishedYearInteger })
    .int(V.establishedYearInteger)
    .min(ESTABLISHED_YEAR_MIN, V.establishedYearMin)
    .refine((year) => year <= currentYearIST(), V.establishedYearFuture)
    .nullable()
    .optional(),
);

/**
 * One normal form for a phone number (issue 20): spaces, dashes, dots and brackets go, and an Indian
 * mobile number written without its country code ('98765 43210', '91 98765-43210') gets '+91'.
 * The spec's rule is then applied to the result: '+91 98765 43210' → '+919876543210'.
 */
export function normalisePhoneNumber(value: string): string {
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  if (/^[6-9]\d{9}$/.test(compact)) return `+91${compact}`;
  if (/^91[6-9]\d{9}$/.test(compact)) return `+${compact}`;
  return compact;
}

export const phoneNumberSchema = z
  .string({ error: V.phoneNumberFormat })
  .overwrite(normalisePhoneNumber)
  .regex(PHONE_NUMBER_PATTERN, V.phoneNumberFormat);

function addressSchema(country: z.ZodType<string, unknown>) {
  return z.preprocess(
    // A form with every address input empty has no `address` at all: report each field instead.
    (value) => value ?? {},
    z.object(
      {
        address1: requiredText(ADDRESS_LINE_MAX, V.address1Required, V.address1TooLong),
        address2: optionalField(z.string().trim().max(ADDRESS_LINE_MAX, V.address2TooLong)),
        locality: requiredText(LOCALITY_MAX, V.localityRequired, V.localityTooLong),
        city: requiredText(LOCALITY_MAX, V.cityRequired, V.cityTooLong),
        state: requiredText(LOCALITY_MAX, V.stateRequired, V.stateTooLong),
        country,
        pinCode: z.string({ error: V.pinCode }).trim().regex(PIN_CODE_PATTERN, V.pinCode),
        landmark: optionalField(z.string().trim().max(LANDMARK_MAX, V.landmarkTooLong)),
      },
      { error: V.addressRequired },
    ),
  );
}

const requiredCountry = requiredText(LOCALITY_MAX, V.countryRequired, V.countryTooLong);

// ---- Server: POST /school/create ----------------------------------------------------------

const isBlankEntry = (entry: unknown) =>
  entry === undefined || entry === null || (typeof entry === 'string' && entry.trim() === '');

/**
 * Spec §5 "School form", as the server reads the create payload (spec §3). It is as lenient as the
 * form: empty optional values ('' or blanks) count as absent, blank phone entries are dropped, a
 * missing country is India, and establishedYear may come as text. Messages are the spec's.
 */
export const createSchoolSchema = z.object({
  name: nameSchema,
  subdomain: subdomainSchema,
  address: addressSchema(requiredCountry.default(DEFAULT_COUNTRY)),
  level: levelSchema,
  board: boardSchema,
  schoolCode: schoolCodeSchema,
  affiliationNumber: affiliationNumberSchema,
  phoneNumbers: z.preprocess(
    (value) => (Array.isArray(value) ? value.filter((entry) => !isBlankEntry(entry)) : value),
    z
      .array(phoneNumberSchema, { error: V.phoneNumbersMin })
      .min(PHONE_NUMBERS_MIN, V.phoneNumbersMin)
      .max(PHONE_NUMBERS_MAX, V.phoneNumbersMax)
      .superRefine(uniqueEntries(V.phoneNumbersUnique, (phone: string) => phone)),
  ),
  email: schoolEmailSchema,
  principalName: principalNameSchema,
  establishedYear: establishedYearSchema,
  language: languageSchema,
});

/** The create payload after validation: what the server stores and what the client sends. */
export type CreateSchoolPayload = z.output<typeof createSchoolSchema>;
export type SchoolAddressInput = CreateSchoolPayload['address'];

// ---- Renderer: the /setup/school form -----------------------------------------------------

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
  affiliationNumber?: string;
  phoneNumbers?: (string | null | undefined)[];
  email?: string;
  principalName?: string;
  establishedYear?: string | number | null;
  language?: string;
};

/** Initial values of the form: country India and one empty phone input (spec §2, §5). */
export function emptySchoolFormValues(): SchoolFormValues {
  return { address: { country: DEFAULT_COUNTRY }, phoneNumbers: [''] };
}

/**
 * The same rules for the form. It differs from createSchoolSchema in two ways: country is
 * required (the input starts as India; clearing it shows 'Country is required'), and the phone
 * list is validated in place, so each message lands on the input it is about: a blank entry is
 * ignored, 'At least one phone number is required' sits on the first input, 'Maximum 5 phone
 * numbers allowed' on the sixth filled one, and 'Phone numbers must be unique' on the repeat.
 * No message is put on `phoneNumbers` itself, which final-form keeps for the array.
 */
export const schoolFormSchema = z.object({
  name: nameSchema,
  subdomain: subdomainSchema,
  address: addressSchema(requiredCountry),
  level: levelSchema,
  board: boardSchema,
  schoolCode: schoolCodeSchema,
  affiliationNumber: affiliationNumberSchema,
  phoneNumbers: z.preprocess(
    (value) => value ?? [],
    z.array(optionalField(phoneNumberSchema)).superRefine((phones, ctx) => {
      const filled = phones.flatMap((phone, index) =>
        phone === undefined ? [] : [{ phone, index }],
      );
      if (filled.length < PHONE_NUMBERS_MIN) {
        ctx.addIssue({ code: 'custom', message: V.phoneNumbersMin, path: [0] });
      }
      const extra = filled[PHONE_NUMBERS_MAX];
      if (extra) {
        ctx.addIssue({ code: 'custom', message: V.phoneNumbersMax, path: [extra.index] });
      }
      for (const i of duplicateIndexes(
        filled.map(({ phone }) => phone),
        (phone) => phone,
      )) {
        ctx.addIssue({ code: 'custom', message: V.phoneNumbersUnique, path: [filled[i]!.index] });
      }
    }),
  ),
  email: schoolEmailSchema,
  principalName: principalNameSchema,
  establishedYear: establishedYearSchema,
  language: languageSchema,
});

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** `{ [key]: trimmed }` when the value has text, else `{}` (so the key is absent, not undefined). */
function optionalEntry<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  const trimmed = text(value);
  return trimmed === '' ? {} : ({ [key]: trimmed } as Record<K, string>);
}

function yearOf(value: SchoolFormValues['establishedYear']): number | undefined {
  const year = readYear(value);
  return typeof year === 'number' && Number.isFinite(year) ? year : undefined;
}

/**
 * Form values → the create payload (spec §3): strings trimmed, empty optional values omitted,
 * blank phone entries dropped, establishedYear sent as a number. Meant for values that passed
 * schoolFormSchema; the server validates again either way.
 */
export function toCreateSchoolPayload(values: SchoolFormValues): CreateSchoolPayload {
  const address = values.address ?? {};
  const establishedYear = yearOf(values.establishedYear);
  return {
    name: text(values.name),
    subdomain: text(values.subdomain),
    address: {
      address1: text(address.address1),
      ...optionalEntry('address2', address.address2),
      locality: text(address.locality),
      city: text(address.city),
      state: text(address.state),
      country: text(address.country) || DEFAULT_COUNTRY,
      pinCode: text(address.pinCode),
      ...optionalEntry('landmark', address.landmark),
    },
    level: values.level as SchoolLevel,
    ...optionalEntry('board', values.board),
    ...optionalEntry('schoolCode', values.schoolCode),
    ...optionalEntry('affiliationNumber', values.affiliationNumber),
    phoneNumbers: (values.phoneNumbers ?? []).map(text).filter((phone) => phone !== ''),
    ...optionalEntry('email', values.email),
    ...optionalEntry('principalName', values.principalName),
    ...(establishedYear === undefined ? {} : { establishedYear }),
    ...optionalEntry('language', values.language),
  };
}

/**
 * GET /school/subdomain-availability?subdomain=x (DECISIONS.md). Any text is accepted: a malformed
 * subdomain answers `{available: false, reason}` with the form's message rather than a 400.
 */
export const subdomainAvailabilityQuerySchema = z.object({
  subdomain: z.string({ error: VALIDATION_MESSAGES.subdomainRequired }).trim(),
  /** The school's city, when known: a taken subdomain's suggestions use it ('sunrise-kanpur'). */
  city: z.string().trim().max(100).optional(),
});
export type SubdomainAvailabilityQuery = z.infer<typeof subdomainAvailabilityQuerySchema>;

/**
 * PATCH /school/{id}/plan. Any plan type is well formed; choosing one outside
 * AVAILABLE_PLAN_TYPES answers 422 PLAN_COMING_SOON ('This plan is coming soon').
 */
export const updatePlanSchema = z.object({
  planType: z.enum(PLAN_TYPES, { error: VALIDATION_MESSAGES.planTypeInvalid }),
});
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;
