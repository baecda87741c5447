/** What other modules may use of the calendar module besides its service and Nest module. */
export { CalendarExamPapers } from './exam-papers.source';
