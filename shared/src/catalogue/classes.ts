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

/** Names made of ASCII letters, digits and spaces (every class and section name in practice). */
const PLAIN = /^[A-Za-z0-9 ]*$/;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** Made on first need: ICU's collator costs a slow phone tens of milliseconds to make. */
let collator: Intl.Collator | undefined;

/**
 * Natural, case-insensitive name order: 'Section 9' before 'Section 10'. The order of
 * `Intl.Collator('en', { numeric: true, sensitivity: 'base' })`: plain names are compared here (runs
 * of digits by value, letters without case, space before digits before letters), anything else by
 * the collator itself; catalogue.spec.ts checks the two agree.
 */
export function naturalCompare(a: string, b: string): number {
  if (!PLAIN.test(a) || !PLAIN.test(b)) {
    collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    return collator.compare(a, b);
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      // Two numbers: by value (leading zeros aside), then read on.
      let ei = i;
      let ej = j;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      const m = a.slice(i, ei).replace(/^0+/, '');
      const n = b.slice(j, ej).replace(/^0+/, '');
      if (m.length !== n.length) return m.length < n.length ? -1 : 1;
      if (m !== n) return m < n ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    // Letters without case; in ASCII, space < digits < letters as in the collator.
    const lx = x >= 65 && x <= 90 ? x + 32 : x;
    const ly = y >= 65 && y <= 90 ? y + 32 : y;
    if (lx !== ly) return lx < ly ? -1 : 1;
    i++;
    j++;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
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

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10, xi: 11, xii: 12 };

/**
 * A class as a school types it in a spreadsheet → its catalogue name, or null: 'Class 5', 'class 5',
 * 'Std 5', 'Grade 5', '5', '5th' and Roman numerals ('VI', 'Class VI', 'Std. vi') → 'Class 5'/'Class 6';
 * 'lkg' → 'LKG', 'Nur' is not guessed. Hindi 'कक्षा 6' is read too.
 */
export function catalogueClassOf(input: string): CatalogueClass | null {
  const t = input
    .trim()
    .toLowerCase()
    .replace(/[.\-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const direct = CATALOGUE_CLASSES.find((c) => c.toLowerCase() === t);
  if (direct) return direct;
  const m = /^(?:class |std |standard |grade |कक्षा )?([0-9]{1,2}|[ivx]{1,4})(?:st|nd|rd|th)?$/.exec(t);
  if (!m) return null;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : ROMAN[m[1]!];
  if (!n) return null;
  return CATALOGUE_CLASSES.find((c) => c === `Class ${n}`) ?? null;
}
