import { batchResultSchema, mySchoolsResultSchema, preferencesResultSchema, workspaceHomeSchema } from '@vidyalaya/shared/people';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of /me/* and the workspace home, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class MySchoolsResponse extends createZodDto(successEnvelope(mySchoolsResultSchema)) {}
export class PreferencesResponse extends createZodDto(successEnvelope(preferencesResultSchema)) {}
export class WorkspaceHomeResponse extends createZodDto(successEnvelope(workspaceHomeSchema)) {}
export class BatchResponse extends createZodDto(successEnvelope(batchResultSchema)) {}
