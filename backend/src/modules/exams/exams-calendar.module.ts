import { Global, Injectable, Module } from '@nestjs/common';
import type { CalendarExamPaper } from '@vidyalaya/shared/calendar';
import { CalendarExamPapers } from '../calendar';
import { ExamsRepository } from './exams.repository';

/** The exam papers the calendar shows, from the exams module's date sheets. */
@Injectable()
export class ExamCalendarPapersService extends CalendarExamPapers {
  constructor(private readonly repo: ExamsRepository) {
    super();
  }

  async papersBetween(from: string, to: string, classId?: string): Promise<CalendarExamPaper[]> {
    const rows = await this.repo.papersBetween(from, to, classId);
    return rows.map((r) => ({
      examId: r.exam_id,
      examName: r.exam_name,
      classId: r.class_id,
      className: r.class_name,
      subjectId: r.subject_id,
      subjectName: r.subject_name,
      date: r.on_date,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
    }));
  }
}

/**
 * Global, because the calendar module asks for `CalendarExamPapers` and cannot import ExamsModule
 * (exams → attendance → calendar would be a cycle). Imported once, by ExamsModule.
 */
@Global()
@Module({
  providers: [ExamsRepository, { provide: CalendarExamPapers, useClass: ExamCalendarPapersService }],
  exports: [CalendarExamPapers],
})
export class ExamsCalendarModule {}
