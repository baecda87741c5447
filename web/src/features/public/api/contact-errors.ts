import { DESTRUCTIVE_MESSAGES, EMAIL_SERVICE_MESSAGES } from '@vidyalaya/shared';

/**
 * Spec §8 "E-mail service statuses": what a failed send tells the sender. 429 (rate limited) and
 * 503 (mail unavailable) read like 403, "try again later"; an unreachable server (status 0) gets the
 * generic contact failure text, which points to writing to us directly.
 */
export function contactFailureMessage(status: number): string {
  switch (status) {
    case 422:
      return EMAIL_SERVICE_MESSAGES[422];
    case 400:
      return EMAIL_SERVICE_MESSAGES[400];
    case 403:
    case 429:
    case 503:
      return EMAIL_SERVICE_MESSAGES[403];
    case 0:
      return DESTRUCTIVE_MESSAGES.contact.description;
    default:
      return EMAIL_SERVICE_MESSAGES.other;
  }
}
