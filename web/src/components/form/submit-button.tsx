import { Button, Spinner, type ButtonProps } from '@blueprintjs/core';

/**
 * A form's submit button. Spec §4: while submitting it is disabled and shows a spinner; the label
 * stays readable so the button keeps its name.
 */
export function SubmitButton(props: { text: string; submitting?: boolean; disabled?: boolean } & Omit<ButtonProps, 'type' | 'text' | 'loading'>) {
  const { text, submitting, disabled, ...rest } = props;
  return (
    <Button
      intent="primary"
      size="large"
      {...rest}
      type="submit"
      disabled={!!disabled || !!submitting}
      aria-busy={submitting || undefined}
      icon={submitting ? <Spinner size={16} aria-hidden /> : rest.icon}
      text={text}
    />
  );
}
