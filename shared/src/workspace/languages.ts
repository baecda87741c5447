/** The languages of the workspace and of each member's preference (DECISIONS "The school workspace"). */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
