import { CATALOGUE_CLASSES } from '@vidyalaya/shared';

/**
 * The school's order in SQL (DECISIONS "Fixes to the workspace contract" — Order), the same order
 * shared's `sortByCatalogue` and `naturalCompare` give in code: classes in catalogue order (Nursery,
 * LKG, UKG, Class 1 … Class 12), then any other name naturally; sections naturally ('A' before 'B',
 * '2' before '10'). Each returns ORDER BY terms for a column expression, e.g.
 * `ORDER BY ${classOrderSql('c.name')}, ${naturalOrderSql('se.name')}`.
 */

// The catalogue names are constants of this code base (letters, digits and spaces), never input.
const CATALOGUE_ARRAY = `ARRAY[${CATALOGUE_CLASSES.map((n) => `'${n}'`).join(', ')}]::text[]`;

/** Natural order of a name column: its letters (without case), then its first number by value. */
export const naturalOrderSql = (col: string): string =>
  `regexp_replace(lower(${col}), '[0-9]+', '', 'g'), NULLIF(substring(${col} from '[0-9]+'), '')::numeric NULLS FIRST, lower(${col})`;

/** Catalogue order of a class-name column, names outside the catalogue after it in natural order. */
export const classOrderSql = (col: string): string => `coalesce(array_position(${CATALOGUE_ARRAY}, ${col}::text), ${CATALOGUE_CLASSES.length}), ${naturalOrderSql(col)}`;
