import { MESSAGES } from '../messages';
import { classesWithoutSubjects, newClassSubjects } from './subjects';

const classes = [
  { name: 'Class 1', subjects: [{ name: 'English' }] },
  { name: 'Class 2', subjects: [] },
  { name: 'Class 3', subjects: [] },
];

describe('spec §7 POST /school/subjects: only subjects not already attached are sent', () => {
  it('keeps the new ones, per class, dropping repeats', () => {
    expect(
      newClassSubjects(classes, {
        'Class 1': ['english', 'Hindi', 'Hindi'],
        'Class 2': ['Mathematics'],
      }),
    ).toEqual([
      { className: 'Class 1', subjectNames: ['Hindi'] },
      { className: 'Class 2', subjectNames: ['Mathematics'] },
    ]);
  });

  it('is empty when every class has nothing new (spec §4 Subjects step)', () => {
    expect(newClassSubjects(classes, { 'Class 1': ['English'] })).toEqual([]);
  });
});

describe('spec §5 Subjects form: every class needs a subject', () => {
  it('names the classes with neither existing nor new subjects', () => {
    const missing = classesWithoutSubjects(classes, { 'Class 2': ['Hindi'], 'Class 3': ['  '] });
    expect(missing).toEqual(['Class 3']);
    expect(MESSAGES.destructive.incompleteSubjectSelection.description(missing)).toBe(
      'Please select at least one subject for: Class 3',
    );
  });

  it('lists several classes comma-separated', () => {
    expect(
      MESSAGES.destructive.incompleteSubjectSelection.description(classesWithoutSubjects(classes, {})),
    ).toBe('Please select at least one subject for: Class 2, Class 3');
  });
});
