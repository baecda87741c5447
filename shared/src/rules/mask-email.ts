/**
 * An e-mail address as a screen may show it to whoever holds the page: the first character of the
 * local part, three stars, the domain ('meera@example.in' → 'm***@example.in'). Enough for the
 * owner to spot a typo in the domain or the first letter, too little to harvest the address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
