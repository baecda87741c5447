import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  classTeacherSchema,
  createStaffSchema,
  listStaffQuerySchema,
  putTeachingAssignmentsSchema,
  teachingAssignmentsQuerySchema,
  updateStaffSchema,
} from '@vidyalaya/shared/staff';
import { createZodDto } from 'nestjs-zod';

export class ListStaffQueryDto extends createZodDto(listStaffQuerySchema) {}
export class CreateStaffDto extends createZodDto(createStaffSchema) {}
export class UpdateStaffDto extends createZodDto(updateStaffSchema) {}
export class StaffParamDto extends createZodDto(schoolAndIdParamSchema('staffId')) {}
export class SectionParamDto extends createZodDto(schoolAndIdParamSchema('sectionId')) {}
export class ClassTeacherDto extends createZodDto(classTeacherSchema) {}
export class TeachingAssignmentsQueryDto extends createZodDto(teachingAssignmentsQuerySchema) {}
export class PutTeachingAssignmentsDto extends createZodDto(putTeachingAssignmentsSchema) {}
