import { istParts, toValidDate, type DateInput } from './ist';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A school level for display: 'higher_secondary' → 'higher secondary' (spec §3). */
export function formatLevel(level: string | null | undefined): string {
  return (level ?? '').replace(/_/g, ' ');
}

/**
 * A date as India reads it, day first, in India Standard Time (DECISIONS.md):
 * 2025-10-03T20:00:00Z → '04/10/2025'. Missing or invalid input gives ''.
 */
export function formatDateIST(value: DateInput | null | undefined): string {
  const date = toValidDate(value);
  if (!date) return '';
  const { year, month, day } = istParts(date);
  return `${pad2(day)}/${pad2(month)}/${year}`;
}

/**
 * Date and 12-hour clock time in India Standard Time, in the style of the business hours line:
 * 2025-10-03T20:00:00Z → '04/10/2025, 1:30 AM IST'. Missing or invalid input gives ''.
 */
export function formatDateTimeIST(value: DateInput | null | undefined): string {
  const date = toValidDate(value);
  if (!date) return '';
  const { hour, minute } = istParts(date);
  const suffix = hour < 12 ? 'AM' : 'PM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${formatDateIST(date)}, ${hour12}:${pad2(minute)} ${suffix} IST`;
}

type AddressLike = {
  address1?: string | null;
  address2?: string | null;
  landmark?: string | null;
  locality?: string | null;
  city?: string | null;
  state?: string | null;
  pinCode?: string | null;
  country?: string | null;
};

/**
 * A school address on one line. Spec §3: the address may be an object or a plain string; the
 * string is shown as it is.
 */
export function formatAddress(address: AddressLike | string | null | undefined): string {
  if (!address) return '';
  if (typeof address === 'string') return address.trim();
  const statePin = [address.state, address.pinCode].filter(isFilled).join(' ');
  return [
    address.address1,
    address.address2,
    address.landmark,
    address.locality,
    address.city,
    statePin,
    address.country,
  ]
    .filter(isFilled)
    .map((part) => part.trim())
    .join(', ');
}

/** 'City, State' for a school card; a plain-string address is shown as it is. */
export function formatCityState(address: AddressLike | string | null | undefined): string {
  if (!address) return '';
  if (typeof address === 'string') return address.trim();
  return [address.city, address.state]
    .filter(isFilled)
    .map((part) => part.trim())
    .join(', ');
}

function isFilled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
