// What other modules may use of the exams module (the lint rule admits only this file, the
// services and the module files from outside the folder): the answer schemas another module's
// answer repeats (a guardian's published results are the exams module's results). They are the
// shared answer schemas (shared/src/workspace/exams-answers.ts), under the names they had here.
export {
  examComponentAnswerSchema as assessmentComponentSchema,
  scholasticGradeSchema,
  studentSubjectResultSchema as subjectResultSchema,
} from '@vidyalaya/shared';
