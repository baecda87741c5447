import { uniq, type TestApp } from '../support/app';

/** A valid create payload (spec §3) with a fresh subdomain; `change` overrides top-level fields. */
export function schoolPayload(change: Record<string, unknown> = {}): Record<string, any> {
  const id = uniq();
  return {
    name: `Sunrise Public School ${id}`,
    subdomain: `sunrise-${id}`,
    address: {
      address1: '12 Mall Road',
      locality: 'Civil Lines',
      city: 'Kanpur',
      state: 'Uttar Pradesh',
      country: 'India',
      pinCode: '208001',
    },
    level: 'mixed',
    phoneNumbers: ['+919876543210'],
    ...change,
  };
}

/** Creates a school for the signed-in administrator and returns it (fails the test otherwise). */
export async function createSchool(t: TestApp, token: string, change: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await t.call('POST', '/school/create', { token, body: schoolPayload(change) });
  if (res.status !== 201) throw new Error(`school create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.school;
}

/** The current academic year the tests use for setup calls. */
export const YEAR = '2025-26';
