/**
 * Index of each entry that repeats an earlier one under `normalise` (by default: trimmed and
 * case-insensitive), so a form can point at the repeated field rather than the first one.
 */
export function duplicateIndexes(
  values: readonly string[],
  normalise: (value: string) => string = (value) => value.trim().toLowerCase(),
): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  values.forEach((value, index) => {
    const k = normalise(value);
    if (seen.has(k)) duplicates.push(index);
    else seen.add(k);
  });
  return duplicates;
}
