import { MESSAGES } from '@vidyalaya/shared';
import type { Clock } from '../../common/clock';
import { runInSchool } from '../../common/request-context';
import type { SchoolEntity } from '../schools';
import type { AcademicsRepository } from './academics.repository';
import { AcademicsService } from './academics.service';

/**
 * The setup steps' validations on a stub repository (no database): sections and subjects go only
 * to classes the school has in that year, subjects only from the global catalogue, and a refused
 * request writes nothing. ON CONFLICT and the one-query read are the integration tests' job.
 */
const YEAR = '2025-26';
const school = { id: '5c100000-0000-4000-8000-000000000001' } as SchoolEntity;

function setup(classes: string[], subjects: string[] = ['English', 'Mathematics']) {
  const writes: string[] = [];
  const repo = {
    in: () => repo,
    classIdsByName: async (_y: string, names: string[]) => names.filter((n) => classes.includes(n)).map((name) => ({ id: `c-${name}`, name })),
    subjectIdsByKey: async (keys: string[]) => subjects.filter((s) => keys.includes(s.toLowerCase())).map((s) => ({ id: `g-${s}`, key: s.toLowerCase() })),
    insertClasses: async (_y: string, names: string[]) => (writes.push('classes'), names.length),
    insertSections: async (ids: string[], names: string[]) => (writes.push(`sections ${ids.join(',')} ${names.join(',')}`), names.length),
    insertClassSubjects: async (ids: string[], subjectIds: string[]) => (writes.push(`subjects ${ids.join(',')} ${subjectIds.join(',')}`), ids.length),
    classesWithDetails: async () => [],
    classCounts: async () => [
      { name: 'Class 1', academic_year: '2024-25', sections: '1', subjects: '2' },
      { name: 'Class 10', academic_year: YEAR, sections: 2, subjects: 0 },
      { name: 'LKG', academic_year: YEAR, sections: '3', subjects: '4' },
    ],
  } as unknown as AcademicsRepository;
  // Each call runs bound to the school, as a request past the owner's guard does.
  const service = new AcademicsService(repo, { now: () => new Date(0) } as Clock);
  const bound = new Proxy(service, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (...args: unknown[]) => runInSchool(school.id, () => (value as (...a: unknown[]) => unknown).apply(target, args)) : value;
    },
  });
  return { service: bound, writes };
}

describe('AcademicsService setup validations (stub repository)', () => {
  it('sections for classes the school does not have in that year: 400 UNKNOWN_CLASSES naming each entry, nothing written', async () => {
    const { service, writes } = setup(['Class 1']);
    const sections = [
      { className: 'Class 1', sectionNames: ['A'] },
      { className: 'Class 2', sectionNames: ['A'] },
    ];
    await expect(service.addSections(school, { schoolId: 's1', academicYear: YEAR, sections } as never)).rejects.toMatchObject({
      code: 'UNKNOWN_CLASSES',
      message: MESSAGES.errors.unknownClasses('Class 2'),
      details: { 'sections.1.className': MESSAGES.errors.classNotAdded('Class 2', YEAR) },
    });
    expect(writes).toEqual([]);
  });

  it('sections of known classes are written as one batch, class by class', async () => {
    const { service, writes } = setup(['Class 1', 'Class 2']);
    const sections = [
      { className: 'Class 1', sectionNames: ['A', 'B'] },
      { className: 'Class 2', sectionNames: ['A'] },
    ];
    expect((await service.addSections(school, { schoolId: 's1', academicYear: YEAR, sections } as never)).created).toBe(3);
    expect(writes).toEqual(['sections c-Class 1,c-Class 1,c-Class 2 A,B,A']);
  });

  it('subjects that are not in the catalogue: 400 UNKNOWN_SUBJECTS at each place, matched ignoring case otherwise', async () => {
    const { service, writes } = setup(['Class 1']);
    const classSubjects = [{ className: 'Class 1', subjectNames: ['english', 'Astrology', 'Palmistry'] }];
    await expect(service.addClassSubjects(school, { schoolId: 's1', academicYear: YEAR, classSubjects } as never)).rejects.toMatchObject({
      code: 'UNKNOWN_SUBJECTS',
      message: MESSAGES.errors.unknownSubjects('Astrology, Palmistry'),
      details: {
        'classSubjects.0.subjectNames.1': MESSAGES.errors.unknownSubject('Astrology'),
        'classSubjects.0.subjectNames.2': MESSAGES.errors.unknownSubject('Palmistry'),
      },
    });
    expect(writes).toEqual([]);
    const ok = setup(['Class 1']);
    await ok.service.addClassSubjects(school, { schoolId: 's1', academicYear: YEAR, classSubjects: [{ className: 'Class 1', subjectNames: ['ENGLISH'] }] } as never);
    expect(ok.writes).toEqual(['subjects c-Class 1 g-English']);
  });

  it("the reviewer's class counts: newest year first, catalogue order, counts as numbers", async () => {
    expect(await setup([]).service.classCounts()).toEqual([
      { name: 'LKG', academicYear: YEAR, sections: 3, subjects: 4 },
      { name: 'Class 10', academicYear: YEAR, sections: 2, subjects: 0 },
      { name: 'Class 1', academicYear: '2024-25', sections: 1, subjects: 2 },
    ]);
  });
});
