import {
  approvalBadgeLabel,
  approvalStatusOf,
  defaultSetupProgress,
  nextSetupStep,
  setupCompleteMessage,
  setupPercentage,
  setupProgressFromSummary,
  setupStepHref,
  type SetupProgress,
} from './setup-progress';

const progress = (flags: Partial<SetupProgress>): SetupProgress => ({
  ...defaultSetupProgress(),
  ...flags,
});

describe('spec §3 SetupProgress', () => {
  it('is all false by default', () => {
    expect(defaultSetupProgress()).toEqual({
      schoolCreated: false,
      classesAdded: false,
      sectionsAdded: false,
      subjectsAdded: false,
      paymentCompleted: false,
    });
  });

  it.each([
    { case: 'no school', summary: { school: null, classes: [], totalSections: 0, totalSubjects: 0 }, expected: progress({}) },
    { case: 'a school only (spec §4 fallback)', summary: { school: {}, classes: [], totalSections: 0, totalSubjects: 0 }, expected: progress({ schoolCreated: true }) },
    { case: 'classes', summary: { school: {}, classes: [{}], totalSections: 0, totalSubjects: 0 }, expected: progress({ schoolCreated: true, classesAdded: true }) },
    { case: 'everything', summary: { school: {}, classes: [{}, {}], totalSections: 3, totalSubjects: 5 }, expected: progress({ schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true }) },
  ])('from a summary with $case', ({ summary, expected }) => {
    expect(setupProgressFromSummary(summary)).toEqual(expected);
  });
});

describe('spec §4 Setup progress: next step', () => {
  it.each([
    { classes: [], totalSections: 0, totalSubjects: 0, expected: { key: 'classes', label: 'Add Classes', path: '/setup/classes' } },
    { classes: [], totalSections: 4, totalSubjects: 4, expected: { key: 'classes', label: 'Add Classes', path: '/setup/classes' } },
    { classes: [{}], totalSections: 0, totalSubjects: 0, expected: { key: 'sections', label: 'Add Sections', path: '/setup/sections' } },
    { classes: [{}], totalSections: 0, totalSubjects: 2, expected: { key: 'sections', label: 'Add Sections', path: '/setup/sections' } },
    { classes: [{}], totalSections: 1, totalSubjects: 0, expected: { key: 'subjects', label: 'Add Subjects', path: '/setup/subjects' } },
    { classes: [{}], totalSections: 1, totalSubjects: 1, expected: null },
  ])('$classes.length classes, $totalSections sections, $totalSubjects subjects → $expected.label', ({ expected, ...summary }) => {
    expect(nextSetupStep(summary)).toEqual(expected);
  });

  it('Continue Setup carries the schoolId query parameter (spec §2)', () => {
    const step = nextSetupStep({ classes: [], totalSections: 0, totalSubjects: 0 })!;
    expect(setupStepHref(step, '8d7c2c36-3f0b-4c1e-9a53-2f1c7a1b9e10')).toBe(
      '/setup/classes?schoolId=8d7c2c36-3f0b-4c1e-9a53-2f1c7a1b9e10',
    );
  });
});

describe('spec §4 Setup progress: percentage of four flags, payment not counted', () => {
  it.each([
    [progress({}), 0],
    [progress({ paymentCompleted: true }), 0],
    [progress({ schoolCreated: true }), 25],
    [progress({ schoolCreated: true, classesAdded: true }), 50],
    [progress({ schoolCreated: true, classesAdded: true, sectionsAdded: true }), 75],
    [progress({ schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true }), 100],
    [progress({ schoolCreated: true, classesAdded: true, sectionsAdded: true, subjectsAdded: true, paymentCompleted: true }), 100],
  ])('%j → %i%', (flags, percent) => {
    expect(setupPercentage(flags)).toBe(percent);
  });
});

describe('spec §4 School approval', () => {
  it.each([
    [{ isActive: true, metaData: { approvalStatus: 'pending' } }, 'approved'],
    [{ isActive: true, metaData: { approvalStatus: 'rejected' } }, 'approved'],
    [{ isActive: false, metaData: { approvalStatus: 'approved' } }, 'approved'],
    [{ isActive: false, metaData: { approvalStatus: 'rejected' } }, 'rejected'],
    [{ isActive: false, metaData: { approvalStatus: 'pending' } }, 'pending'],
    [{ isActive: false, metaData: { approvalStatus: 'suspended' } }, 'pending'],
    [{ isActive: false, metaData: { approvalStatus: 42 } }, 'pending'],
    [{ isActive: false, metaData: null }, 'pending'],
    [{ isActive: false }, 'pending'],
    [null, 'pending'],
  ])('%j → %s', (school, status) => {
    expect(approvalStatusOf(school)).toBe(status);
  });

  it.each([
    ['approved', 'Approved'],
    ['pending', 'Pending Approval'],
    ['rejected', 'Rejected'],
  ] as const)('the %s badge reads %j', (status, label) => {
    expect(approvalBadgeLabel(status)).toBe(label);
  });

  it.each([
    ['approved', 'Setup complete! Your school is approved and the system is ready to use.'],
    ['rejected', "Setup complete, but your school's approval was rejected. Please contact support for help."],
    ['pending', 'Setup complete! Your school is waiting for approval, which usually takes 24-48 hours.'],
  ] as const)('setup complete message when %s', (status, message) => {
    expect(setupCompleteMessage(status)).toBe(message);
  });

  it('an active school gets the ready-to-use message', () => {
    expect(setupCompleteMessage(approvalStatusOf({ isActive: true }))).toMatch(/ready to use/);
  });
});
