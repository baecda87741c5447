import type { z } from 'zod';
import { zodIssuesToDetails } from '../api/validation-details';
import { MESSAGES } from '../messages';
import { contactFailureStatus, contactFormSchema, contactSchema } from './schemas';

const detailsOf = (schema: z.ZodType, input: unknown) =>
  zodIssuesToDetails(schema.safeParse(input).error?.issues ?? []);

const valid = {
  name: 'Anita Verma',
  email: 'anita@example.in',
  school: 'Sunrise Academy',
  message: 'Please tell me more about the free trial.',
};

describe('spec §5 Contact form (the page)', () => {
  it.each([
    { case: 'name empty', input: { ...valid, name: '' }, path: 'name', message: 'Name is required' },
    { case: 'email empty', input: { ...valid, email: '' }, path: 'email', message: 'Email is required' },
    { case: 'email malformed', input: { ...valid, email: 'anita@example' }, path: 'email', message: 'Please enter a valid email address' },
    { case: 'message missing', input: { ...valid, message: undefined }, path: 'message', message: 'Message is required' },
    { case: 'message of 5001', input: { ...valid, message: 'm'.repeat(5001) }, path: 'message', message: 'Message must not exceed 5000 characters' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(contactFormSchema, input)).toEqual({ [path]: message });
  });

  it('leaves the school optional', () => {
    expect(contactFormSchema.safeParse({ ...valid, school: '' }).success).toBe(true);
  });
});

describe('spec §5 Contact form (sending): all four fields', () => {
  it.each([
    { case: 'name empty', input: { ...valid, name: ' ' }, path: 'name', message: 'All fields are required' },
    { case: 'email empty', input: { ...valid, email: '' }, path: 'email', message: 'All fields are required' },
    { case: 'school empty', input: { ...valid, school: '' }, path: 'school', message: 'All fields are required' },
    { case: 'message missing', input: { ...valid, message: undefined }, path: 'message', message: 'All fields are required' },
    { case: 'email malformed', input: { ...valid, email: 'anita' }, path: 'email', message: 'Please enter a valid email address' },
    { case: 'name of 101', input: { ...valid, name: 'n'.repeat(101) }, path: 'name', message: 'Name must not exceed 100 characters' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(contactSchema, input)).toEqual({ [path]: message });
  });

  it.each([
    { case: 'a missing field', input: { ...valid, school: '' }, status: 400 },
    { case: 'a missing field and a bad address', input: { ...valid, school: '', email: 'x' }, status: 400 },
    { case: 'only a bad address', input: { ...valid, email: 'x' }, status: 422 },
  ])('spec §8 e-mail service statuses: $case → $status', ({ input, status }) => {
    const result = contactSchema.safeParse(input);
    expect(contactFailureStatus(result.error!.issues)).toBe(status);
  });

  it('spec §8 e-mail service messages', () => {
    expect(MESSAGES.emailService).toEqual({
      422: 'Invalid email format. Please check your email address.',
      400: 'Message sending failed. Please check all fields.',
      403: 'Service temporarily unavailable. Please try again later.',
      other: 'Failed to send message. Please try again.',
    });
  });
});
