/** A class as the subjects step sees it: its name and the subjects already attached. */
export type ClassSubjectsState = {
    name: string;
    subjects: readonly {
        name: string;
    }[];
};
/**
 * Spec §7 POST /school/subjects: only subjects not already attached are sent. Returns, per class
 * in the given order, the pending names that are new (first spelling kept, repeats dropped),
 * leaving out classes with nothing new.
 */
export declare function newClassSubjects(classes: readonly ClassSubjectsState[], pending: Readonly<Record<string, readonly string[]>>): {
    className: string;
    subjectNames: string[];
}[];
/**
 * Spec §5 Subjects form: every class needs at least one existing or new subject. Returns the names
 * of the classes that have neither, for 'Please select at least one subject for: …'.
 */
export declare function classesWithoutSubjects(classes: readonly ClassSubjectsState[], pending: Readonly<Record<string, readonly string[]>>): string[];
