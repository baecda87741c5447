import { OTP_LENGTH } from '@vidyalaya/shared';
import { TextField } from '../components/fields';

/** Spec §5 OTP: a 6-character code; the input takes no more than 6 characters. */
export function OtpField(props: { name?: string; label?: string; autoFocus?: boolean }) {
  return (
    <TextField
      name={props.name ?? 'otp'}
      label={props.label ?? 'Verification code'}
      className="auth-otp"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={OTP_LENGTH}
      leftIcon="key"
      autoFocus={props.autoFocus}
    />
  );
}
