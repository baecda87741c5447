import { computeDues, createFeeStructureSchema, createPaymentSchema, FEES_MESSAGES, implicitRteWaiver, paymentExceedsDuesMessage, referenceRequired } from './schemas';

/** Issue 36: the counter's rules, shared by the server and the form (DECISIONS "Fixes to the workspace contract"). */
describe('a payment names its reference in every mode but cash', () => {
  const base = { studentId: '0b7c8c1e-5b8a-4d4e-9f3e-2f1c0a9b8d7e', amount: 150_000, paidOn: '2026-11-02' };
  it.each(['upi', 'cheque', 'dd', 'bank_transfer', 'card'] as const)('%s without a reference (or a blank one) is refused on reference', (mode) => {
    expect(referenceRequired(mode)).toBe(true);
    for (const reference of [undefined, '', '  ']) {
      const r = createPaymentSchema.safeParse({ ...base, mode, reference });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['reference', FEES_MESSAGES.referenceRequired]]);
    }
    expect(createPaymentSchema.safeParse({ ...base, mode, reference: 'UTR 123' }).success).toBe(true);
  });
  it('cash needs none', () => {
    expect(referenceRequired('cash')).toBe(false);
    expect(createPaymentSchema.safeParse({ ...base, mode: 'cash' }).success).toBe(true);
  });
});

describe('money in messages is in rupees, never paise', () => {
  it('the refusal of too much names the most that is due in rupees', () => {
    expect(paymentExceedsDuesMessage(2_190_000, true)).toBe('At most ₹21,900.00 is due on these instalments');
    expect(paymentExceedsDuesMessage(12_34_56_789, false)).toBe('At most ₹12,34,567.89 is due');
  });
  it('no field message of the fees schemas speaks of paise', () => {
    for (const message of Object.values(FEES_MESSAGES)) expect(message).not.toMatch(/paise|paisa/i);
    const bad = createFeeStructureSchema.safeParse({ classId: '0b7c8c1e-5b8a-4d4e-9f3e-2f1c0a9b8d7e', academicYear: '2026-27', instalments: [{ name: 'T1', dueOn: '2026-04-10', items: [{ headId: '0b7c8c1e-5b8a-4d4e-9f3e-2f1c0a9b8d7f', amount: 1.5 }] }] });
    expect(bad.error!.issues[0].message).toBe('Enter an amount from ₹0.01 to ₹1,00,00,000.00');
  });
});

describe('the RTE waiver covers tuition heads only', () => {
  const structure = {
    lateFee: null,
    instalments: [
      { id: 'i1', name: 'Term 1', dueOn: '2026-04-10', items: [{ headId: 'annual', headName: 'Annual', tuition: false, amount: 400_000 }, { headId: 'bus', headName: 'Transport', tuition: false, amount: 200_000 }] },
    ],
  };
  it('a school with no tuition head waives nothing (never an empty list of heads, which would mean every head)', () => {
    expect(implicitRteWaiver([], true, [])).toBeNull();
    expect(computeDues(structure, [], [], '2026-11-02').totals.balance).toBe(600_000);
  });
  it('with tuition heads it waives those in full, for RTE students with no recorded rte concession', () => {
    expect(implicitRteWaiver([], true, ['tuition'])).toEqual({ kind: 'rte', percent: 100, amount: null, headIds: ['tuition'] });
    expect(implicitRteWaiver([], false, ['tuition'])).toBeNull();
    expect(implicitRteWaiver([{ kind: 'rte' }], true, ['tuition'])).toBeNull();
  });
});
