import { pageQuerySchema, schoolAndIdParamSchema } from '@vidyalaya/shared';
import { createNoticeSchema, listNoticesQuerySchema } from '@vidyalaya/shared/notices';
import { createZodDto } from 'nestjs-zod';

export class CreateNoticeDto extends createZodDto(createNoticeSchema) {}
export class ListNoticesQueryDto extends createZodDto(listNoticesQuerySchema) {}
export class NoticeParamDto extends createZodDto(schoolAndIdParamSchema('noticeId')) {}
export class PageQueryDto extends createZodDto(pageQuerySchema) {}
