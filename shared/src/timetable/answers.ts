import { z } from 'zod';
import { classWithDetailsSchema } from '../academics/answers';

/**
 * GET …/timetable/classes: the year's classes with sections and subjects, for the editors (the
 * academics catalogue's classes), as a schema with its type inferred from it. It is in a file of
 * its own, apart from the timetable's schemas the renderer's pages import, so that the academics
 * answer schemas it is made of enter no bundle.
 */
export const timetableClassesResultSchema = z.object({ academicYear: z.string().nullable(), classes: z.array(classWithDetailsSchema) });
export type TimetableClassesResult = z.output<typeof timetableClassesResultSchema>;
