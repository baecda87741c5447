import { amountInWords, groupDigitsIndian, groupIndian, numberInWordsIndian } from '../rules/money';
import { allocatePayment, computeDues, effectiveConcessions, financialYearOf, formatReceiptNumber, percentOf, upiLink } from './schemas';

describe('amount in words (Indian numbering)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [1_100, 'Rupees Eleven Only'],
    [2_150, 'Rupees Twenty-One and Fifty Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [1_234_567, 'Rupees Twelve Thousand Three Hundred Forty-Five and Sixty-Seven Paise Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [12_345_678_00, 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only'],
    [99_99_99_999_99, 'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only'],
    [1_00_00_00_000_00 * 10, 'Rupees One Thousand Crore Only'],
    [5_00_001_01, 'Rupees Five Lakh One and One Paise Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
  it('refuses a negative or fractional number', () => {
    expect(() => numberInWordsIndian(-1)).toThrow(RangeError);
    expect(() => numberInWordsIndian(1.5)).toThrow(RangeError);
  });
  it('groups the Indian way', () => {
    expect(groupIndian(12_345_678)).toBe('1,23,456.78');
    expect(groupIndian(99)).toBe('0.99');
    expect(groupIndian(1_00_00_000_00)).toBe('1,00,00,000.00');
    expect(groupIndian(-12_345_678)).toBe('-1,23,456.78');
    expect(['1', '123', '1234', '123456', '12345678'].map(groupDigitsIndian)).toEqual(['1', '123', '1,234', '1,23,456', '1,23,45,678']);
  });
});

describe('numbering', () => {
  it('the financial year runs April to March', () => {
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(formatReceiptNumber('2026-27', 123)).toBe('2026-27/000123');
  });
});

describe('dues arithmetic (integer paise)', () => {
  const structure = {
    lateFee: { kind: 'per_day' as const, amount: 500, graceDays: 3, cap: 2_000 },
    instalments: [
      { id: 'q2', name: 'Q2', dueOn: '2026-07-10', items: [{ headId: 't', headName: 'Tuition', tuition: true, amount: 100_001 }] },
      { id: 'q1', name: 'Q1', dueOn: '2026-04-10', items: [{ headId: 't', headName: 'Tuition', tuition: true, amount: 100_001 }, { headId: 'b', headName: 'Bus', tuition: false, amount: 30_000 }] },
    ],
  };
  it('percent rounds down to the paisa; percents add up to at most the item; amounts fill oldest first', () => {
    expect(percentOf(100_001, 15)).toBe(15_000);
    const d = computeDues(structure, [{ kind: 'sibling', percent: 15, amount: null, headIds: ['t'] }, { kind: 'other', percent: 90, amount: null, headIds: [] }, { kind: 'scholarship', amount: 40_000, percent: null, headIds: ['b'] }], [], '2026-04-01');
    expect(d.instalments.map((i) => i.instalmentId)).toEqual(['q1', 'q2']);
    expect(d.instalments[0].items.map((i) => i.concession)).toEqual([100_001, 30_000]);
    expect(d.instalments[1].concession).toBe(100_001);
    expect(d.totals.balance).toBe(0);
  });
  it('RTE waives tuition unless an rte concession is recorded', () => {
    expect(effectiveConcessions([], true, ['t'])).toEqual([{ kind: 'rte', percent: 100, amount: null, headIds: ['t'] }]);
    expect(effectiveConcessions([{ kind: 'rte', percent: 50, amount: null, headIds: [] }], true, ['t'])).toHaveLength(1);
    expect(effectiveConcessions([], false, ['t'])).toEqual([]);
  });
  it('late fee: nothing within the grace, per day after, capped, frozen when paid', () => {
    expect(computeDues(structure, [], [], '2026-04-13').instalments[0].lateFee).toBe(0);
    expect(computeDues(structure, [], [], '2026-04-15').instalments[0].lateFee).toBe(1_000);
    expect(computeDues(structure, [], [], '2026-05-15').instalments[0].lateFee).toBe(2_000);
    const paid = [{ instalmentId: 'q1', headId: 't', amount: 100_001, paidOn: '2026-04-14' }, { instalmentId: 'q1', headId: 'b', amount: 30_000, paidOn: '2026-04-14' }];
    const later = computeDues(structure, [], paid, '2026-06-01').instalments[0];
    expect(later).toMatchObject({ lateFee: 500, paid: 130_001, balance: 500, status: 'partly_paid' });
    // Payments after the as-of date do not count.
    expect(computeDues(structure, [], paid, '2026-04-13').instalments[0].paid).toBe(0);
  });
  it('allocation: oldest first, heads then the late fee; the remainder is reported', () => {
    const dues = computeDues(structure, [], [], '2026-04-15').instalments;
    const { allocations, unallocated } = allocatePayment(dues, 131_001 + 50_000);
    expect(allocations).toEqual([
      { instalmentId: 'q1', headId: 't', amount: 100_001 },
      { instalmentId: 'q1', headId: 'b', amount: 30_000 },
      { instalmentId: 'q1', headId: null, amount: 1_000 },
      { instalmentId: 'q2', headId: 't', amount: 50_000 },
    ]);
    expect(unallocated).toBe(0);
    expect(allocatePayment(dues, 500_000, ['q2']).unallocated).toBe(500_000 - 100_001);
  });
  it('a UPI link with the amount in rupees and paise', () => {
    expect(upiLink({ upiId: 'school@sbi', payeeName: 'DPS School', amount: 123_450, reference: 'ADM1-Q1' })).toBe('upi://pay?pa=school%40sbi&pn=DPS%20School&am=1234.50&tr=ADM1-Q1&cu=INR');
  });
});
