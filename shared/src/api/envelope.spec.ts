import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  apiFailureSchema,
  envelopeErrorMessage,
  fail,
  isApiEnvelope,
  isApiFailure,
  ok,
} from './envelope';
import { ERROR_CODES, ERROR_CODE_LIST, errorStatus, isErrorCode } from './error-codes';
import { zodIssuesToDetails } from './validation-details';

describe('spec §3 Response envelope', () => {
  it('wraps data as a success', () => {
    expect(ok({ id: 1 })).toStrictEqual({ success: true, data: { id: 1 } });
    expect(ok(null, 'Saved')).toStrictEqual({ success: true, data: null, message: 'Saved' });
  });

  it('builds a well-formed failure from a code', () => {
    const body = fail('INVALID_CREDENTIALS');
    expect(body).toStrictEqual({
      success: false,
      message: 'Invalid username or password',
      error: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
    });
    expect(apiFailureSchema.parse(body)).toEqual(body);
  });

  it('carries validation details', () => {
    const body = fail('VALIDATION_FAILED', { details: { username: MESSAGES.validation.usernameMin } });
    expect(isApiFailure(body)).toBe(true);
    expect(body.error.details).toEqual({ username: 'Username must be at least 3 characters' });
  });

  it.each([
    [{ success: false, error: { message: 'x' } }, 'no code'],
    [{ success: false, error: { message: 'x', code: 'NOPE' } }, 'an unknown code'],
    [{ success: true, data: 1 }, 'a success'],
    [{ success: false, error: { message: 'x', code: 'FORBIDDEN', details: { a: 1 } } }, 'non-string details'],
  ])('%j is not a well-formed failure (%s)', (body, _why) => {
    expect(isApiFailure(body)).toBe(false);
  });

  it.each([
    [{ success: true, data: 1 }, true],
    [{ success: false }, true],
    [{ success: 'yes' }, false],
    [{ statusCode: 500, message: 'Internal' }, false],
    ['<html>', false],
    [null, false],
  ])('spec §8: %j carries a success flag: %s', (body, expected) => {
    expect(isApiEnvelope(body)).toBe(expected);
  });

  it.each([
    [{ success: false, error: { message: 'Subdomain already taken' } }, 'Subdomain already taken'],
    [{ success: false, message: 'Top-level only' }, 'Top-level only'],
    [{ success: false, error: { message: '' } }, 'Login failed'],
    [undefined, 'Login failed'],
  ])('spec §8: the message of %j is %j', (body, message) => {
    expect(envelopeErrorMessage(body, MESSAGES.fallback.login)).toBe(message);
  });
});

describe('DECISIONS API error codes', () => {
  it.each([
    ['VALIDATION_FAILED', 400], ['MALFORMED_JSON', 400], ['PAYLOAD_TOO_LARGE', 413],
    ['UNAUTHENTICATED', 401], ['INVALID_CREDENTIALS', 401], ['TOKEN_EXPIRED', 401],
    ['REFRESH_TOKEN_INVALID', 401], ['EMAIL_NOT_VERIFIED', 403], ['FORBIDDEN', 403],
    ['NOT_FOUND', 404], ['ROUTE_NOT_FOUND', 404], ['SCHOOL_NOT_FOUND', 404],
    ['USERNAME_TAKEN', 409], ['EMAIL_TAKEN', 409], ['SUBDOMAIN_TAKEN', 409], ['SUBDOMAIN_RESERVED', 409],
    ['SCHOOL_CODE_TAKEN', 409], ['SCHOOL_ALREADY_EXISTS', 409], ['OTP_INVALID', 400], ['OTP_EXPIRED', 400],
    ['OTP_ATTEMPTS_EXCEEDED', 400], ['RESET_TOKEN_INVALID', 400], ['PASSWORD_TOO_COMMON', 400],
    ['UNKNOWN_CLASSES', 400], ['UNKNOWN_SUBJECTS', 400], ['PLAN_COMING_SOON', 422], ['CONTACT_EMAIL_INVALID', 422],
    ['SCHOOL_NOT_EDITABLE', 422], ['ALREADY_DECIDED', 422], ['RATE_LIMITED', 429],
    ['MAIL_UNAVAILABLE', 503], ['DATABASE_UNAVAILABLE', 503], ['INTERNAL_ERROR', 500],
    // The school workspace (docs/workspace-contract.md).
    ['INVITATION_INVALID', 404], ['LAST_ADMIN', 422], ['SCHOOL_OWNER', 422], ['ALREADY_MEMBER', 409],
    ['SCHOOL_NOT_APPROVED', 403], ['INVITATION_EMAIL_MISMATCH', 403],
    ['ACADEMIC_YEAR_INVALID', 400], ['ACADEMIC_YEAR_EXISTS', 409],
    // Fees.
    ['FEE_HEAD_EXISTS', 409], ['FEE_STRUCTURE_EXISTS', 409], ['NO_FEE_STRUCTURE', 422], ['PAYMENT_EXCEEDS_DUES', 422],
    ['RECEIPT_CANCELLED', 422], ['UPI_NOT_SET', 422], ['FEE_STRUCTURE_PAID', 409],
    // Online fee payment.
    ['GATEWAY_NOT_SET', 422], ['GATEWAY_UNAVAILABLE', 503], ['PAYMENT_SIGNATURE_INVALID', 400], ['NOTHING_DUE', 422],
    ['PAY_LINK_INVALID', 404], ['PAY_LINK_EXPIRED', 422], ['REFUND_NOT_ALLOWED', 422], ['REFUND_IN_PROGRESS', 409],
    // Exams.
    ['MARKS_INCOMPLETE', 409],
    // Year end.
    ['PROMOTION_EXISTS', 409], ['PROMOTION_APPLIED', 409], ['PROMOTION_LOCKED', 409], ['YEAR_CLOSED', 409],
    // Certificates.
    ['DUES_OUTSTANDING', 422], ['STUDENT_NOT_LEFT', 422], ['CERTIFICATE_EXISTS', 409], ['CERTIFICATE_CANCELLED', 422],
    // Messages to families.
    ['MESSAGE_TEMPLATE_MISMATCH', 422], ['MESSAGE_TEMPLATE_MISSING', 422], ['MESSAGING_CALLBACK_INVALID', 400],
  ] as const)('%s answers %i', (code, status) => {
    expect(errorStatus(code)).toBe(status);
  });

  it('has exactly the agreed codes, each UPPER_SNAKE with a sentence for a person', () => {
    expect(ERROR_CODE_LIST).toHaveLength(92);
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(ERROR_CODES[code].message).toMatch(/^[A-Z].{8,}$/);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('toString')).toBe(false);
  });

  it.each([
    ['INVALID_CREDENTIALS', 'Invalid username or password'],
    ['OTP_INVALID', 'Invalid OTP. Please try again.'],
    ['PASSWORD_TOO_COMMON', 'This password is too common'],
    ['SUBDOMAIN_TAKEN', 'Subdomain already taken'],
    ['SUBDOMAIN_RESERVED', 'This subdomain is reserved'],
    ['PLAN_COMING_SOON', 'This plan is coming soon'],
    ['STUDENT_LIMIT_REACHED', 'The free trial allows up to 100 students'],
  ] as const)('%s says %j', (code, message) => {
    expect(ERROR_CODES[code].message).toBe(message);
  });
});

describe('DECISIONS validation details: field path → first message', () => {
  it('keys nested and indexed paths with dots and keeps the first message per field', () => {
    const schema = z.object({
      address: z.object({ city: z.string().min(1, 'City is required') }),
      phones: z.array(z.string().min(2, 'short').regex(/^\d+$/, 'digits')),
    });
    const issues = schema.safeParse({ address: { city: '' }, phones: ['1', 'x'] }).error!.issues;
    expect(zodIssuesToDetails(issues)).toEqual({
      'address.city': 'City is required',
      'phones.0': 'short',
      'phones.1': 'short',
    });
  });
});
