import { describe, expect, it } from '@jest/globals';
import { EXAM_MESSAGES, examYear, paperDateProblem, paperOnHoliday, type ExamPaper } from '@vidyalaya/shared/exams';
import { buildClasses, checkRows, clashLines, serverProblems, toPapers } from '../src/features/exams/model/date-sheet';

const C7 = '77777777-7777-4777-8777-777777777777';
const C8 = '88888888-8888-4888-8888-888888888888';
const MATH = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ENG = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ART = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const subjects: Record<string, { id: string; name: string }[]> = {
  [C7]: [{ id: MATH, name: 'Mathematics' }, { id: ENG, name: 'English' }],
  [C8]: [{ id: ENG, name: 'English' }],
};
const paper = (classId: string, subjectId: string, subjectName: string, date: string, startsAt: string, endsAt: string): ExamPaper => ({
  classId,
  className: classId === C7 ? 'Class 7' : 'Class 8',
  subjectId,
  subjectName,
  date,
  startsAt,
  endsAt,
});
const exam = [{ id: C7, name: 'Class 7' }, { id: C8, name: 'Class 8' }];

describe('the date-sheet editor model', () => {
  it('one row per class × subject in the exam’s and the class’s order, filled from the saved papers', () => {
    const classes = buildClasses(exam, (id) => subjects[id] ?? [], [paper(C7, ENG, 'English', '2026-09-16', '09:30', '12:30')]);
    expect(classes.map((c) => [c.className, c.rows.map((r) => [r.subjectName, r.date, r.startsAt, r.endsAt])])).toEqual([
      ['Class 7', [['Mathematics', '', '', ''], ['English', '2026-09-16', '09:30', '12:30']]],
      ['Class 8', [['English', '', '', '']]],
    ]);
  });

  it('a saved paper of a subject the class no longer teaches is kept as a row, so it is seen', () => {
    const classes = buildClasses(exam, (id) => subjects[id] ?? [], [paper(C8, ART, 'Art', '2026-09-17', '10:00', '11:00')]);
    expect(classes[1]!.rows.map((r) => r.subjectName)).toEqual(['English', 'Art']);
  });

  it('Save sends only the rows with a date; a row with times and no date is not scheduled', () => {
    const [c7] = buildClasses(exam, (id) => subjects[id] ?? [], []);
    const rows = [
      { ...c7!.rows[0]!, date: '2026-09-14', startsAt: '09:30', endsAt: '12:30' },
      { ...c7!.rows[1]!, startsAt: '09:30', endsAt: '12:30' },
    ];
    const { papers, keys } = toPapers(rows);
    expect(papers).toEqual([{ classId: C7, subjectId: MATH, date: '2026-09-14', startsAt: '09:30', endsAt: '12:30' }]);
    expect(keys).toEqual([rows[0]!.key]);
    expect(checkRows(rows).size).toBe(0);
  });

  it('a date without times, and an end before the start, are named on their rows before sending', () => {
    const [c7] = buildClasses(exam, (id) => subjects[id] ?? [], []);
    const rows = [
      { ...c7!.rows[0]!, date: '2026-09-14', startsAt: '', endsAt: '' },
      { ...c7!.rows[1]!, date: '2026-09-15', startsAt: '12:30', endsAt: '09:30' },
    ];
    const found = checkRows(rows);
    expect(found.get(rows[0]!.key)).toEqual({ id: 'timesMissing' });
    expect(found.get(rows[1]!.key)).toEqual({ id: 'endsBeforeStart' });
  });

  it('the server’s details land on the row that was sent at that index; others stay general', () => {
    const found = serverProblems({ 'papers.1.subjectId': 'This subject is not taught in this class', 'papers.0.endsAt': EXAM_MESSAGES.endsBeforeStart, papers: 'Too many' }, ['a', 'b']);
    expect(found.get('b')).toEqual({ id: 'subjectNotInClass' });
    expect(found.get('a')).toEqual({ id: 'endsBeforeStart' });
    expect(found.get('')).toEqual({ text: 'Too many' });
  });

  it('a date outside the exam’s academic year is named on its row before sending, with the year’s dates', () => {
    const year = examYear('2026-27', { startsOn: '2026-06-01', endsOn: '2027-03-31' });
    const [c7] = buildClasses(exam, (id) => subjects[id] ?? [], []);
    const rows = [
      { ...c7!.rows[0]!, date: '2026-05-30', startsAt: '09:30', endsAt: '12:30' },
      { ...c7!.rows[1]!, date: '2026-06-01', startsAt: '09:30', endsAt: '12:30' },
    ];
    const found = checkRows(rows, year);
    expect(found.get(rows[0]!.key)).toEqual({ id: 'outsideYear', values: { year: '2026-27', from: '01/06/2026', to: '31/03/2027' } });
    expect(found.has(rows[1]!.key)).toBe(false);
    expect(checkRows(rows).size).toBe(0);
  });

  it('the server’s date refusals (outside the year, a holiday) are worded by the screen, with their values', () => {
    const year = examYear('2026-27');
    const outside = paperDateProblem('2027-04-02', year, { holiday: false })!;
    const diwali = paperDateProblem('2026-11-09', year, { holiday: true, name: 'Diwali' })!;
    const found = serverProblems({ 'papers.0.date': outside, 'papers.1.date': diwali }, ['a', 'b'], year);
    expect(found.get('a')).toEqual({ id: 'outsideYear', values: { year: '2026-27', from: '01/04/2026', to: '31/03/2027' } });
    expect(found.get('b')).toEqual({ id: 'holiday', values: { name: 'Diwali' } });
    expect(serverProblems({ 'papers.0.date': paperOnHoliday('Second Saturday') }, ['a']).get('a')).toEqual({ id: 'holiday', values: { name: 'Second Saturday' } });
    // Without the year (or another year's text), the server's own words are shown.
    expect(serverProblems({ 'papers.0.date': outside }, ['a']).get('a')).toEqual({ text: outside });
  });

  it('a clash names its class, date and two subjects from the answer’s papers', () => {
    const papers = [paper(C7, MATH, 'Mathematics', '2026-09-14', '09:30', '12:30'), paper(C7, ENG, 'English', '2026-09-14', '11:00', '13:00')];
    expect(clashLines({ examId: 'x', papers, clashes: [{ classId: C7, date: '2026-09-14', papers: [0, 1] }], academicYear: null })).toEqual([
      { classId: C7, className: 'Class 7', date: '2026-09-14', first: 'Mathematics', second: 'English' },
    ]);
  });
});
