import { allocateSections, applyPromotionSchema, nextClassName, raiseFee, type AllocationChild } from './schemas';

/** Year end's pure rules (issue 29): the next class, the fee rise, and how a class is spread over sections. */
const child = (name: string, gender: AllocationChild['gender'], sectionName = 'A'): AllocationChild => ({ studentId: name.toLowerCase(), name, gender, sectionName });
const none = (name: string) => ({ name, girls: 0, boys: 0, others: 0 });

describe('promotions: rules', () => {
  it.each([
    ['Nursery', 'LKG'],
    ['UKG', 'Class 1'],
    ['Class 9', 'Class 10'],
    ['Class 10', null],
  ] as const)('the next class after %s is %s in a school of Nursery … Class 10', (current, next) => {
    const classes = ['Class 10', 'Nursery', 'LKG', 'UKG', ...Array.from({ length: 9 }, (_, i) => `Class ${i + 1}`)];
    expect(nextClassName(current, classes)).toBe(next);
  });

  it('raises a fee to whole rupees (paise in, paise out)', () => {
    expect(raiseFee(150_050, 10)).toBe(165_100);
    expect(raiseFee(150_050, 0)).toBe(150_050);
  });

  it('apply keeps new roll numbers on and the timetable copy off unless asked', () => {
    expect(applyPromotionSchema.parse({})).toEqual({ feeIncreasePercent: 0, renumberRolls: true, copyTimetable: false });
  });

  it('keep: the section of the same name, else the first', () => {
    const placed = allocateSections([child('Asha', 'female', 'B'), child('Bala', 'male', 'C')], [none('B'), none('A')], 'keep');
    expect(Object.fromEntries(placed)).toEqual({ asha: 'B', bala: 'A' });
  });

  it('alphabetical: names in order fill A then B, to an even share counting who is already there', () => {
    const kids = ['Esha', 'Chetan', 'Asha', 'Dev', 'Bina', 'Farid', 'Gita'].map((n) => child(n, 'female'));
    // 7 children + 1 already in A = 8: four in each.
    const placed = allocateSections(kids, [{ name: 'A', girls: 1, boys: 0, others: 0 }, none('B')], 'alphabetical');
    expect(['Asha', 'Bina', 'Chetan', 'Dev', 'Esha', 'Farid', 'Gita'].map((n) => placed.get(n.toLowerCase()))).toEqual(['A', 'A', 'A', 'B', 'B', 'B', 'B']);
  });

  it('alphabetical with three sections: the first sections take the odd ones', () => {
    const kids = Array.from({ length: 10 }, (_, i) => child(`Kid ${String(i).padStart(2, '0')}`, 'male'));
    const placed = [...allocateSections(kids, [none('C'), none('A'), none('B')], 'alphabetical').values()];
    expect(['A', 'B', 'C'].map((s) => placed.filter((x) => x === s).length)).toEqual([4, 3, 3]);
  });

  it('balanced: as many girls and as many boys in each section (±1), sizes level', () => {
    const kids = [
      ...['Anu', 'Bela', 'Diya', 'Fiza', 'Gauri', 'Zoya', 'Ira'].map((n) => child(n, 'female')),
      ...['Chandu', 'Eshan', 'Hari', 'Yash', 'Kabir'].map((n) => child(n, 'male')),
      child('Noor', 'other'),
    ];
    const placed = allocateSections(kids, [none('A'), none('B'), none('C')], 'balanced');
    const count = (section: string, gender?: string) => kids.filter((k) => placed.get(k.studentId) === section && (!gender || k.gender === gender)).length;
    for (const gender of ['female', 'male']) {
      const n = ['A', 'B', 'C'].map((x) => count(x, gender));
      expect(Math.max(...n) - Math.min(...n)).toBeLessThanOrEqual(1);
    }
    const sizes = ['A', 'B', 'C'].map((x) => count(x));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(placed.size).toBe(13);
  });

  it('places nobody when the class has no section', () => {
    expect(allocateSections([child('Asha', 'female')], [], 'balanced').size).toBe(0);
  });
});
