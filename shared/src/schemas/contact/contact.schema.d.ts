import { z } from 'zod';
/** The /contact form (spec §5 Contact form): name, email and message required; school optional. */
export declare const contactFormSchema: z.ZodObject<{
    name: z.ZodString;
    email: z.ZodString;
    school: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    message: z.ZodString;
}, z.core.$strip>;
/** The form's values as react-final-form holds them (empty inputs are undefined). */
export type ContactFormValues = {
    name?: string;
    email?: string;
    school?: string;
    message?: string;
};
/**
 * POST /api/v1/contact (DECISIONS.md): every field required, as the spec's e-mail service demands
 * ('All fields are required'); a malformed address gives 'Please enter a valid email address'.
 */
export declare const contactSchema: z.ZodObject<{
    name: z.ZodString;
    email: z.ZodString;
    school: z.ZodString;
    message: z.ZodString;
}, z.core.$strip>;
export type ContactInput = z.infer<typeof contactSchema>;
/**
 * The status a rejected contact message answers with, matching the spec's e-mail service: 400
 * ('Message sending failed. Please check all fields.') when a field is missing or too long, else
 * 422 ('Invalid email format. Please check your email address.') when only the address is wrong.
 */
export declare function contactFailureStatus(issues: readonly z.core.$ZodIssue[]): 400 | 422;
