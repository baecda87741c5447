import { pageQuerySchema, schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  cancelReceiptSchema,
  concessionParamSchema,
  updateFeeStructureSchema,
  collectionQuerySchema,
  createConcessionSchema,
  createFeeHeadSchema,
  createFeeStructureSchema,
  createPaymentSchema,
  dayBookQuerySchema,
  defaultersQuerySchema,
  feeSettingsSchema,
  listFeeStructuresQuerySchema,
  listReceiptsQuerySchema,
  putLateFeeSchema,
  receiptPdfQuerySchema,
  studentFeesQuerySchema,
  upiQrQuerySchema,
} from '@vidyalaya/shared/fees';
import { createZodDto } from 'nestjs-zod';

export class CreateFeeHeadDto extends createZodDto(createFeeHeadSchema) {}
export class CreateFeeStructureDto extends createZodDto(createFeeStructureSchema) {}
export class ListFeeStructuresQueryDto extends createZodDto(listFeeStructuresQuerySchema) {}
export class StructureParamDto extends createZodDto(schoolAndIdParamSchema('structureId')) {}
export class PutLateFeeDto extends createZodDto(putLateFeeSchema) {}
export class StudentParamDto extends createZodDto(schoolAndIdParamSchema('studentId')) {}
export class CreateConcessionDto extends createZodDto(createConcessionSchema) {}
export class StudentFeesQueryDto extends createZodDto(studentFeesQuerySchema) {}
export class CreatePaymentDto extends createZodDto(createPaymentSchema) {}
export class ReceiptParamDto extends createZodDto(schoolAndIdParamSchema('receiptId')) {}
export class CancelReceiptDto extends createZodDto(cancelReceiptSchema) {}
export class ListReceiptsQueryDto extends createZodDto(listReceiptsQuerySchema) {}
export class ReceiptPdfQueryDto extends createZodDto(receiptPdfQuerySchema) {}
export class DayBookQueryDto extends createZodDto(dayBookQuerySchema) {}
export class DefaultersQueryDto extends createZodDto(defaultersQuerySchema) {}
export class CollectionQueryDto extends createZodDto(collectionQuerySchema) {}
export class UpiQrQueryDto extends createZodDto(upiQrQuerySchema) {}
export class FeeSettingsDto extends createZodDto(feeSettingsSchema) {}
export class StudentReceiptsQueryDto extends createZodDto(pageQuerySchema) {}
export class UpdateFeeStructureDto extends createZodDto(updateFeeStructureSchema) {}
export class ConcessionParamDto extends createZodDto(concessionParamSchema) {}
