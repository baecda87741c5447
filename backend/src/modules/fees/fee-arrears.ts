import type { FeeTotals, InstalmentDue } from '@vidyalaya/shared/fees';

/** Two sets of dues as one: instalments oldest due first, totals added (a student's arrears beside the year's instalments). */
export function mergeDues(a: { instalments: InstalmentDue[]; totals: FeeTotals }, b: { instalments: InstalmentDue[]; totals: FeeTotals }): { instalments: InstalmentDue[]; totals: FeeTotals } {
  const instalments = [...a.instalments, ...b.instalments].sort((x, y) => (x.dueOn < y.dueOn ? -1 : x.dueOn > y.dueOn ? 1 : 0));
  const totals = { ...a.totals };
  for (const k of Object.keys(totals) as (keyof FeeTotals)[]) totals[k] += b.totals[k];
  return { instalments, totals };
}
