import fc from 'fast-check';
import { apiFailureSchema } from '@vidyalaya/shared';
import type { TestResponse } from '../support/app';

/**
 * Hostile input for the fuzz suites: strings an attacker or a broken client sends, values of the
 * wrong type, objects with prototype-pollution keys, and raw bodies that are not what they claim.
 */
export const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\uFEFF',
  '\uD800',
  '😀👩‍👩‍👧‍👦',
  'विद्यालय',
  // Look-alikes of a plain Latin name (issue 33 row 7): dotless i, Latin alpha, small capital D, a combining mark.
  'demo_admın',
  'demo_ɑdmin',
  'ᴅemo_admin',
  'demo_ad\u0332min',
  'Ω≈ç√∫',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'Class 1',
  'free_trial',
  'registration',
];

/** 100 KB and more: over the body limit on its own. */
export const HUGE_STRING = 'A'.repeat(110 * 1024);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 256, maxLength: 6000 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((s) => s.repeat(50)) },
);

/** Any JSON value of any type, hostile strings included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), [], {}, [null], ['x'], { $gt: '' }, { toString: 'x' }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A JSON object text with prototype-pollution keys, as raw text (JSON.stringify would drop __proto__). */
export const pollutingBody: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom('polluted', 'isAdmin', 'role', 'toString'), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }))
  .map(([key, prop, rest]) => {
    const payload = key === 'constructor' ? `{"prototype":{"${prop}":"yes"}}` : `{"${prop}":"yes"}`;
    const others = JSON.stringify(rest).slice(1, -1);
    return `{${others ? `${others},` : ''}"${key}":${payload}}`;
  });

/** Raw request bodies that are not a proper JSON object. */
export const rawBody: fc.Arbitrary<{ body: string; contentType: string }> = fc.oneof(
  pollutingBody.map((body) => ({ body, contentType: 'application/json' })),
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"unterminated', '{"a":1}}', '\u0000', '', 'true', '42', '"text"', '[]', '[{}]').map((body) => ({ body, contentType: 'application/json' })),
  fc.constant({ body: JSON.stringify({ value: HUGE_STRING }), contentType: 'application/json' }),
  fc.constant({ body: `{${'"a":{'.repeat(5000)}${'}'.repeat(5000)}}`, contentType: 'application/json' }),
  fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-7'), hostileString).map(([contentType, body]) => ({ body, contentType })),
);

/** A valid body with one field replaced, removed or joined by hostile keys: gets past the first checks. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 });
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...valid, [k]: v })),
    fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))),
    fc.dictionary(fc.oneof(fc.constantFrom('id', 'role', 'isActive', 'ownerId', 'isEmailVerified', 'approvalStatus', 'owner_id'), fc.string({ maxLength: 10 })), hostileValue, { maxKeys: 4 }).map((extra) => ({ ...valid, ...extra })),
    fc.dictionary(fc.constantFrom(...keys), hostileValue, { minKeys: 1 }).map((changes) => ({ ...valid, ...changes })),
  );
}

/** Any JSON body: a mutated valid one (most often), any JSON value, or an object of hostile values. */
export function jsonBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: mutated(valid) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 6 }) },
  );
}

/** A random query string (sometimes with repeated keys, which arrive as arrays). */
export function queryString(knownKeys: string[], valid: Record<string, string> = {}): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...(knownKeys.length ? knownKeys : ['q'])), fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b]', ''), fc.string({ maxLength: 8 }));
  const value = fc.oneof(hostileString, fc.constantFrom(...(Object.values(valid).length ? Object.values(valid) : ['1'])));
  return fc
    .tuple(fc.array(fc.tuple(key, value), { maxLength: 5 }), fc.boolean())
    .map(([pairs, withValid]) => {
      const params = new URLSearchParams(withValid ? valid : {});
      for (const [k, v] of pairs) params.append(k, v);
      const text = params.toString();
      return text ? `?${text}` : '';
    });
}

/** encodeURIComponent, or for text it cannot encode (lone surrogates) that text's raw UTF-16 escaped byte by byte. */
export function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => `%${(ch.charCodeAt(0) & 255).toString(16).padStart(2, '0')}`).join('');
  }
}

/** A path segment: a real id, a uuid of nothing, or hostile text (URL-encoded). */
export function pathId(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...realIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 2000).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '..', '.', '%2e%2e', 'a%2Fb', '%00') },
  );
}

const LEAKS = /QueryFailedError|TypeError|ReferenceError|SyntaxError: |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|duplicate key|violates|relation "|column "|syntax error at|password_hash|jwt_secret|JWT_SECRET|\$argon2/;

/**
 * The answer is a well-formed envelope and below 500: success with `data`, or a failure that
 * apiFailureSchema accepts; JSON content type; no internals in it. Answers a description of what
 * is wrong, or null.
 */
const FILE_TYPES = /^(application\/pdf|text\/csv|text\/calendar|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|image\/(jpeg|png|webp))(;|$)/;

export function envelopeProblem(res: TestResponse, rawText?: string): string | null {
  if (res.status >= 500) return `status ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`;
  const type = res.headers.get('content-type') ?? '';
  // A file or feed answers its own bytes when it succeeds (the routes the OpenAPI test lists: the
  // student import template, the UDISE+ workbook, a photo, the iCalendar feed, the timetable PDFs); failures stay envelopes.
  if (res.status >= 200 && res.status < 300 && FILE_TYPES.test(type)) return null;
  if (!/^application\/json/.test(type)) return `content-type ${type} (status ${res.status})`;
  const body = res.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `not an object: ${String(rawText ?? res.body).slice(0, 200)}`;
  // GET /auth/me also answers the user at the top level, the same as data.user (DECISIONS "Compatibility fixes").
  const meUser = body.success === true && 'user' in body && JSON.stringify(body.user) === JSON.stringify((body.data as { user?: unknown } | null)?.user);
  const extra = Object.keys(body).filter((k) => !['success', 'data', 'message', 'error'].includes(k) && !(k === 'user' && meUser));
  if (extra.length) return `unexpected top-level keys ${extra.join(',')}`;
  if (body.success === true) {
    if (res.status >= 300) return `success with status ${res.status}`;
    if (!('data' in body)) return 'success without data';
  } else {
    if (res.status < 400) return `failure with status ${res.status}`;
    const parsed = apiFailureSchema.safeParse(body);
    if (!parsed.success) return `malformed failure: ${JSON.stringify(body).slice(0, 300)}`;
  }
  const text = JSON.stringify(body);
  const leak = LEAKS.exec(text);
  if (leak && !(body.success === true)) return `internal detail in the answer: ${leak[0]}`;
  return null;
}

/** Object.prototype is as the language made it: nothing was added by a request. */
export function prototypeProblem(): string | null {
  const probe = {} as Record<string, unknown>;
  const added = Object.getOwnPropertyNames(Object.prototype).filter((k) => !BUILTIN_PROTO_KEYS.has(k));
  if (added.length) return `Object.prototype gained ${added.join(', ')}`;
  for (const k of ['polluted', 'isAdmin', 'role']) if (probe[k] !== undefined) return `({}).${k} is ${String(probe[k])}`;
  if (typeof probe.toString !== 'function') return '({}).toString was replaced';
  return null;
}

const BUILTIN_PROTO_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
