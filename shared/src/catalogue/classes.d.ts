/**
 * The predefined class catalogue (spec §3): the only classes a school can create, shown in three
 * groups and always sorted in this order (DECISIONS.md).
 */
export declare const CLASS_GROUPS: readonly [{
    readonly key: "primary";
    readonly label: "Primary";
    readonly classes: readonly ["Nursery", "LKG", "UKG", "Class 1", "Class 2", "Class 3", "Class 4", "Class 5"];
}, {
    readonly key: "secondary";
    readonly label: "Secondary";
    readonly classes: readonly ["Class 6", "Class 7", "Class 8", "Class 9", "Class 10"];
}, {
    readonly key: "higher_secondary";
    readonly label: "Higher Secondary";
    readonly classes: readonly ["Class 11", "Class 12"];
}];
export type ClassGroup = (typeof CLASS_GROUPS)[number];
export type ClassGroupKey = ClassGroup['key'];
export type CatalogueClass = ClassGroup['classes'][number];
/** Every catalogue class, Nursery first and Class 12 last. */
export declare const CATALOGUE_CLASSES: readonly CatalogueClass[];
export declare function isCatalogueClass(name: unknown): name is CatalogueClass;
/** Position of a class in the catalogue (0 for Nursery), or -1 for a name not in it. */
export declare function classOrder(name: string): number;
/**
 * A sorted copy of `items`, in catalogue order of the class name `getName` reads. Names outside
 * the catalogue come last, in natural order ('Class 2' before 'Class 10'); ties keep their order.
 */
export declare function sortByCatalogue<T>(items: readonly T[], getName: (item: T) => string): T[];
