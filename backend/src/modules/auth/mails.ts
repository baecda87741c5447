import { COMPANY, OTP_TTL_MINUTES, formatDateTimeIST, type OtpPurpose } from '@vidyalaya/shared';
import { brandedMail } from '../mail';
import type { OutgoingMail } from '../mail/mail.service';

/**
 * The account e-mails. Each has a branded subject, a plain-text and an HTML part; a code is shown
 * large and its validity stated. The code comes before any other number in the text, and the
 * username only after it, so nothing in the message can be mistaken for the code.
 */
export function otpMail(purpose: OtpPurpose, to: string, username: string, code: string): OutgoingMail {
  const validity = `This code is valid for ${OTP_TTL_MINUTES} minutes and can be used once.`;
  const content =
    purpose === 'registration'
      ? brandedMail({
          subject: 'Your verification code',
          heading: 'Verify your email address',
          paragraphs: ['Enter this code to verify your email address and finish creating your account.'],
          code,
          footnote: `${validity} It was requested for the account "${username}". If you did not create an account, you can ignore this e-mail.`,
        })
      : brandedMail({
          subject: 'Your password reset code',
          heading: 'Reset your password',
          paragraphs: ['Enter this code to choose a new password for your account.'],
          code,
          footnote: `${validity} It was requested for the account "${username}". If you did not ask to reset your password, ignore this e-mail: your password stays as it is.`,
        });
  return { to, ...content };
}

/** Sent after a password reset: every signed-in device has been signed out. */
export function passwordChangedMail(to: string, username: string, at: Date): OutgoingMail {
  return {
    to,
    ...brandedMail({
      subject: 'Your password was changed',
      heading: 'Your password was changed',
      paragraphs: [
        `The password of the account "${username}" was changed on ${formatDateTimeIST(at)}.`,
        'For your safety, every device that was signed in to this account has been signed out.',
        `If you did not change it, reset your password at once and write to us at ${COMPANY.email}.`,
      ],
    }),
  };
}
