/** A class as the subjects step sees it: its name and the subjects already attached. */
export type ClassSubjectsState = {
  name: string;
  subjects: readonly { name: string }[];
};

const key = (name: string) => name.trim().toLowerCase();

/**
 * Spec §7 POST /school/subjects: only subjects not already attached are sent. Returns, per class
 * in the given order, the pending names that are new (first spelling kept, repeats dropped),
 * leaving out classes with nothing new.
 */
export function newClassSubjects(
  classes: readonly ClassSubjectsState[],
  pending: Readonly<Record<string, readonly string[]>>,
): { className: string; subjectNames: string[] }[] {
  const result: { className: string; subjectNames: string[] }[] = [];
  for (const cls of classes) {
    const seen = new Set(cls.subjects.map((subject) => key(subject.name)));
    const subjectNames: string[] = [];
    for (const name of pending[cls.name] ?? []) {
      const k = key(name);
      if (k === '' || seen.has(k)) continue;
      seen.add(k);
      subjectNames.push(name.trim());
    }
    if (subjectNames.length > 0) result.push({ className: cls.name, subjectNames });
  }
  return result;
}

/**
 * Spec §5 Subjects form: every class needs at least one existing or new subject. Returns the names
 * of the classes that have neither, for 'Please select at least one subject for: …'.
 */
export function classesWithoutSubjects(
  classes: readonly ClassSubjectsState[],
  pending: Readonly<Record<string, readonly string[]>>,
): string[] {
  return classes
    .filter(
      (cls) =>
        cls.subjects.length === 0 &&
        !(pending[cls.name] ?? []).some((name) => name.trim() !== ''),
    )
    .map((cls) => cls.name);
}
