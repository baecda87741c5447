/** A school's public portal page. Shown only by this feature (moved from shared/src/messages.ts). */
export const PORTAL_TEXT = {
  portal: {
    signIn: 'Sign in to Vidyalaya',
    notAvailable: 'This school portal is not available',
    notAvailableText: 'The address may be mistyped, or the school is not active yet.',
    goToMainSite: 'Go to the Vidyalaya website',
    board: 'Board',
    level: 'Level',
    location: 'Location',
  },
} as const;
