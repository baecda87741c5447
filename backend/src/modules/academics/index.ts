// What other modules may use of the academics module (the lint rule admits only this file,
// academics.service.ts and academics.module.ts from outside the folder).
export { classWithDetailsSchema } from './academics.responses';
