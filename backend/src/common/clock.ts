/** Time as the application sees it; tests replace it to move time forward (OTP and token expiry). */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
