// What other modules may use of the mail module (the lint rule admits only this file and
// mail.service.ts from outside the folder).
export { brandedMail } from './layout';
