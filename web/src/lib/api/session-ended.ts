/**
 * What happens when a refresh fails: the app signs out. The store sets it at start; the base query
 * (lib/api/base-query.ts), which loads with the first API call, calls it. Apart from the base query so
 * that the start does not load it (docs/performance.md).
 */
let onSessionEnded: () => void = () => undefined;

export function setSessionEndedHandler(fn: () => void): void {
  onSessionEnded = fn;
}

export function sessionEnded(): void {
  onSessionEnded();
}
