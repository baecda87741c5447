import { Clock } from '../../src/common/clock';

/** A clock the test moves by hand (OTP, token and trial expiry). Starts at real time. */
export class FakeClock extends Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  advanceMinutes(m: number): void {
    this.advance(m * 60_000);
  }
}
