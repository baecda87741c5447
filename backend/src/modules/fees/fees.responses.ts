import {
  collectionReportSchema,
  concessionListSchema,
  concessionResultSchema,
  dayBookSchema,
  defaulterListSchema,
  feeClassListSchema,
  feeHeadListSchema,
  feeHeadResultSchema,
  feeSettingsResultSchema,
  feeStructureListSchema,
  feeStructureResultSchema,
  receiptListSchema,
  receiptResultSchema,
  studentFeesSchema,
  upiQrSchema,
} from '@vidyalaya/shared/fees';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the fee calls, for the OpenAPI document (common/openapi.ts): the shared answer
 * schemas (shared/src/fees/answers.ts, whose types are inferred from them) in the success
 * envelope. Amounts are integer paise. The receipt PDF and the reports' XLSX workbooks are
 * described on their routes.
 */
export class FeeHeadResponse extends createZodDto(successEnvelope(feeHeadResultSchema)) {}
export class FeeHeadListResponse extends createZodDto(successEnvelope(feeHeadListSchema)) {}
export class FeeStructureResponse extends createZodDto(successEnvelope(feeStructureResultSchema)) {}
export class FeeStructureListResponse extends createZodDto(successEnvelope(feeStructureListSchema)) {}
export class ConcessionResponse extends createZodDto(successEnvelope(concessionResultSchema)) {}
export class ConcessionRemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
export class ConcessionListResponse extends createZodDto(successEnvelope(concessionListSchema)) {}
export class StudentFeesResponse extends createZodDto(successEnvelope(studentFeesSchema)) {}
export class ReceiptResponse extends createZodDto(successEnvelope(receiptResultSchema)) {}
export class ReceiptListResponse extends createZodDto(successEnvelope(receiptListSchema)) {}
export class DayBookResponse extends createZodDto(successEnvelope(dayBookSchema)) {}
export class DefaulterListResponse extends createZodDto(successEnvelope(defaulterListSchema)) {}
export class CollectionResponse extends createZodDto(successEnvelope(collectionReportSchema)) {}
export class FeeSettingsResponse extends createZodDto(successEnvelope(feeSettingsResultSchema)) {}
export class UpiQrResponse extends createZodDto(successEnvelope(upiQrSchema)) {}
export class FeeClassListResponse extends createZodDto(successEnvelope(feeClassListSchema)) {}
