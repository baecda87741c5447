import type { Type } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * The OpenAPI document describes answers too, so clients can be generated from it. A module's
 * `<m>.responses.ts` writes a zod schema per answer (`satisfies z.ZodType<SharedType>`: the
 * compiler keeps it equal to the type in shared/) and a DTO class of its success envelope;
 * `@ApiData(Dto)` puts it on the route.
 */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** Documents a route's success answer (`status`: 201 for a POST without @HttpCode(200)). */
export const ApiData = (dto: Type, status = 200) => ApiResponse({ status, type: dto, description: 'Success: `{ success: true, data, message? }`' });
