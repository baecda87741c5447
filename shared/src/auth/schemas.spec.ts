import type { z } from 'zod';
import { zodIssuesToDetails } from '../api/validation-details';
import { MESSAGES } from '../messages';
import { forgotPasswordNewPasswordFormSchema, forgotPasswordSchema, loginSchema, refreshTokenSchema, registerFormSchema, registerSchema, resendOtpSchema, resetPasswordFormSchema, resetPasswordSchema, verifyOtpSchema } from './schemas';

/** Field path → first message, exactly as the server's `error.details` carries it. */
const detailsOf = (schema: z.ZodType, input: unknown) =>
  zodIssuesToDetails(schema.safeParse(input).error?.issues ?? []);

const validRegistration = {
  username: 'ravi_kumar',
  email: 'ravi@example.in',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  agreeToTerms: true,
};

describe('spec §5 Registration', () => {
  it.each([
    { case: 'username too short', input: { username: 'ab' }, path: 'username', message: 'Username must be at least 3 characters' },
    { case: 'username missing', input: { username: undefined }, path: 'username', message: 'Username must be at least 3 characters' },
    { case: 'username only spaces', input: { username: '    ' }, path: 'username', message: 'Username must be at least 3 characters' },
    { case: 'username too long', input: { username: 'a'.repeat(31) }, path: 'username', message: 'Username must not exceed 30 characters' },
    { case: 'email malformed', input: { email: 'ravi@' }, path: 'email', message: 'Please enter a valid email address' },
    { case: 'email missing', input: { email: undefined }, path: 'email', message: 'Please enter a valid email address' },
    { case: 'password too short', input: { password: '12345', confirmPassword: '12345' }, path: 'password', message: 'Password must be at least 6 characters' },
    { case: 'password too long', input: { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, path: 'password', message: 'Password must not exceed 128 characters' },
    { case: 'confirmation differs', input: { confirmPassword: 'secret-pasS' }, path: 'confirmPassword', message: "Passwords don't match" },
    { case: 'terms unchecked', input: { agreeToTerms: false }, path: 'agreeToTerms', message: 'You must agree to the Terms of Service and Privacy Policy' },
    { case: 'terms missing', input: { agreeToTerms: undefined }, path: 'agreeToTerms', message: 'You must agree to the Terms of Service and Privacy Policy' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    const details = detailsOf(registerFormSchema, { ...validRegistration, ...input });
    expect(details[path]).toBe(message);
    expect(Object.keys(details)).toEqual([path]);
  });

  it('reports the mismatch while another field is still invalid', () => {
    const details = detailsOf(registerFormSchema, {
      ...validRegistration,
      username: 'ab',
      confirmPassword: 'different',
    });
    expect(details).toEqual({
      username: 'Username must be at least 3 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it.each([
    ['3-character username', { username: 'abc' }],
    ['30-character username', { username: 'u'.repeat(30) }],
    ['6-character password', { password: '123456', confirmPassword: '123456' }],
    ['128-character password', { password: 'p'.repeat(128), confirmPassword: 'p'.repeat(128) }],
  ])('accepts a %s', (_case, change) => {
    expect(registerFormSchema.safeParse({ ...validRegistration, ...change }).success).toBe(true);
  });

  it('the wire shape trims the username and drops unknown fields', () => {
    expect(
      registerSchema.parse({ ...validRegistration, username: '  ravi  ', role: 'staff' }),
    ).toStrictEqual({ username: 'ravi', email: 'ravi@example.in', password: 'secret-pass' });
  });

  it('never trims a password', () => {
    expect(registerSchema.parse({ ...validRegistration, password: ' 12345 ' }).password).toBe(' 12345 ');
  });
});

describe('spec §5 Login', () => {
  it.each([
    { case: 'username too short', input: { username: 'ab', password: 'x' }, path: 'username', message: 'Username must be at least 3 characters' },
    { case: 'username too long', input: { username: 'a'.repeat(31), password: 'x' }, path: 'username', message: 'Username must not exceed 30 characters' },
    { case: 'password empty', input: { username: 'ravi', password: '' }, path: 'password', message: 'Password is required' },
    { case: 'password missing', input: { username: 'ravi' }, path: 'password', message: 'Password is required' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(loginSchema, input)[path]).toBe(message);
  });

  it('accepts a one-character password (only presence is checked)', () => {
    expect(loginSchema.parse({ username: 'ravi', password: 'x' })).toEqual({ username: 'ravi', password: 'x' });
  });
});

describe('spec §5 OTP', () => {
  it.each([
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['letters', '12a456'],
    ['empty', ''],
    ['missing', undefined],
  ])('rejects %s with "OTP must be 6 digits"', (_case, otp) => {
    expect(detailsOf(verifyOtpSchema, { username: 'ravi', otp }).otp).toBe('OTP must be 6 digits');
  });

  it('accepts six digits, trimming pasted spaces', () => {
    expect(verifyOtpSchema.parse({ username: 'ravi', otp: ' 012345 ' }).otp).toBe('012345');
  });

  it.each([['registration'], ['password_reset']])('resend accepts purpose %s', (purpose) => {
    expect(resendOtpSchema.safeParse({ username: 'ravi', purpose }).success).toBe(true);
  });

  it('resend rejects another purpose', () => {
    expect(detailsOf(resendOtpSchema, { username: 'ravi', purpose: 'login' }).purpose).toBe(
      MESSAGES.validation.otpPurposeInvalid,
    );
  });
});

describe('spec §5 Forgot-password new password', () => {
  it.each([
    { case: 'too short', input: { newPassword: '12345', confirmPassword: '12345' }, path: 'newPassword', message: 'Password must be at least 6 characters long' },
    { case: 'not matching', input: { newPassword: '123456', confirmPassword: '654321' }, path: 'confirmPassword', message: 'Please make sure both passwords are identical' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(forgotPasswordNewPasswordFormSchema, input)[path]).toBe(message);
  });

  it('the toast titles are the spec ones', () => {
    expect(MESSAGES.destructive.passwordTooShort.title).toBe('Password too short');
    expect(MESSAGES.destructive.passwordsMismatch.title).toBe("Passwords don't match");
  });

  it('step 1 needs a username', () => {
    expect(detailsOf(forgotPasswordSchema, { username: '' }).username).toBe(
      'Username must be at least 3 characters',
    );
  });
});

describe('spec §5 Reset-password page', () => {
  it.each([
    { case: 'too short', input: { password: '12345', confirmPassword: '12345' }, path: 'password', message: 'Password must be at least 6 characters' },
    { case: 'not matching', input: { password: '123456', confirmPassword: '1234567' }, path: 'confirmPassword', message: "Passwords don't match" },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(resetPasswordFormSchema, input)[path]).toBe(message);
  });

  it.each([
    { case: 'reset token empty', input: { resetToken: ' ', newPassword: '123456' }, path: 'resetToken', message: 'Reset token is required' },
    { case: 'new password too short', input: { resetToken: 'tok', newPassword: '123' }, path: 'newPassword', message: 'Password must be at least 6 characters' },
    { case: 'new password too long', input: { resetToken: 'tok', newPassword: 'p'.repeat(129) }, path: 'newPassword', message: 'Password must not exceed 128 characters' },
  ])('POST /auth/reset-password: $case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(resetPasswordSchema, input)[path]).toBe(message);
  });

  it('refresh and logout need a refresh token', () => {
    expect(detailsOf(refreshTokenSchema, {}).refreshToken).toBe('Refresh token is required');
  });
});
