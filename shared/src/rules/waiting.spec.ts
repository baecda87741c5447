import { waitingSince } from './waiting';

describe('waitingSince: a school\'s wait against spec §1\'s 24-48 hours (issue 20 item 16)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each([
    [0.2, 'within', 'under an hour (promise: 24-48 hours)'],
    [1, 'within', '1 hour (promise: 24-48 hours)'],
    [5, 'within', '5 hours (promise: 24-48 hours)'],
    [24, 'due', '1 day (promise: 24-48 hours)'],
    [30, 'due', '1 day 6 hours (promise: 24-48 hours)'],
    [48, 'overdue', '2 days, past the 48-hour promise'],
    [50, 'overdue', '2 days 2 hours, past the 48-hour promise'],
  ])('%s hours ago → %s, %s', (h, state, text) => {
    expect(waitingSince(ago(h), now)).toMatchObject({ state, text });
  });
  it('a clock behind the submission reads as no wait', () => {
    expect(waitingSince(new Date(now.getTime() + 60_000), now).hours).toBe(0);
  });
});
