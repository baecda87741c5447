import arrowLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import { useLayoutEffect, useRef, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { BP, intentClass, type BpIntent } from './bp';
import { PlainSpinner } from './plain-spinner';

/**
 * Blueprint's Icon, Button, Card, Callout, InputGroup and Checkbox as plain markup with its classes
 * (the same DOM Blueprint draws, styled by its own rules), for the sign-in pages: they load none of
 * Blueprint's code, its icon registry or its loader (docs/performance.md). Only the icons those
 * pages draw are here, inline.
 */
const PATHS = {
  'arrow-left': arrowLeft,
  envelope,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  key,
  lock,
  'tick-circle': tickCircle,
  user,
} as const;

export type PlainIconName = keyof typeof PATHS;

/** Blueprint's 16 px Icon: `<span class="bp6-icon bp6-icon-{name}"><svg data-icon=…>`. */
export function PlainIcon({ icon, tabIndex }: { icon: PlainIconName; tabIndex?: number }) {
  return (
    <span aria-hidden="true" tabIndex={tabIndex} className={`bp6-icon bp6-icon-${icon}`}>
      <svg data-icon={icon} height={16} role="img" viewBox="0 0 16 16" width={16}>
        {PATHS[icon].map((d) => (
          <path key={d} d={d} fillRule="evenodd" />
        ))}
      </svg>
    </span>
  );
}

const cls = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

export type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  text?: ReactNode;
  intent?: BpIntent;
  size?: 'medium' | 'large';
  variant?: 'solid' | 'minimal';
  icon?: PlainIconName | ReactNode;
  /** Blueprint's `loading`: a spinner instead of the content, and disabled. */
  loading?: boolean;
};

/** Blueprint's Button. */
export function PlainButton(props: PlainButtonProps) {
  const { text, intent = 'none', size = 'medium', variant = 'solid', icon, loading, className, disabled, type = 'button', ...rest } = props;
  const off = !!disabled || !!loading;
  return (
    <button
      type={type}
      {...rest}
      disabled={off}
      tabIndex={off ? -1 : rest.tabIndex}
      className={cls(
        BP.BUTTON,
        off && 'bp6-disabled',
        loading && 'bp6-loading',
        intentClass(intent),
        size === 'large' && BP.LARGE,
        variant === 'minimal' && BP.MINIMAL,
        className,
      )}
    >
      {loading ? (
        <span className="bp6-button-spinner">
          <PlainSpinner size={20} />
        </span>
      ) : null}
      {typeof icon === 'string' ? <PlainIcon icon={icon as PlainIconName} /> : icon}
      {text !== undefined && text !== null ? <span className={BP.BUTTON_TEXT}>{text}</span> : null}
    </button>
  );
}

/** Blueprint's Card. */
export function PlainCard(props: { className?: string; elevation?: 0 | 1 | 2 | 3 | 4; children: ReactNode }) {
  return <div className={cls(props.className, BP.CARD, `bp6-elevation-${props.elevation ?? 0}`)}>{props.children}</div>;
}

/** Blueprint's Callout with an icon. */
export function PlainCallout(props: { intent: BpIntent; icon: PlainIconName; className?: string; role?: string; children: ReactNode }) {
  return (
    <div className={cls('bp6-callout', intentClass(props.intent), props.className, 'bp6-callout-has-body-content', 'bp6-callout-icon')} role={props.role}>
      <PlainIcon icon={props.icon} tabIndex={-1} />
      {props.children}
    </div>
  );
}

export type PlainInputGroupProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  intent?: BpIntent;
  size?: 'medium' | 'large';
  leftIcon?: PlainIconName;
  rightElement?: ReactNode;
};

/**
 * Blueprint's InputGroup: an icon on the left, the input, an action on the right whose width the
 * input's right padding makes room for (measured after drawing, as Blueprint does).
 */
export function PlainInputGroup(props: PlainInputGroupProps) {
  const { intent = 'none', size = 'medium', leftIcon, rightElement, disabled, readOnly, style, ...input } = props;
  const action = useRef<HTMLSpanElement>(null);
  const [rightWidth, setRightWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const width = action.current?.clientWidth;
    if (width === undefined) setRightWidth(undefined);
    else if (rightWidth === undefined || Math.abs(width - rightWidth) > 2) setRightWidth(width);
  }, [rightElement, rightWidth]);
  return (
    <div className={cls('bp6-input-group', intentClass(intent), disabled && 'bp6-disabled', readOnly && 'bp6-read-only', size === 'large' && BP.LARGE)}>
      {leftIcon ? <PlainIcon icon={leftIcon} tabIndex={-1} /> : null}
      <input
        type="text"
        {...input}
        disabled={disabled}
        readOnly={readOnly}
        aria-disabled={disabled}
        className="bp6-input"
        style={rightWidth === undefined ? style : { ...style, paddingRight: rightWidth }}
      />
      {rightElement ? (
        <span className="bp6-input-action" ref={action}>
          {rightElement}
        </span>
      ) : null}
    </div>
  );
}

/** Blueprint's Checkbox (large) with a label element. */
export function PlainCheckbox(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> & { labelElement: ReactNode; size?: 'medium' | 'large' }) {
  const { labelElement, size = 'medium', className, ...input } = props;
  return (
    <label className={cls('bp6-control bp6-checkbox', input.disabled && 'bp6-disabled', size === 'large' && BP.LARGE, className)}>
      <input className="bp6-control-input" type="checkbox" {...input} />
      <span className="bp6-control-indicator" />
      {labelElement}
    </label>
  );
}
