/**
 * Index of each entry that repeats an earlier one under `normalise` (by default: trimmed and
 * case-insensitive), so a form can point at the repeated field rather than the first one.
 */
export declare function duplicateIndexes(values: readonly string[], normalise?: (value: string) => string): number[];
