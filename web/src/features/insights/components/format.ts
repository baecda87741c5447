import { formatNumber } from '../../../lib/i18n/format';

/** ₹ on an axis: whole rupees with Indian grouping (₹8,10,000). */
export const axisRupees = (paise: number): string => `₹${formatNumber(Math.round(paise / 100))}`;
/** A percentage with one decimal at most (87.5 %). */
export const pct = (v: number): string => `${formatNumber(v)} %`;
/** 2026-11-16 → 16/11 (the chart's axis); the tables say the full DD/MM/YYYY. */
export const dayMonth = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** 2026-04 → 04/2026. */
export const monthLabel = (ym: string): string => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;
/** Days past due today of a date (for the ageing band of a defaulter's oldest due). */
export function daysSince(iso: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${iso}T00:00:00Z`)) / 86_400_000);
}
