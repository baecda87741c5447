// What other modules may use of the academics module (the lint rule admits only this file and
// academics.service.ts from outside the folder).
export { loadClassesWithDetails, type YearScope } from './classes.query';
export { classWithDetailsSchema } from './academics.responses';
