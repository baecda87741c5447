// What other modules may use of the exams module (the lint rule admits only this file, the
// services and the module files from outside the folder): the answer schemas another module's
// answer repeats (a guardian's published results are the exams module's results).
export { assessmentComponentSchema, scholasticGradeSchema, subjectResultSchema } from './exams.responses';
