/** True when an error means the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; driverError?: unknown };
  if (e.driverError && isDatabaseUnavailable(e.driverError)) return true;
  const code = e.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  // PostgreSQL: class 08 connection exceptions, 57P01-57P03 shutdown / cannot connect now.
  if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
  const msg = e.message ?? '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Too many connections/i.test(
    msg,
  );
}
