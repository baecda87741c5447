/**
 * Aadhaar numbers (DECISIONS "Students"): 12 digits, the first not 0 or 1, the last a Verhoeff
 * check digit over the other eleven. Never required; stored encrypted; always shown masked.
 */

// The Verhoeff scheme: the dihedral group D5's multiplication table, the position permutation and
// the inverse table.
const D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

/** True when a string of digits ends in its correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) c = D[c][P[i % 8][Number(digits[n - 1 - i])]];
  return c === 0;
}

/** The Verhoeff check digit to append to a string of digits. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('verhoeffCheckDigit: digits only');
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) c = D[c][P[(i + 1) % 8][Number(digits[n - 1 - i])]];
  return INV[c];
}

/** An Aadhaar number as typed (spaces and hyphens allowed between the digits) → its 12 digits, or null. */
export function normalizeAadhaar(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12}$/.test(digits) ? digits : null;
}

export const AADHAAR_MESSAGES = {
  format: 'Aadhaar must be 12 digits',
  firstDigit: 'Aadhaar cannot start with 0 or 1',
  checkDigit: 'This is not a valid Aadhaar number (the check digit does not match)',
} as const;

/** Why an Aadhaar number is not acceptable, or null when it is. */
export function aadhaarProblem(input: string): string | null {
  const digits = normalizeAadhaar(input);
  if (!digits) return AADHAAR_MESSAGES.format;
  if (digits[0] === '0' || digits[0] === '1') return AADHAAR_MESSAGES.firstDigit;
  if (!verhoeffValid(digits)) return AADHAAR_MESSAGES.checkDigit;
  return null;
}

/** How an Aadhaar number is always shown: `XXXX XXXX 1234` from its last four digits. */
export function maskAadhaar(last4: string): string {
  return `XXXX XXXX ${last4}`;
}
