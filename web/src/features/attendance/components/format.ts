import type { AttendanceStatus } from '@vidyalaya/shared/attendance';
import type { MessageId } from '../i18n';

/** The tap order on the mark screen: present → absent → late → half day → leave → present. */
export const CYCLE: readonly AttendanceStatus[] = ['present', 'absent', 'late', 'half_day', 'leave'];
export const nextStatus = (s: AttendanceStatus): AttendanceStatus => CYCLE[(CYCLE.indexOf(s) + 1) % CYCLE.length]!;
export const statusLabel = (s: AttendanceStatus | null): MessageId => (s ? (`status.${s}` as MessageId) : 'status.none');

/** HH:MM in India. */
export function timeIST(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}

/** An API error's message, or null. */
export function errorMessage(e: unknown): string | null {
  if (!e || typeof e !== 'object') return null;
  const m = (e as { serverMessage?: string; message?: string }).serverMessage ?? (e as { message?: string }).message;
  return typeof m === 'string' ? m : null;
}
