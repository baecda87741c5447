import { STAFF_STATUSES, type ClassTeacherResult, type StaffList, type StaffMember, type StaffResult, type TeachingAssignmentList } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the staff, class-teacher and teaching-assignment calls, for the OpenAPI document (common/openapi.ts). */
const staffMemberSchema = z.object({
  id: z.uuid(),
  employeeCode: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  subjectIds: z.array(z.uuid()),
  qualification: z.string().nullable(),
  joiningDate: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userId: z.uuid().nullable(),
  status: z.enum(STAFF_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<StaffMember>;

export class StaffListResponse extends createZodDto(successEnvelope(pageSchema(staffMemberSchema) satisfies z.ZodType<StaffList>)) {}
export class StaffResponse extends createZodDto(successEnvelope(z.object({ staff: staffMemberSchema }) satisfies z.ZodType<StaffResult>)) {}
export class ClassTeacherResponse extends createZodDto(
  successEnvelope(
    z.object({
      classTeacher: z.object({ sectionId: z.uuid(), staffId: z.uuid().nullable(), name: z.string().nullable() }),
    }) satisfies z.ZodType<ClassTeacherResult>,
  ),
) {}
export class TeachingAssignmentListResponse extends createZodDto(
  successEnvelope(
    z.object({
      academicYear: z.string().nullable(),
      items: z.array(
        z.object({
          sectionId: z.uuid(),
          sectionName: z.string(),
          classId: z.uuid(),
          className: z.string(),
          academicYear: z.string(),
          subjectId: z.uuid(),
          subjectName: z.string(),
          staffId: z.uuid(),
          staffName: z.string(),
        }),
      ),
      classTeachers: z.array(z.object({ sectionId: z.uuid(), staffId: z.uuid(), name: z.string() })),
    }) satisfies z.ZodType<TeachingAssignmentList>,
  ),
) {}
