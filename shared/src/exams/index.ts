/**
 * Exams, marks, results and report cards (DECISIONS "Exams and report cards"; DOMAIN "Assessment
 * (CBSE)"). The rules here are pure: the server computes results with them and the renderer checks
 * marks with them as they are typed.
 */
// Split along its seams (issue 34): the grading rules, the date sheet, the wire contract and its
// answers, each in its own file; everything is exported from here, the domain's wire contract:
// `@vidyalaya/shared/exams` (also re-exported by the package's main entry). The renderer imports only types from the answers, so their schemas stay out of its bundle.
export * from './messages';
export * from './grading';
export * from './date-sheet';
export * from './contract';
export * from './answers';
