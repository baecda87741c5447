/** Strings that serve in more than one group of messages (messages.ts, messages-validation.ts). */

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const ADD_AT_LEAST_ONE_SECTION = 'Please add at least one section to proceed.';
