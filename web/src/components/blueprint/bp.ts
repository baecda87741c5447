/**
 * The few Blueprint class names the first pages (the public shell, the home page, the start-up
 * screen) put on plain elements. Importing Blueprint's `Classes` would load its whole table of class
 * names, and its Navbar, Card, Collapse and Spinner their props machinery, with the first page
 * (docs/performance.md); these are the same strings (Blueprint 6's `bp6-` prefix).
 */
export const BP = {
  BUTTON: 'bp6-button',
  BUTTON_TEXT: 'bp6-button-text',
  MINIMAL: 'bp6-minimal',
  OUTLINED: 'bp6-outlined',
  LARGE: 'bp6-large',
  SMALL: 'bp6-small',
  FILL: 'bp6-fill',
  INTENT_PRIMARY: 'bp6-intent-primary',
  NAVBAR: 'bp6-navbar',
  NAVBAR_GROUP: 'bp6-navbar-group',
  NAVBAR_HEADING: 'bp6-navbar-heading',
  ALIGN_LEFT: 'bp6-align-left',
  CARD: 'bp6-card',
  ELEVATION_0: 'bp6-elevation-0',
  SPINNER: 'bp6-spinner',
  SPINNER_ANIMATION: 'bp6-spinner-animation',
  SPINNER_TRACK: 'bp6-spinner-track',
  SPINNER_HEAD: 'bp6-spinner-head',
} as const;

export type BpIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

/** Blueprint's `Classes.intentClass`. */
export const intentClass = (intent: BpIntent) => (intent === 'none' ? '' : `bp6-intent-${intent}`);
