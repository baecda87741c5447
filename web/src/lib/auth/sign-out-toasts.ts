import { DESTRUCTIVE_MESSAGES, TOAST_MESSAGES } from '@vidyalaya/shared';
import { toast, toastError } from '../toast';

/**
 * What signing out says, for the public header and the account menu alike: 'Logged out' when it
 * worked, spec §4's 'Logout failed' when this device could not forget the session. The public header
 * imports this module on the click, so a visitor's first page carries none of these messages.
 */
export function toastSignedOut(): void {
  toast({ title: TOAST_MESSAGES.loggedOut });
}

export function toastSignOutFailed(): void {
  toastError(DESTRUCTIVE_MESSAGES.logout.title, DESTRUCTIVE_MESSAGES.logout.description);
}
