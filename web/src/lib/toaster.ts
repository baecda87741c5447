// The toasts' own Blueprint rules, which the first pages' stylesheet leaves out (scripts/blueprint-subset.mjs).
import './toaster.css';
import './toaster-viewport.css';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/**
 * The one toaster, made on the first toast: lib/toast.ts loads this module only then. Its container
 * (`vd-toaster`) is fixed to the viewport (toaster-viewport.css), so a toast shows where the user is
 * looking however far the page has scrolled.
 */
export const createToaster = (): Promise<Toaster> => OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4, className: 'vd-toaster' });
