import { createNoticeSchema, listNoticesQuerySchema, pageQuerySchema, schoolAndIdParamSchema } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';

export class CreateNoticeDto extends createZodDto(createNoticeSchema) {}
export class ListNoticesQueryDto extends createZodDto(listNoticesQuerySchema) {}
export class NoticeParamDto extends createZodDto(schoolAndIdParamSchema('noticeId')) {}
export class PageQueryDto extends createZodDto(pageQuerySchema) {}
