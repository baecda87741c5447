/**
 * The global subject list a migration seeds (DECISIONS.md): the subjects named there, then the
 * usual Indian electives. Codes are unique and stable; names are what schools pick by.
 */
export type CatalogueSubject = {
    readonly name: string;
    readonly code: string;
    readonly description: string;
};
export declare const GLOBAL_SUBJECTS: readonly CatalogueSubject[];
