import {
  ASSESSMENT_PRESETS,
  bestTwoAverage,
  classBand,
  competitionRanks,
  createExamSchema,
  dateSheetClashes,
  examYear,
  isCoScholasticGrade,
  markText,
  missingMarks,
  overallScore,
  paperDateProblem,
  parseMark,
  presetForClass,
  scholasticGrade,
  sectionAnalysis,
  reportCardsFileName,
  subjectMarksText,
  subjectScore,
} from './index';

describe('CBSE scholastic grade scale', () => {
  it.each([
    [100, 'A1'],
    [91, 'A1'],
    [90, 'A2'],
    [81, 'A2'],
    [80, 'B1'],
    [71, 'B1'],
    [70, 'B2'],
    [61, 'B2'],
    [60, 'C1'],
    [51, 'C1'],
    [50, 'C2'],
    [41, 'C2'],
    [40, 'D'],
    [33, 'D'],
    [32, 'E'],
    [0, 'E'],
  ])('%s %% is %s', (percent, grade) => {
    expect(scholasticGrade(percent)).toBe(grade);
  });

  it('rounds a fraction half up before grading (the scale is in whole percentages)', () => {
    expect(scholasticGrade(90.5)).toBe('A1');
    expect(scholasticGrade(90.49)).toBe('A2');
    expect(scholasticGrade(32.5)).toBe('D');
    expect(scholasticGrade(32.4)).toBe('E');
  });
});

describe('co-scholastic scales', () => {
  it('A–C for classes 6–8, A–E for 9–10', () => {
    expect(presetForClass('Class 7').coScholasticScale).toBe('A-C');
    expect(presetForClass('Class 10').coScholasticScale).toBe('A-E');
    expect(isCoScholasticGrade('A-C', 'C')).toBe(true);
    expect(isCoScholasticGrade('A-C', 'D')).toBe(false);
    expect(isCoScholasticGrade('A-E', 'E')).toBe(true);
  });
});

describe('class bands', () => {
  it.each([
    ['Nursery', 'primary'],
    ['Class 1', 'primary'],
    ['Class 5', 'primary'],
    ['Class 6', 'middle'],
    ['Class 8', 'middle'],
    ['Class 9', 'secondary'],
    ['Class 10', 'secondary'],
    ['Class 11', 'senior'],
    ['Class 12', 'senior'],
  ])('%s → %s', (name, band) => expect(classBand(name)).toBe(band));
});

describe('preset arithmetic', () => {
  it('classes 1–5: one term mark out of 100', () => {
    const c = ASSESSMENT_PRESETS.primary.components(1);
    expect(c).toEqual([{ name: 'Term exam', maxMarks: 100 }]);
    expect(subjectScore(c, { 'Term exam': 67 })).toMatchObject({ total: 67, max: 100, percentage: 67, grade: 'B2', pass: true, complete: true });
    expect(subjectScore(c, { 'Term exam': 32 })).toMatchObject({ grade: 'E', pass: false });
  });

  it('classes 6–8: periodic assessment 20 (test 10 + notebook 5 + enrichment 5) plus an exam of 80, two terms', () => {
    const p = ASSESSMENT_PRESETS.middle;
    expect(p.terms).toBe(2);
    const t1 = p.components(1);
    expect(t1.map((c) => [c.name, c.maxMarks])).toEqual([
      ['Periodic test', 10],
      ['Notebook', 5],
      ['Subject enrichment', 5],
      ['Half-yearly exam', 80],
    ]);
    expect(p.components(2)[3].name).toBe('Yearly exam');
    const pa = t1.slice(0, 3).reduce((s, c) => s + c.maxMarks, 0);
    expect(pa).toBe(20);
    const s = subjectScore(t1, { 'Periodic test': 8, Notebook: 5, 'Subject enrichment': 4, 'Half-yearly exam': 62 });
    expect(s).toMatchObject({ total: 79, max: 100, percentage: 79, grade: 'B1', pass: true });
  });

  it('classes 9–10: 80 + 20 internal, the periodic test the average of the best two of three', () => {
    expect(bestTwoAverage([6, 9, 8])).toBe(8.5);
    expect(bestTwoAverage([10, 'AB', 7])).toBe(8.5);
    expect(bestTwoAverage(['AB', 'AB', 4])).toBe(2);
    const c = ASSESSMENT_PRESETS.secondary.components(1);
    const internal = 10 + 5 + 5;
    expect(c.filter((x) => !x.bestOf).reduce((s, x) => s + x.maxMarks, 0) + 10).toBe(100);
    expect(internal).toBe(20);
    const s = subjectScore(c, { 'Periodic test 1': 6, 'Periodic test 2': 9, 'Periodic test 3': 8, Notebook: 5, 'Subject enrichment': 4, 'Board exam': 71 });
    // 8.5 + 5 + 4 + 71 = 88.5 of 100
    expect(s).toMatchObject({ total: 88.5, max: 100, percentage: 88.5, grade: 'A2', pass: true });
  });

  it('classes 11–12: theory and practical, each passed on its own', () => {
    const c = ASSESSMENT_PRESETS.senior.components(1);
    expect(c).toEqual([
      { name: 'Theory', maxMarks: 70, passPercent: 33 },
      { name: 'Practical', maxMarks: 30, passPercent: 33 },
    ]);
    // 50 % overall, but 20/70 theory is 28.6 %: failed.
    expect(subjectScore(c, { Theory: 20, Practical: 30 })).toMatchObject({ total: 50, percentage: 50, grade: 'C2', pass: false, failedComponents: ['Theory'] });
    // 23.1/70 = 33 %: passed.
    expect(subjectScore(c, { Theory: 23.1, Practical: 10 })).toMatchObject({ pass: true, failedComponents: [] });
    expect(subjectScore(c, { Theory: 60, Practical: 'AB' })).toMatchObject({ total: 60, pass: false, failedComponents: ['Practical'], complete: true });
  });

  it('missing marks are not zero: some entered shows their total with no grade, none entered is null throughout; all AB is absent, zero and graded', () => {
    const c = ASSESSMENT_PRESETS.senior.components(1);
    expect(subjectScore(c, { Theory: 40 })).toEqual({ total: 40, max: 100, percentage: null, grade: null, pass: null, failedComponents: [], complete: false, missing: 1, absentAll: false });
    expect(subjectScore(c, {})).toMatchObject({ total: null, percentage: null, grade: null, pass: null, complete: false, missing: 2 });
    expect(subjectScore(c, null)).toMatchObject({ total: null, grade: null, missing: 2 });
    expect(subjectScore(c, { Theory: null, Practical: undefined })).toMatchObject({ total: null, grade: null });
    expect(subjectScore(c, { Theory: 'AB', Practical: 'AB' })).toMatchObject({ total: 0, percentage: 0, absentAll: true, grade: 'E', pass: false, complete: true, missing: 0 });
    // Best of the periodic tests entered so far; incomplete until all three are.
    const sec = ASSESSMENT_PRESETS.secondary.components(1);
    expect(subjectScore(sec, { 'Periodic test 1': 8 })).toMatchObject({ total: 8, grade: null, missing: 5 });
  });

  it('shown as —, AB or total/max', () => {
    expect(subjectMarksText({ total: null, max: 100, marks: null })).toBe('—');
    expect(subjectMarksText({ total: 0, max: 100, marks: { Theory: 'AB', Practical: 'AB' } })).toBe('AB');
    expect(subjectMarksText({ total: 0, max: 100, absent: true })).toBe('AB');
    expect(subjectMarksText({ total: 30, max: 100, marks: { Theory: 'AB', Practical: 30 } })).toBe('30/100');
    expect(markText(undefined)).toBe('—');
    expect(markText(null)).toBe('—');
    expect(markText('AB')).toBe('AB');
    expect(markText(0)).toBe('0');
  });

  it('counts a sheet’s missing student × component marks (AB is entered)', () => {
    const c = [{ name: 'Test', maxMarks: 20 }, { name: 'Exam', maxMarks: 80 }];
    expect(missingMarks(c, ['s1', 's2'], new Set(['s1:Test', 's1:Exam', 's2:Test']))).toBe(1);
    expect(missingMarks(c, ['s1', 's2'], new Set())).toBe(4);
    expect(missingMarks(c, [], new Set())).toBe(0);
  });
});

describe('results', () => {
  const sub = (total: number, max = 100) => subjectScore([{ name: 'X', maxMarks: max }], { X: total });

  it('overall: totals, percentage, grade; pass only when every subject is passed', () => {
    const o = overallScore([
      { subjectId: 'eng', score: sub(80) },
      { subjectId: 'math', score: sub(90) },
    ]);
    expect(o).toMatchObject({ total: 170, max: 200, percentage: 85, grade: 'A2', result: 'pass', failedSubjects: [] });
    const f = overallScore([
      { subjectId: 'eng', score: sub(80) },
      { subjectId: 'math', score: sub(20) },
    ]);
    expect(f).toMatchObject({ result: 'fail', failedSubjects: ['math'], percentage: 50 });
  });

  it('ranks are competition ranks: ties share, the next skips; no rank without a percentage', () => {
    expect(competitionRanks([70, 90, 90, 50])).toEqual([3, 1, 1, 4]);
    expect(competitionRanks([])).toEqual([]);
    expect(competitionRanks([null, 60, null, 80])).toEqual([null, 2, null, 1]);
    expect(competitionRanks([null, null])).toEqual([null, null]);
  });

  it('overall: no percentage, grade or result while any subject is incomplete; the total of what is entered', () => {
    const none = subjectScore([{ name: 'X', maxMarks: 100 }], null);
    expect(overallScore([{ subjectId: 'eng', score: sub(80) }, { subjectId: 'math', score: none }])).toMatchObject({ total: 80, max: 200, percentage: null, grade: null, result: null, complete: false });
    expect(overallScore([{ subjectId: 'eng', score: none }])).toMatchObject({ total: null, percentage: null, result: null });
    // A subject failed counts even while another is missing.
    expect(overallScore([{ subjectId: 'eng', score: sub(10) }, { subjectId: 'math', score: none }]).failedSubjects).toEqual(['eng']);
  });

  it('section analysis before any marks: no ranks, no toppers, no grades counted', () => {
    const none = subjectScore([{ name: 'X', maxMarks: 100 }], null);
    const mk = (id: string) => ({ studentId: id, name: id, admissionNumber: id, rollNumber: null, subjects: [{ subjectId: 'm', subjectName: 'Maths', marks: null, ...none }], ...overallScore([{ subjectId: 'm', score: none }]) });
    const { students, analysis } = sectionAnalysis([mk('a'), mk('b')], [{ id: 'm', name: 'Maths' }], { ranks: true });
    expect(students.map((s) => s.rank)).toEqual([null, null]);
    expect(analysis.toppers).toEqual([]);
    expect(analysis.needingSupport).toEqual([]);
    expect(Object.values(analysis.gradeDistribution[0].counts).every((n) => n === 0)).toBe(true);
  });

  it('section analysis: grade distribution per subject, toppers, those needing support', () => {
    const mk = (id: string, pct: number) => {
      const s = sub(pct);
      return {
        studentId: id,
        name: id,
        admissionNumber: id,
        rollNumber: null,
        subjects: [{ subjectId: 'm', subjectName: 'Maths', marks: { X: pct }, ...s }],
        ...overallScore([{ subjectId: 'm', score: s }]),
      };
    };
    const { students, analysis } = sectionAnalysis([mk('a', 95), mk('b', 95), mk('c', 60), mk('d', 20)], [{ id: 'm', name: 'Maths' }], { ranks: true });
    expect(students.map((s) => s.rank)).toEqual([1, 1, 3, 4]);
    expect(analysis.gradeDistribution[0].counts).toMatchObject({ A1: 2, C1: 1, E: 1, A2: 0 });
    expect(analysis.toppers.map((t) => t.studentId)).toEqual(['a', 'b', 'c']);
    expect(analysis.needingSupport).toEqual([{ studentId: 'd', name: 'd', percentage: 20, failedSubjects: ['Maths'] }]);
    expect(sectionAnalysis([mk('a', 95)], [], { ranks: false }).students[0].rank).toBeNull();
  });
});

describe('typed marks', () => {
  it.each([
    ['', { value: null }],
    ['AB', { value: 'AB' }],
    ['ab', { value: 'AB' }],
    ['7.5', { value: 7.5 }],
    ['80', { value: 80 }],
    ['81', { error: 'Marks must not exceed 80' }],
    ['-1', { error: 'Enter marks as a number, or AB for absent' }],
    ['x', { error: 'Enter marks as a number, or AB for absent' }],
  ])('%j against 80 → %j', (input, out) => expect(parseMark(input, 80)).toEqual(out));
});

describe('the date sheet', () => {
  const C7 = '11111111-1111-4111-8111-111111111111';
  const C8 = '22222222-2222-4222-8222-222222222222';
  it('flags two papers of one class at overlapping times, not of different classes or days', () => {
    const papers = [
      { classId: C7, date: '2026-09-14', startsAt: '09:00', endsAt: '12:00' },
      { classId: C7, date: '2026-09-14', startsAt: '11:00', endsAt: '13:00' },
      { classId: C8, date: '2026-09-14', startsAt: '09:00', endsAt: '12:00' },
      { classId: C7, date: '2026-09-15', startsAt: '09:00', endsAt: '12:00' },
      { classId: C7, date: '2026-09-14', startsAt: '12:00', endsAt: '13:00' },
    ];
    expect(dateSheetClashes(papers)).toEqual([
      { classId: C7, date: '2026-09-14', papers: [0, 1] },
      { classId: C7, date: '2026-09-14', papers: [1, 4] },
    ]);
  });
});

describe('a paper’s date: within the exam’s academic year, on a day the school is open', () => {
  const open = { holiday: false };
  const year = examYear('2026-27')!;

  it('the year is the school’s record of it, else April 1 – March 31 of its name', () => {
    expect(year).toEqual({ name: '2026-27', startsOn: '2026-04-01', endsOn: '2027-03-31' });
    expect(examYear('2026-27', { startsOn: '2026-06-01', endsOn: '2027-03-31' })).toEqual({ name: '2026-27', startsOn: '2026-06-01', endsOn: '2027-03-31' });
    expect(examYear('2026-99')).toBeNull();
  });

  it.each([
    ['2026-03-31', 'This date is outside the academic year 2026-27 (01/04/2026 – 31/03/2027)'],
    ['2026-04-01', null],
    ['2027-03-31', null],
    ['2027-04-01', 'This date is outside the academic year 2026-27 (01/04/2026 – 31/03/2027)'],
  ])('%s → %s', (date, problem) => {
    expect(paperDateProblem(date, year, open)).toBe(problem);
  });

  it('a year that starts in June refuses May, naming its own dates', () => {
    const june = examYear('2026-27', { startsOn: '2026-06-01', endsOn: '2027-03-31' });
    expect(paperDateProblem('2026-05-20', june, open)).toBe('This date is outside the academic year 2026-27 (01/06/2026 – 31/03/2027)');
  });

  it('a day the calendar closes the school is refused with its reason; outside the year is said first', () => {
    expect(paperDateProblem('2026-10-20', year, { holiday: true, name: 'Dussehra' })).toBe('This date is a holiday: Dussehra');
    expect(paperDateProblem('2026-09-13', year, { holiday: true, name: 'Sunday' })).toBe('This date is a holiday: Sunday');
    expect(paperDateProblem('2027-04-04', year, { holiday: true, name: 'Sunday' })).toBe('This date is outside the academic year 2026-27 (01/04/2026 – 31/03/2027)');
    expect(paperDateProblem('2026-10-20', null, { holiday: true, name: 'Dussehra' })).toBe('This date is a holiday: Dussehra');
  });
});

describe('creating an exam', () => {
  it('needs a name, a year like 2026-27, classes and distinct components', () => {
    const r = createExamSchema.safeParse({ name: ' ', academicYear: '2026', classIds: [], components: [{ name: 'A', maxMarks: 0 }, { name: 'a', maxMarks: 10 }] });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['academicYear', 'classIds', 'components.0.maxMarks', 'components.1.name', 'name']);
    const ok = createExamSchema.parse({ name: 'Term 1', academicYear: '2026-27', classIds: ['11111111-1111-4111-8111-111111111111'], components: [{ name: 'Theory', maxMarks: 80 }] });
    expect(ok.term).toBe(1);
  });
});

describe('issue 36: the section’s report cards are named after it', () => {
  it.each([
    ['Class 7', 'A', '2026-27', 'report-cards-Class-7-A-2026-27.pdf'],
    ['UKG', 'Rose Blue', '2026-27', 'report-cards-UKG-Rose-Blue-2026-27.pdf'],
    ['Class 10', 'A/1', null, 'report-cards-Class-10-A-1.pdf'],
    [null, null, null, 'report-cards.pdf'],
  ])('%s %s %s → %s', (c, s, y, name) => {
    expect(reportCardsFileName(c, s, y)).toBe(name);
  });
});
