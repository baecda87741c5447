import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle reachable by keyboard. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'rightElement'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      leftIcon={props.leftIcon ?? 'lock'}
      rightElement={
        <Button
          variant="minimal"
          icon={shown ? 'eye-off' : 'eye-open'}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
        />
      }
    />
  );
}
