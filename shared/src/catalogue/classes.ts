/**
 * The predefined class catalogue (spec §3): the only classes a school can create, shown in three
 * groups and always sorted in this order (DECISIONS.md).
 */
export const CLASS_GROUPS = [
  {
    key: 'primary',
    label: 'Primary',
    classes: ['Nursery', 'LKG', 'UKG', 'Class 1', 'Class 2', 'Class 3', 'Class 4', 'Class 5'],
  },
  {
    key: 'secondary',
    label: 'Secondary',
    classes: ['Class 6', 'Class 7', 'Class 8', 'Class 9', 'Class 10'],
  },
  {
    key: 'higher_secondary',
    label: 'Higher Secondary',
    classes: ['Class 11', 'Class 12'],
  },
] as const;

export type ClassGroup = (typeof CLASS_GROUPS)[number];
export type ClassGroupKey = ClassGroup['key'];
export type CatalogueClass = ClassGroup['classes'][number];

/** Every catalogue class, Nursery first and Class 12 last. */
export const CATALOGUE_CLASSES: readonly CatalogueClass[] = CLASS_GROUPS.flatMap(
  (group) => group.classes,
);

const ORDER = new Map<string, number>(CATALOGUE_CLASSES.map((name, index) => [name, index]));

export function isCatalogueClass(name: unknown): name is CatalogueClass {
  return typeof name === 'string' && ORDER.has(name);
}

/** Position of a class in the catalogue (0 for Nursery), or -1 for a name not in it. */
export function classOrder(name: string): number {
  return ORDER.get(name) ?? -1;
}

// One collator shared by every comparison (localeCompare with options builds a new one per call).
const naturalCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural, case-insensitive name order: 'Section 9' before 'Section 10'. */
export function naturalCompare(a: string, b: string): number {
  return naturalCollator.compare(a, b);
}

/**
 * A sorted copy of `items`, in catalogue order of the class name `getName` reads. Names outside
 * the catalogue come last, in natural order ('Class 2' before 'Class 10'); ties keep their order.
 */
export function sortByCatalogue<T>(items: readonly T[], getName: (item: T) => string): T[] {
  const rank = (name: string) => {
    const order = classOrder(name);
    return order === -1 ? Number.MAX_SAFE_INTEGER : order;
  };
  return items
    .map((item, index) => ({ item, index, name: getName(item) }))
    .sort(
      (a, b) =>
        rank(a.name) - rank(b.name) ||
        naturalCompare(a.name, b.name) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}
