import { trialDaysLeft, trialEndsAt } from './trial';

describe('DECISIONS free trial: 30 days from approval', () => {
  it('ends 30 days after approval', () => {
    expect(trialEndsAt('2025-10-04T05:30:00.000Z').toISOString()).toBe('2025-11-03T05:30:00.000Z');
  });

  const end = '2025-11-03T05:30:00.000Z';
  it.each([
    ['2025-10-04T05:30:00.000Z', 30],
    ['2025-10-04T05:30:00.001Z', 30],
    ['2025-11-02T05:30:00.000Z', 1],
    ['2025-11-03T05:29:00.000Z', 1],
    ['2025-11-03T05:30:00.000Z', 0],
    ['2025-12-01T00:00:00.000Z', 0],
  ])('at %s, %i days left', (now, days) => {
    expect(trialDaysLeft(end, now)).toBe(days);
  });

  it('an unreadable date leaves 0 days', () => {
    expect(trialDaysLeft('not a date', '2025-10-04T00:00:00Z')).toBe(0);
  });
});
