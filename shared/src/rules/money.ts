/**
 * Money as the school office writes it (pure, no schema library: the renderer's start-up formats use
 * these, docs/performance.md). Amounts are integer paise.
 */

/** Paise as rupees with two decimals and no grouping, for a UPI link: 123450 → '1234.50'. */
export function paiseToDecimal(p: number): string {
  const rupees = Math.trunc(p / 100);
  return `${rupees}.${String(p % 100).padStart(2, '0')}`;
}

/** A run of digits grouped the Indian way (lakh, crore): '12345678' → '1,23,45,678'. */
export function groupDigitsIndian(digits: string): string {
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return rest ? `${rest},${last3}` : last3;
}

/** Indian grouping: 12345678 paise → '1,23,456.78' (no symbol). */
export function groupIndian(p: number): string {
  const abs = Math.abs(p);
  return `${p < 0 ? '-' : ''}${groupDigitsIndian(String(Math.trunc(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}
/** ₹1,23,456.00 */
export const formatRupees = (p: number): string => `₹${groupIndian(p)}`;

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}
function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', r ? belowHundred(r) : ''].filter(Boolean).join(' ');
}

/** A whole number in words in Indian numbering (crore, lakh, thousand): 12345678 → 'One Crore Twenty-Three Lakh …'. */
export function numberInWordsIndian(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('A whole number of at least 0 is needed');
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${numberInWordsIndian(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount in paise in words for a receipt: 1234550 → 'Rupees Twelve Thousand Three Hundred Forty-Five and Fifty Paise Only'. */
export function amountInWords(p: number): string {
  const rupees = Math.trunc(p / 100);
  const ps = p % 100;
  const r = `Rupees ${numberInWordsIndian(rupees)}`;
  return ps ? `${r} and ${belowHundred(ps)} Paise Only` : `${r} Only`;
}
