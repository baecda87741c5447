/** The navigation state /verify-otp needs (spec §2): without it the page redirects to /login. */
/** `email`, when the page that sent the code knows it, is named (masked) on the page. */
export type VerifyOtpState = { username: string; type: 'registration' | 'password-reset'; email?: string };

export function readVerifyOtpState(state: unknown): VerifyOtpState | null {
  const s = state as Partial<VerifyOtpState> | null;
  if (!s || typeof s.username !== 'string' || s.username.trim() === '') return null;
  if (s.type !== 'registration' && s.type !== 'password-reset') return null;
  const email = typeof s.email === 'string' && s.email.includes('@') ? s.email : undefined;
  return { username: s.username, type: s.type, ...(email ? { email } : {}) };
}

/** What /register reads back when the user goes back to correct a mistyped address. */
export type RegisterPrefill = { username?: string; email?: string };

export function readRegisterPrefill(state: unknown): RegisterPrefill {
  const s = state as RegisterPrefill | null;
  return {
    ...(typeof s?.username === 'string' ? { username: s.username } : {}),
    ...(typeof s?.email === 'string' ? { email: s.email } : {}),
  };
}

/** The navigation state /reset-password needs: without a reset token it goes to /forgot-password. */
export type ResetPasswordState = { resetToken: string };

export function readResetToken(state: unknown): string | null {
  const token = (state as Partial<ResetPasswordState> | null)?.resetToken;
  return typeof token === 'string' && token !== '' ? token : null;
}
