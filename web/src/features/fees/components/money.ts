/**
 * Rupees typed by a person → integer paise, by string arithmetic only (no binary fractions):
 * '1500' → 150000, '1,500.5' → 150050, '0.05' → 5. Anything else (more than two decimals, signs,
 * letters, nothing) → null.
 */
export function parseRupees(text: string): number | null {
  const m = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.replace(/[,\s₹]/g, ''));
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return paise > 0 ? paise : null;
}
