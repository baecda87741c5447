import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { loginApi, newUser, PASSWORD, type Tokens } from './api';
import { newestMail } from './mail';

/** A workspace call that must succeed; answers the envelope's `data` (the test fails with the status and message otherwise). */
export async function api<T = any>(request: APIRequestContext, method: string, path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { success: boolean; data: T; error?: { message: string } };
  expect(json.success, `${method} ${path}: ${res.status()} ${json.error?.message ?? ''}`).toBe(true);
  return json.data;
}

/** The invitation token in the newest e-mail to `address`, waiting for it to arrive. */
export async function invitationToken(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const token = /\/join\?token=([A-Za-z0-9_-]+)/.exec(newestMail(address) ?? '')?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`No invitation reached ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An account made from the invitation e-mail to `address` (a new username from `prefix`), signed in through the API. */
export async function acceptInvitation(request: APIRequestContext, address: string, prefix: string): Promise<Tokens> {
  const person = newUser(prefix);
  const res = await request.post('/api/v1/invitations/accept', { data: { token: await invitationToken(address), username: person.username, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return loginApi(request, { username: person.username, password: PASSWORD });
}

const FEATURES = join(__dirname, '..', '..', '..', '..', 'web', 'src', 'features');

/** A feature's message catalogue (web/src/features/<feature>/i18n/<lang>.json), for finding the screen's own words. */
export function messages(feature: string, lang: 'en' | 'hi' = 'en'): Record<string, string> {
  return JSON.parse(readFileSync(join(FEATURES, feature, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
}
