import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import { asOfQuerySchema, attendanceDayParamSchema, attendanceSettingsSchema, monthQuerySchema, putAttendanceSchema } from '@vidyalaya/shared/attendance';
import { createZodDto } from 'nestjs-zod';

export class PutAttendanceDto extends createZodDto(putAttendanceSchema) {}
export class AttendanceDayParamDto extends createZodDto(attendanceDayParamSchema) {}
export class SectionParamDto extends createZodDto(schoolAndIdParamSchema('sectionId')) {}
export class StudentParamDto extends createZodDto(schoolAndIdParamSchema('studentId')) {}
export class MonthQueryDto extends createZodDto(monthQuerySchema) {}
export class AsOfQueryDto extends createZodDto(asOfQuerySchema) {}
export class AttendanceSettingsDto extends createZodDto(attendanceSettingsSchema) {}
