// The toasts' own Blueprint rules, which the first pages' stylesheet leaves out (scripts/blueprint-subset.mjs).
import './toaster.css';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The one toaster, made on the first toast: lib/toast.ts loads this module only then. */
export const createToaster = (): Promise<Toaster> => OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 });
