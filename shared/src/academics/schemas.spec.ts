import type { z } from 'zod';
import { zodIssuesToDetails } from '../api/validation-details';
import { classesSectionsQuerySchema, createClassesSchema, createClassSubjectsSchema, createSectionsSchema } from './schemas';

const detailsOf = (schema: z.ZodType, input: unknown) =>
  zodIssuesToDetails(schema.safeParse(input).error?.issues ?? []);

const schoolId = '8d7c2c36-3f0b-4c1e-9a53-2f1c7a1b9e10';
const academicYear = '2025-26';
const yearMessage = 'Academic year must be in format YYYY-YY (e.g., 2024-25)';

describe('spec §5 Classes form', () => {
  const valid = { schoolId, classes: ['Nursery', 'Class 1'], academicYear };

  it.each([
    { case: 'school id not a uuid', input: { ...valid, schoolId: '123' }, path: 'schoolId', message: 'Invalid school ID' },
    { case: 'school id missing', input: { ...valid, schoolId: undefined }, path: 'schoolId', message: 'Invalid school ID' },
    { case: 'academic year 2025-2026', input: { ...valid, academicYear: '2025-2026' }, path: 'academicYear', message: yearMessage },
    { case: 'academic year 2025-27', input: { ...valid, academicYear: '2025-27' }, path: 'academicYear', message: yearMessage },
    { case: 'no class', input: { ...valid, classes: [] }, path: 'classes', message: 'Please select at least one class' },
    { case: 'classes missing', input: { ...valid, classes: undefined }, path: 'classes', message: 'Please select at least one class' },
    { case: 'a class outside the catalogue', input: { ...valid, classes: ['Class 1', 'Class 13'] }, path: 'classes.1', message: '"Class 13" is not one of the available classes (Nursery to Class 12)' },
    { case: 'an empty class name', input: { ...valid, classes: [''] }, path: 'classes.0', message: 'Class name is required' },
    { case: 'a class twice', input: { ...valid, classes: ['LKG', 'UKG', 'LKG'] }, path: 'classes.2', message: 'Each class can appear only once' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(createClassesSchema, input)).toEqual({ [path]: message });
  });

  it('accepts every catalogue class', () => {
    expect(createClassesSchema.parse(valid)).toEqual(valid);
  });
});

describe('spec §5 Sections form', () => {
  const valid = { schoolId, academicYear, sections: [{ className: 'Class 1', sectionNames: ['A', 'B'] }] };

  it.each([
    { case: 'school id not a uuid', input: { ...valid, schoolId: 'abc' }, path: 'schoolId', message: 'Invalid school ID' },
    { case: 'academic year 25-26', input: { ...valid, academicYear: '25-26' }, path: 'academicYear', message: yearMessage },
    { case: 'no class entries', input: { ...valid, sections: [] }, path: 'sections', message: 'Please add at least one section to proceed.' },
    { case: 'a class with no sections', input: { ...valid, sections: [{ className: 'Class 1', sectionNames: [] }] }, path: 'sections.0.sectionNames', message: 'Please add at least one section to proceed.' },
    { case: 'an empty section name', input: { ...valid, sections: [{ className: 'Class 1', sectionNames: ['A', ' '] }] }, path: 'sections.0.sectionNames.1', message: 'Section name is required' },
    { case: 'a 21-character section name', input: { ...valid, sections: [{ className: 'Class 1', sectionNames: ['S'.repeat(21)] }] }, path: 'sections.0.sectionNames.0', message: 'Section name must not exceed 20 characters' },
    { case: 'the same name in two cases', input: { ...valid, sections: [{ className: 'Class 1', sectionNames: ['A', 'a'] }] }, path: 'sections.0.sectionNames.1', message: 'Section names must be unique within a class' },
    { case: 'a class twice', input: { ...valid, sections: [{ className: 'Class 1', sectionNames: ['A'] }, { className: 'Class 1', sectionNames: ['B'] }] }, path: 'sections.1.className', message: 'Each class can appear only once' },
    { case: 'an unknown class', input: { ...valid, sections: [{ className: 'Class 0', sectionNames: ['A'] }] }, path: 'sections.0.className', message: '"Class 0" is not one of the available classes (Nursery to Class 12)' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(createSectionsSchema, input)).toEqual({ [path]: message });
  });

  it('trims section names', () => {
    expect(
      createSectionsSchema.parse({ ...valid, sections: [{ className: 'Class 1', sectionNames: [' Rose '] }] })
        .sections[0]!.sectionNames,
    ).toEqual(['Rose']);
  });
});

describe('spec §5 Subjects form', () => {
  const valid = {
    schoolId,
    academicYear,
    classSubjects: [{ className: 'Class 1', subjectNames: ['English', 'Hindi'] }],
  };

  it.each([
    { case: 'school id not a uuid', input: { ...valid, schoolId: '' }, path: 'schoolId', message: 'Invalid school ID' },
    { case: 'academic year missing', input: { ...valid, academicYear: undefined }, path: 'academicYear', message: yearMessage },
    { case: 'nothing to add', input: { ...valid, classSubjects: [] }, path: 'classSubjects', message: 'Please select at least one subject to add' },
    { case: 'a class with no subjects', input: { ...valid, classSubjects: [{ className: 'Class 1', subjectNames: [] }] }, path: 'classSubjects.0.subjectNames', message: 'Please select at least one subject for this class' },
    { case: 'a subject twice', input: { ...valid, classSubjects: [{ className: 'Class 1', subjectNames: ['English', 'english'] }] }, path: 'classSubjects.0.subjectNames.1', message: 'Each subject can be added only once per class' },
    { case: 'an empty subject name', input: { ...valid, classSubjects: [{ className: 'Class 1', subjectNames: [''] }] }, path: 'classSubjects.0.subjectNames.0', message: 'Subject name is required' },
  ])('$case → $path: $message', ({ input, path, message }) => {
    expect(detailsOf(createClassSubjectsSchema, input)).toEqual({ [path]: message });
  });

  it('accepts a valid request', () => {
    expect(createClassSubjectsSchema.parse(valid)).toEqual(valid);
  });
});

describe('spec §7 GET /school/classes-sections/{schoolId}?academicYear=', () => {
  it.each([
    [{}, {}],
    [{ academicYear: '' }, { academicYear: undefined }],
    [{ academicYear: '2025-26' }, { academicYear: '2025-26' }],
  ])('%j → %j', (query, parsed) => {
    expect(classesSectionsQuerySchema.parse(query)).toEqual(parsed);
  });

  it('rejects a malformed year', () => {
    expect(detailsOf(classesSectionsQuerySchema, { academicYear: '2025' }).academicYear).toBe(yearMessage);
  });
});

describe('hostile class entries (found by the endpoint fuzzer)', () => {
  it('an object whose toString is null is refused with a message, never a thrown error', () => {
    const body = {
      schoolId: 'd0fb3e00-4f54-4184-b06a-77019ad6c3dc',
      academicYear: '2025-26',
      classes: [{ toString: null }, [], 5],
    };
    const result = createClassesSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['Class name is required', 'Class name is required', 'Class name is required']);
  });

  it('a long unknown name is named back shortened', () => {
    const result = createClassesSchema.safeParse({ schoolId: 'd0fb3e00-4f54-4184-b06a-77019ad6c3dc', academicYear: '2025-26', classes: ['x'.repeat(500)] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message.length).toBeLessThan(150);
  });
});
