import { CATALOGUE_CLASSES, GLOBAL_SUBJECTS, MESSAGES } from '@vidyalaya/shared';
import { createUserWithToken, startTestApp, type TestApp } from '../support/app';
import { createSchool, YEAR } from '../schools/fixtures';

const V = MESSAGES.validation;
const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('spec §7 setup calls: classes, sections, subjects (spec §5 Classes/Sections/Subjects forms, DECISIONS setup)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const newSchool = async () => {
    const admin = await createUserWithToken(t, 'admin');
    const school = await createSchool(t, admin.token);
    const post = (path: string, body: Record<string, unknown>) => t.call('POST', path, { token: admin.token, body: { schoolId: school.id, academicYear: YEAR, ...body } });
    const classesOf = async (year?: string) =>
      (await t.call('GET', `/school/classes-sections/${school.id}${year ? `?academicYear=${year}` : ''}`, { token: admin.token })).body.data.classes;
    return { admin, school, post, classesOf };
  };

  describe('GET /school/subjects/global: seeded by a migration (DECISIONS list), in catalogue order', () => {
    it('answers every global subject with id, name, code and description', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('GET', '/school/subjects/global', { token: admin.token });
      expect(res.status).toBe(200);
      const subjects = res.body.data.subjects;
      expect(subjects.map((s: { name: string; code: string; description: string }) => ({ name: s.name, code: s.code, description: s.description }))).toEqual(
        GLOBAL_SUBJECTS.map(({ name, code, description }) => ({ name, code, description })),
      );
      for (const s of subjects) expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      for (const code of ['ENG', 'HIN', 'MATH', 'SCI', 'SST', 'EVS', 'CS', 'SAN', 'PHY', 'CHEM', 'BIO', 'HIST', 'GEO', 'CIV', 'ECO', 'ACC', 'BST', 'PE', 'ART', 'MUS', 'GK', 'MS']) {
        expect(subjects.map((s: { code: string }) => s.code)).toContain(code);
      }
    });
  });

  describe('POST /school/classes', () => {
    it('creates catalogue classes, answered in catalogue order with how many were new', async () => {
      const { post } = await newSchool();
      const res = await post('/school/classes', { classes: ['Class 10', 'Nursery', 'Class 2', 'UKG', 'Class 12'] });
      expect(res.status).toBe(201);
      expect(names(res.body.data.classes)).toEqual(['Nursery', 'UKG', 'Class 2', 'Class 10', 'Class 12']);
      expect(res.body.data.created).toBe(5);
      for (const c of res.body.data.classes) expect(c).toMatchObject({ academicYear: YEAR, sections: [], subjects: [] });
    });

    it('DECISIONS idempotent: classes that exist are left as they are; a retry duplicates nothing', async () => {
      const { post, classesOf } = await newSchool();
      const first = await post('/school/classes', { classes: ['Class 1', 'Class 2'] });
      const again = await post('/school/classes', { classes: ['Class 2', 'Class 3'] });
      expect(again.status).toBe(201);
      expect(again.body.data.created).toBe(1);
      expect(names(again.body.data.classes)).toEqual(['Class 1', 'Class 2', 'Class 3']);
      expect(again.body.data.classes[0].id).toBe(first.body.data.classes[0].id);
      const concurrent = await Promise.all([1, 2, 3].map(() => post('/school/classes', { classes: ['Class 4'] })));
      expect(concurrent.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(concurrent.map((r) => r.body.data.created).sort()).toEqual([0, 0, 1]);
      expect(names(await classesOf(YEAR))).toEqual(['Class 1', 'Class 2', 'Class 3', 'Class 4']);
    });

    it('DECISIONS academic year: sent as chosen, each year its own classes', async () => {
      const { post, classesOf } = await newSchool();
      await post('/school/classes', { classes: ['Class 1'], academicYear: '2024-25' });
      await post('/school/classes', { classes: ['Class 1', 'Class 2'], academicYear: '2026-27' });
      expect((await classesOf('2024-25')).map((c: { name: string; academicYear: string }) => `${c.name} ${c.academicYear}`)).toEqual(['Class 1 2024-25']);
      expect((await classesOf()).map((c: { name: string; academicYear: string }) => `${c.name} ${c.academicYear}`)).toEqual(['Class 1 2026-27', 'Class 2 2026-27', 'Class 1 2024-25']);
    });

    it.each([
      { case: 'school id malformed', body: { schoolId: 'abc', classes: ['Class 1'] }, path: 'schoolId', message: 'Invalid school ID' },
      { case: 'academic year malformed', body: { academicYear: '2024-2025', classes: ['Class 1'] }, path: 'academicYear', message: 'Academic year must be in format YYYY-YY (e.g., 2024-25)' },
      { case: 'academic year not consecutive', body: { academicYear: '2024-26', classes: ['Class 1'] }, path: 'academicYear', message: 'Academic year must be in format YYYY-YY (e.g., 2024-25)' },
      { case: 'no classes', body: { classes: [] }, path: 'classes', message: 'Please select at least one class' },
      { case: 'classes missing', body: { classes: undefined }, path: 'classes', message: 'Please select at least one class' },
      { case: 'a class outside the catalogue', body: { classes: ['Class 13'] }, path: 'classes.0', message: V.unknownClass('Class 13') },
      { case: 'a class twice', body: { classes: ['Class 1', 'Class 1'] }, path: 'classes.1', message: V.duplicateClass },
    ])('$case → 400 $path: $message', async ({ body, path, message }) => {
      const { post, classesOf } = await newSchool();
      const res = await post('/school/classes', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details[path]).toBe(message);
      expect(await classesOf()).toEqual([]);
    });

    it('issue 20: academic years only from 2000-01 to 2099-00, the two halves consecutive; nothing is created otherwise', async () => {
      const { post, classesOf } = await newSchool();
      for (const academicYear of ['1999-00', '1066-67', '2100-01', '9999-00', '2024-26']) {
        const res = await post('/school/classes', { classes: ['Class 1'], academicYear });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toEqual({ academicYear: academicYear === '2024-26' ? V.academicYearFormat : V.academicYearRange });
      }
      expect(await classesOf()).toEqual([]);
      expect((await post('/school/classes', { classes: ['Class 1'], academicYear: '2099-00' })).status).toBe(201);
    });

    it('a well-formed school id that does not exist answers 404 SCHOOL_NOT_FOUND', async () => {
      const admin = await createUserWithToken(t, 'admin');
      const res = await t.call('POST', '/school/classes', { token: admin.token, body: { schoolId: '00000000-0000-4000-8000-000000000000', academicYear: YEAR, classes: ['Class 1'] } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('SCHOOL_NOT_FOUND');
    });
  });

  describe('POST /school/sections', () => {
    it('adds sections to existing classes; names trimmed, natural order', async () => {
      const { post } = await newSchool();
      await post('/school/classes', { classes: ['Class 1', 'Class 2'] });
      const res = await post('/school/sections', {
        sections: [
          { className: 'Class 2', sectionNames: [' B ', 'A', 'Section 10', 'Section 9'] },
          { className: 'Class 1', sectionNames: ['A'] },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(5);
      const [one, two] = res.body.data.classes;
      expect(names(one.sections)).toEqual(['A']);
      expect(names(two.sections)).toEqual(['A', 'B', 'Section 9', 'Section 10']);
    });

    it('DECISIONS: a section that exists in any case is left as it is', async () => {
      const { post, classesOf } = await newSchool();
      await post('/school/classes', { classes: ['Class 5'] });
      await post('/school/sections', { sections: [{ className: 'Class 5', sectionNames: ['A', 'B'] }] });
      const again = await post('/school/sections', { sections: [{ className: 'Class 5', sectionNames: ['a', 'B', 'C'] }] });
      expect(again.status).toBe(201);
      expect(again.body.data.created).toBe(1);
      const retries = await Promise.all([1, 2].map(() => post('/school/sections', { sections: [{ className: 'Class 5', sectionNames: ['D'] }] })));
      expect(retries.map((r) => r.status)).toEqual([201, 201]);
      expect(names((await classesOf(YEAR))[0].sections)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('a class that has no class in that year answers 400 UNKNOWN_CLASSES naming it, and adds nothing', async () => {
      const { post, classesOf } = await newSchool();
      await post('/school/classes', { classes: ['Class 1'] });
      await post('/school/classes', { classes: ['Class 3'], academicYear: '2024-25' });
      const res = await post('/school/sections', {
        sections: [
          { className: 'Class 1', sectionNames: ['A'] },
          { className: 'Class 3', sectionNames: ['A'] },
          { className: 'Class 4', sectionNames: ['A'] },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'UNKNOWN_CLASSES',
        message: MESSAGES.errors.unknownClasses('Class 3, Class 4'),
        details: { 'sections.1.className': 'Class 3 has not been added for 2025-26', 'sections.2.className': 'Class 4 has not been added for 2025-26' },
      });
      expect(res.body.error.message).toBe('These classes have not been added for this academic year: Class 3, Class 4. Please add them first.');
      expect((await classesOf(YEAR))[0].sections).toEqual([]);
    });

    it.each([
      { case: 'no sections', sections: [], path: 'sections', message: 'Please add at least one section to proceed.' },
      { case: 'a class with no section names', sections: [{ className: 'Class 1', sectionNames: [] }], path: 'sections.0.sectionNames', message: 'Please add at least one section to proceed.' },
      { case: 'a blank section name', sections: [{ className: 'Class 1', sectionNames: ['  '] }], path: 'sections.0.sectionNames.0', message: V.sectionNameRequired },
      { case: 'a section name of 21', sections: [{ className: 'Class 1', sectionNames: ['s'.repeat(21)] }], path: 'sections.0.sectionNames.0', message: V.sectionNameMax },
      { case: 'the same name twice ignoring case', sections: [{ className: 'Class 1', sectionNames: ['A', ' a'] }], path: 'sections.0.sectionNames.1', message: V.sectionNamesUnique },
      { case: 'a class twice', sections: [{ className: 'Class 1', sectionNames: ['A'] }, { className: 'Class 1', sectionNames: ['B'] }], path: 'sections.1.className', message: V.duplicateClass },
      { case: 'a class outside the catalogue', sections: [{ className: 'Grade 1', sectionNames: ['A'] }], path: 'sections.0.className', message: V.unknownClass('Grade 1') },
    ])('section rule: $case → 400 $path: $message', async ({ sections, path, message }) => {
      const { post, classesOf } = await newSchool();
      await post('/school/classes', { classes: ['Class 1'] });
      const res = await post('/school/sections', { sections });
      expect(res.status).toBe(400);
      expect(res.body.error.details[path]).toBe(message);
      expect((await classesOf(YEAR))[0].sections).toEqual([]);
    });

    it('a section name of 20 characters is accepted', async () => {
      const { post } = await newSchool();
      await post('/school/classes', { classes: ['Class 1'] });
      const res = await post('/school/sections', { sections: [{ className: 'Class 1', sectionNames: ['s'.repeat(20)] }] });
      expect(res.status).toBe(201);
    });
  });

  describe('POST /school/subjects', () => {
    it('attaches global subjects by name (any case), in catalogue order', async () => {
      const { post } = await newSchool();
      await post('/school/classes', { classes: ['Class 9', 'Class 1'] });
      const res = await post('/school/subjects', {
        classSubjects: [
          { className: 'Class 9', subjectNames: ['science', 'English', 'Mathematics'] },
          { className: 'Class 1', subjectNames: ['Environmental Studies'] },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(4);
      const [one, nine] = res.body.data.classes;
      expect(names(one.subjects)).toEqual(['Environmental Studies']);
      expect(names(nine.subjects)).toEqual(['English', 'Mathematics', 'Science']);
    });

    it('DECISIONS idempotent: subjects a class already has are left as they are', async () => {
      const { post, classesOf } = await newSchool();
      await post('/school/classes', { classes: ['Class 3'] });
      await post('/school/subjects', { classSubjects: [{ className: 'Class 3', subjectNames: ['Hindi'] }] });
      const again = await Promise.all([1, 2].map(() => post('/school/subjects', { classSubjects: [{ className: 'Class 3', subjectNames: ['HINDI', 'English'] }] })));
      expect(again.map((r) => r.status)).toEqual([201, 201]);
      expect(again.map((r) => r.body.data.created).sort()).toEqual([0, 1]);
      expect(names((await classesOf(YEAR))[0].subjects)).toEqual(['English', 'Hindi']);
    });

    it('unknown subject names answer 400 UNKNOWN_SUBJECTS listing them, and add nothing', async () => {
      const { post, classesOf } = await newSchool();
      await post('/school/classes', { classes: ['Class 1', 'Class 2'] });
      const res = await post('/school/subjects', {
        classSubjects: [
          { className: 'Class 1', subjectNames: ['English', 'Astronomy'] },
          { className: 'Class 2', subjectNames: ['Astronomy', 'Latin'] },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'UNKNOWN_SUBJECTS',
        message: 'These subjects are not in the list of available subjects: Astronomy, Latin',
        details: {
          'classSubjects.0.subjectNames.1': 'Astronomy is not one of the available subjects',
          'classSubjects.1.subjectNames.0': 'Astronomy is not one of the available subjects',
          'classSubjects.1.subjectNames.1': 'Latin is not one of the available subjects',
        },
      });
      expect((await classesOf(YEAR)).flatMap((c: { subjects: unknown[] }) => c.subjects)).toEqual([]);
    });

    it('a class not added for that year answers 400 UNKNOWN_CLASSES', async () => {
      const { post } = await newSchool();
      const res = await post('/school/subjects', { classSubjects: [{ className: 'Class 7', subjectNames: ['English'] }] });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'UNKNOWN_CLASSES', details: { 'classSubjects.0.className': 'Class 7 has not been added for 2025-26' } });
    });

    it.each([
      { case: 'no classes', body: { classSubjects: [] }, path: 'classSubjects', message: V.classSubjectsMin },
      { case: 'a class with no subjects', body: { classSubjects: [{ className: 'Class 1', subjectNames: [] }] }, path: 'classSubjects.0.subjectNames', message: V.subjectNamesMin },
      { case: 'a subject twice', body: { classSubjects: [{ className: 'Class 1', subjectNames: ['English', 'english'] }] }, path: 'classSubjects.0.subjectNames.1', message: V.subjectNamesUnique },
      { case: 'a blank subject', body: { classSubjects: [{ className: 'Class 1', subjectNames: [' '] }] }, path: 'classSubjects.0.subjectNames.0', message: V.subjectNameRequired },
      { case: 'academic year missing', body: { academicYear: undefined, classSubjects: [{ className: 'Class 1', subjectNames: ['English'] }] }, path: 'academicYear', message: V.academicYearFormat },
      { case: 'school id missing', body: { schoolId: undefined, classSubjects: [{ className: 'Class 1', subjectNames: ['English'] }] }, path: 'schoolId', message: V.schoolIdInvalid },
    ])('subjects rule: $case → 400 $path: $message', async ({ body, path, message }) => {
      const { post } = await newSchool();
      await post('/school/classes', { classes: ['Class 1'] });
      const res = await post('/school/subjects', body);
      expect(res.status).toBe(400);
      expect(res.body.error.details[path]).toBe(message);
    });
  });

  describe('GET /school/classes-sections/{schoolId} and GET /school/subjects', () => {
    it('answers {classes:[{id,name,academicYear,sections,subjects}]} for a year, or every year newest first', async () => {
      const { admin, school, post, classesOf } = await newSchool();
      await post('/school/classes', { classes: [...CATALOGUE_CLASSES].reverse() });
      await post('/school/sections', { sections: [{ className: 'Class 6', sectionNames: ['B', 'A'] }] });
      await post('/school/subjects', { classSubjects: [{ className: 'Class 6', subjectNames: ['Sanskrit', 'English'] }] });
      const classes = await classesOf(YEAR);
      expect(names(classes)).toEqual([...CATALOGUE_CLASSES]);
      const six = classes.find((c: { name: string }) => c.name === 'Class 6');
      expect(Object.keys(six).sort()).toEqual(['academicYear', 'id', 'name', 'sections', 'subjects']);
      expect(names(six.sections)).toEqual(['A', 'B']);
      expect(names(six.subjects)).toEqual(['English', 'Sanskrit']);
      expect(Object.keys(six.sections[0]).sort()).toEqual(['id', 'name']);
      expect(await classesOf('2020-21')).toEqual([]);

      const subjects = await t.call('GET', `/school/subjects?schoolId=${school.id}&academicYear=${YEAR}`, { token: admin.token });
      expect(subjects.status).toBe(200);
      expect(subjects.body.data.subjects.map((s: { code: string }) => s.code)).toEqual(['ENG', 'SAN']);
      expect(subjects.body.data.classes).toHaveLength(15);
      const noYear = await t.call('GET', `/school/subjects?schoolId=${school.id}`, { token: admin.token });
      expect(noYear.body.data.subjects.map((s: { code: string }) => s.code)).toEqual(['ENG', 'SAN']);
    });

    it('validates the path and query: malformed school id and academic year answer 400', async () => {
      const { admin, school } = await newSchool();
      const badId = await t.call('GET', '/school/classes-sections/123', { token: admin.token });
      expect(badId.status).toBe(400);
      expect(badId.body.error.details).toEqual({ schoolId: 'Invalid school ID' });
      const badYear = await t.call('GET', `/school/classes-sections/${school.id}?academicYear=2025`, { token: admin.token });
      expect(badYear.status).toBe(400);
      expect(badYear.body.error.details).toEqual({ academicYear: V.academicYearFormat });
      const noSchool = await t.call('GET', '/school/subjects', { token: admin.token });
      expect(noSchool.status).toBe(400);
      expect(noSchool.body.error.details).toEqual({ schoolId: 'Invalid school ID' });
    });
  });
});
