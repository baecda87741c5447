import { AGEING_BANDS, PAYMENT_MODES, SCHOLASTIC_GRADE_NAMES } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the insights calls, for the OpenAPI document. Percentages 0–100 (one decimal); money in paise. */
const percent = z.number();
export class AttendanceInsightsResponse extends createZodDto(
  successEnvelope(
    z.object({
      from: z.string(),
      to: z.string(),
      classId: z.uuid().nullable(),
      days: z.array(z.object({ date: z.string(), percent })),
      classes: z.array(z.object({ classId: z.uuid(), name: z.string(), percent })),
      belowThreshold: z.array(z.object({ date: z.string(), count: z.int() })),
    }),
  ),
) {}
export class FeesInsightsResponse extends createZodDto(
  successEnvelope(
    z.object({
      academicYear: z.string(),
      asOf: z.string(),
      months: z.array(z.object({ month: z.string(), duePaise: z.int(), collectedPaise: z.int() })),
      byMode: z.array(z.object({ mode: z.enum(PAYMENT_MODES), paise: z.int() })),
      ageing: z.array(z.object({ band: z.enum(AGEING_BANDS), paise: z.int(), students: z.int() })),
    }),
  ),
) {}
export class ResultsInsightsResponse extends createZodDto(
  successEnvelope(
    z.object({
      exam: z.object({ id: z.uuid(), name: z.string(), academicYear: z.string(), published: z.boolean() }).nullable(),
      subjects: z.array(
        z.object({ subjectId: z.uuid(), name: z.string(), mean: percent, grades: z.object(Object.fromEntries(SCHOLASTIC_GRADE_NAMES.map((g) => [g, z.int()]))) }),
      ),
      sections: z.array(z.object({ sectionId: z.uuid(), name: z.string(), mean: percent })),
    }),
  ),
) {}
export class StrengthInsightsResponse extends createZodDto(
  successEnvelope(
    z.object({
      academicYear: z.string(),
      classes: z.array(z.object({ classId: z.uuid(), name: z.string(), boys: z.int(), girls: z.int(), other: z.int(), rte: z.int(), cwsn: z.int() })),
    }),
  ),
) {}
