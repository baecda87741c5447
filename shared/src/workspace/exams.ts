/**
 * Exams, marks, results and report cards (DECISIONS "Exams and report cards"; DOMAIN "Assessment
 * (CBSE)"). The rules here are pure: the server computes results with them and the renderer checks
 * marks with them as they are typed.
 */
// Split along its seams (issue 34): the grading rules, the date sheet and the wire contract, each
// in its own file; everything is still exported from here, so `./exams` imports keep working.
export * from './exams-messages';
export * from './exams-grading';
export * from './exams-date-sheet';
export * from './exams-contract';
