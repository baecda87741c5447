import type { AcademicYearList, AcademicYearResult } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the academic-year calls, for the OpenAPI document (common/openapi.ts). */
const yearSchema = z.object({ id: z.uuid(), name: z.string(), startsOn: z.iso.date(), endsOn: z.iso.date(), isCurrent: z.boolean() });

export class AcademicYearListResponse extends createZodDto(successEnvelope(pageSchema(yearSchema) satisfies z.ZodType<AcademicYearList>)) {}
export class AcademicYearResponse extends createZodDto(
  successEnvelope(z.object({ academicYear: yearSchema }) satisfies z.ZodType<AcademicYearResult>),
) {}
