import { BP as Classes, intentClass, type BpIntent as Intent } from '../blueprint/bp';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export interface LinkButtonProps extends Omit<LinkProps, 'className'> {
  intent?: Intent;
  variant?: 'solid' | 'minimal' | 'outlined';
  size?: 'small' | 'medium' | 'large';
  fill?: boolean;
  className?: string;
  endIcon?: ReactNode;
  children: ReactNode;
}

/**
 * A router link that looks like a Blueprint button (Blueprint's CSS API on an <a>): it navigates,
 * so it stays a link for screen readers, opens in a new tab on middle click and needs no script.
 */
export function LinkButton({ intent, variant = 'solid', size = 'medium', fill, className, endIcon, children, ...rest }: LinkButtonProps) {
  const classes = [
    Classes.BUTTON,
    intent && intent !== 'none' ? intentClass(intent) : '',
    variant === 'minimal' ? Classes.MINIMAL : variant === 'outlined' ? Classes.OUTLINED : '',
    size === 'large' ? Classes.LARGE : size === 'small' ? Classes.SMALL : '',
    fill ? Classes.FILL : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link className={classes} {...rest}>
      <span className={Classes.BUTTON_TEXT}>{children}</span>
      {endIcon}
    </Link>
  );
}

/** A small right arrow for call-to-action links. */
export function ArrowIcon() {
  return (
    <svg className="link-button-arrow" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8h9M8.5 4 12.5 8l-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
