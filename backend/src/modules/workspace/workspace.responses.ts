import { LANGUAGES, PERMISSIONS, SCHOOL_ROLES, type MySchoolsResult, type PreferencesResult, type WorkspaceHome } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of /me/* and the workspace home, for the OpenAPI document (common/openapi.ts). */
const approvalStatus = z.enum(['pending', 'approved', 'rejected']);
export const academicYearRefSchema = z.object({ id: z.uuid(), name: z.string(), startsOn: z.iso.date(), endsOn: z.iso.date() });

export class MySchoolsResponse extends createZodDto(
  successEnvelope(
    z.object({
      schools: z.array(
        z.object({ id: z.uuid(), name: z.string(), subdomain: z.string(), role: z.enum(SCHOOL_ROLES), approvalStatus, isActive: z.boolean() }),
      ),
    }) satisfies z.ZodType<MySchoolsResult>,
  ),
) {}
export class PreferencesResponse extends createZodDto(
  successEnvelope(z.object({ preferences: z.object({ language: z.enum(LANGUAGES) }) }) satisfies z.ZodType<PreferencesResult>),
) {}
export class WorkspaceHomeResponse extends createZodDto(
  successEnvelope(
    z.object({
      school: z.object({
        id: z.uuid(),
        name: z.string(),
        subdomain: z.string(),
        approvalStatus,
        isActive: z.boolean(),
        planType: z.string(),
        trialEndsAt: z.string().nullable(),
        maxStudents: z.int(),
      }),
      role: z.enum(SCHOOL_ROLES),
      permissions: z.array(z.enum(PERMISSIONS)),
      academicYear: academicYearRefSchema.nullable(),
      counts: z.object({ students: z.int(), members: z.int(), classes: z.int(), sections: z.int() }),
    }) satisfies z.ZodType<WorkspaceHome>,
  ),
) {}
