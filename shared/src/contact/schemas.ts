import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX, SCHOOL_NAME_MAX } from '../constants';
import { VALIDATION_MESSAGES } from '../messages-validation';
import { optionalField, requiredText } from '../schemas/common';

const V = VALIDATION_MESSAGES;

/** The /contact form (spec §5 Contact form): name, email and message required; school optional. */
export const contactFormSchema = z.object({
  name: requiredText(CONTACT_NAME_MAX, V.nameRequired, V.contactNameMax),
  email: z
    .string({ error: V.contactEmailRequired })
    .trim()
    .min(1, { error: V.contactEmailRequired, abort: true })
    .regex(z.regexes.email, V.emailInvalid)
    .max(EMAIL_MAX, V.emailTooLong),
  school: optionalField(z.string().trim().max(SCHOOL_NAME_MAX, V.contactSchoolMax)),
  message: requiredText(CONTACT_MESSAGE_MAX, V.messageRequired, V.messageMax),
});
/** The form's values as react-final-form holds them (empty inputs are undefined). */
export type ContactFormValues = { name?: string; email?: string; school?: string; message?: string };

/** Present and non-blank, else 'All fields are required' (and no further message for the field). */
function allRequired(max: number, tooLong: string) {
  return z
    .string({ error: V.allFieldsRequired })
    .trim()
    .min(1, { error: V.allFieldsRequired, abort: true })
    .max(max, tooLong);
}

/**
 * POST /api/v1/contact (DECISIONS.md): every field required, as the spec's e-mail service demands
 * ('All fields are required'); a malformed address gives 'Please enter a valid email address'.
 */
export const contactSchema = z.object({
  name: allRequired(CONTACT_NAME_MAX, V.contactNameMax),
  email: allRequired(EMAIL_MAX, V.emailTooLong).regex(z.regexes.email, V.emailInvalid),
  school: allRequired(SCHOOL_NAME_MAX, V.contactSchoolMax),
  message: allRequired(CONTACT_MESSAGE_MAX, V.messageMax),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * The status a rejected contact message answers with, matching the spec's e-mail service: 400
 * ('Message sending failed. Please check all fields.') when a field is missing or too long, else
 * 422 ('Invalid email format. Please check your email address.') when only the address is wrong.
 */
export function contactFailureStatus(issues: readonly z.core.$ZodIssue[]): 400 | 422 {
  const onlyEmailFormat =
    issues.length > 0 &&
    issues.every((issue) => issue.path[0] === 'email' && issue.message === V.emailInvalid);
  return onlyEmailFormat ? 422 : 400;
}
