import { uuidParamSchema } from '@vidyalaya/shared';
import { createSchoolSchema, subdomainAvailabilityQuerySchema, updatePlanSchema } from '@vidyalaya/shared/schools';
import { createZodDto } from 'nestjs-zod';

export class CreateSchoolDto extends createZodDto(createSchoolSchema) {}
export class UpdatePlanDto extends createZodDto(updatePlanSchema) {}
export class SubdomainAvailabilityQueryDto extends createZodDto(subdomainAvailabilityQuerySchema) {}
export class UuidParamDto extends createZodDto(uuidParamSchema) {}
