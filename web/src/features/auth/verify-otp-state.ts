/** The navigation state /verify-otp needs (spec §2): without it the page redirects to /login. */
export type VerifyOtpState = { username: string; type: 'registration' | 'password-reset' };

export function readVerifyOtpState(state: unknown): VerifyOtpState | null {
  const s = state as Partial<VerifyOtpState> | null;
  if (!s || typeof s.username !== 'string' || s.username.trim() === '') return null;
  if (s.type !== 'registration' && s.type !== 'password-reset') return null;
  return { username: s.username, type: s.type };
}

/** The navigation state /reset-password needs: without a reset token it goes to /forgot-password. */
export type ResetPasswordState = { resetToken: string };

export function readResetToken(state: unknown): string | null {
  const token = (state as Partial<ResetPasswordState> | null)?.resetToken;
  return typeof token === 'string' && token !== '' ? token : null;
}
