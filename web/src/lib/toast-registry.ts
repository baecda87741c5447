/**
 * Which toasts are on screen, kept apart from the toaster itself (lib/toast) so the app shell can
 * clear them on navigation without loading any overlay code on the first page.
 */
export type ShownToast = { key: string; danger: boolean; at: number };

/** A toast shown this long before a navigation belongs to the page being left. */
export const TOAST_CARRY_MS = 1500;

let shown: ShownToast[] = [];
let dismiss: ((key: string) => void) | null = null;

export function registerDismiss(fn: (key: string) => void): void {
  dismiss = fn;
}

export function shownToasts(): readonly ShownToast[] {
  return shown;
}

export function setShownToasts(next: ShownToast[]): void {
  shown = next;
}

/**
 * On a route change: the toasts of the page being left go; those raised by the action that
 * navigated (shown within TOAST_CARRY_MS, e.g. 'Email verified' on the way to /login) stay.
 */
export function clearToastsOnNavigation(now = Date.now()): void {
  const stale = shown.filter((s) => now - s.at > TOAST_CARRY_MS);
  if (stale.length === 0) return;
  shown = shown.filter((s) => !stale.includes(s));
  stale.forEach((s) => dismiss?.(s.key));
}
