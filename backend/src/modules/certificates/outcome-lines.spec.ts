import { outcomeLines } from './certificates.service';

const none = { decision: null, targetClassName: null, result: null, grade: null, examName: null } as const;

describe('outcomeLines: a TC’s result and “qualified for promotion” from how the year ended', () => {
  it('a promotion names the class; a detention is No', () => {
    expect(outcomeLines({ ...none, decision: 'promote', targetClassName: 'Class 9', result: 'pass', grade: 'B1', examName: 'Annual' }, '2026-27', false)).toEqual({
      boardResult: 'Annual 2026-27: Passed (grade B1)',
      qualifiedForPromotion: 'Yes, to Class 9',
    });
    expect(outcomeLines({ ...none, decision: 'detain', result: 'fail', examName: 'Annual' }, '2026-27', false)).toEqual({ boardResult: 'Annual 2026-27: Failed', qualifiedForPromotion: 'No' });
  });

  it('without a year-end decision the published result decides; a result without an exam name is the annual result', () => {
    expect(outcomeLines({ ...none, result: 'pass', examName: 'Term 2' }, '2026-27', false).qualifiedForPromotion).toBe('Yes');
    expect(outcomeLines({ ...none, decision: 'left', result: 'fail', examName: 'Term 2' }, '2026-27', false).qualifiedForPromotion).toBe('No');
    expect(outcomeLines({ ...none, result: 'pass' }, '2026-27', false).boardResult).toBe('Annual result 2026-27: Passed');
  });

  it('nothing known: blank for the office to fill, unless the child passed out of the last class', () => {
    expect(outcomeLines(none, '2026-27', false)).toEqual({ boardResult: '', qualifiedForPromotion: '' });
    expect(outcomeLines(none, '2026-27', true)).toEqual({ boardResult: 'Passed', qualifiedForPromotion: 'Yes' });
    expect(outcomeLines({ ...none, decision: 'passed_out', result: 'fail', examName: 'Annual' }, '2026-27', true).qualifiedForPromotion).toBe('No');
  });
});
