import {
  promotionAnswerSchema,
  promotionApplyAnswerSchema,
  promotionClassListSchema,
  promotionLineListSchema,
  promotionListSchema,
  promotionPreviewAnswerSchema,
  promotionTargetListSchema,
} from '@vidyalaya/shared/promotions';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the promotion calls, for the OpenAPI document (common/openapi.ts): the shared
 * answer schemas (shared/src/promotions/answers.ts, whose types are inferred from them)
 * in the success envelope.
 */
export class PromotionResponse extends createZodDto(successEnvelope(promotionAnswerSchema)) {}
export class PromotionListResponse extends createZodDto(successEnvelope(promotionListSchema)) {}
export class PromotionLinesResponse extends createZodDto(successEnvelope(promotionLineListSchema)) {}
export class PromotionClassesResponse extends createZodDto(successEnvelope(promotionClassListSchema)) {}
export class PromotionTargetsResponse extends createZodDto(successEnvelope(promotionTargetListSchema)) {}
export class PromotionPreviewResponse extends createZodDto(successEnvelope(promotionPreviewAnswerSchema)) {}
export class PromotionJobResponse extends createZodDto(successEnvelope(promotionApplyAnswerSchema)) {}
