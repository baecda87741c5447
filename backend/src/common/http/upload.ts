import type { ErrorCode } from '@vidyalaya/shared';
import type { FastifyRequest } from 'fastify';
import { DomainException } from '../domain.exception';

export interface Upload {
  bytes: Buffer;
  filename: string;
}

/**
 * The one file of a multipart request (field `file`), read whole and measured by this function
 * (issue 33 row 1). The multipart parser's own size check looked at its truncation flag while
 * chunks were still arriving, so a file cut at its limit on the last chunk it handed over was
 * returned short with no error, now and then (413, 413, then 200 for the same file). Here the
 * limit is enforced on the whole stream and checked after it ends: a file over `maxBytes` (counted,
 * or cut short by the parser) always answers 413 PAYLOAD_TOO_LARGE naming the limit, before the
 * caller can store anything. Anything that is not a multipart request with a `file` part answers
 * `invalid`.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number, invalid: ErrorCode): Promise<Upload> {
  if (!req.isMultipart()) throw new DomainException(invalid);
  let part;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
  } catch (e) {
    throw tooLargeOr(e, invalid, maxBytes);
  }
  if (!part || part.fieldname !== 'file') {
    if (part) part.file.resume();
    throw new DomainException(invalid);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      total += chunk.length;
      // Past the limit nothing more is kept, but the stream is read to its end so the answer is sent whole.
      if (total <= maxBytes) chunks.push(chunk);
    }
  } catch (e) {
    throw tooLargeOr(e, invalid, maxBytes);
  }
  if (part.file.truncated || total > maxBytes) throw tooLarge(maxBytes);
  return { bytes: Buffer.concat(chunks, total), filename: part.filename ?? '' };
}

/** 413 naming the limit in the units a person reads (KB under a megabyte, else MB). */
export function tooLarge(maxBytes: number): DomainException {
  const limit = maxBytes < 1024 * 1024 ? `${Math.round(maxBytes / 1024)} KB` : `${+(maxBytes / (1024 * 1024)).toFixed(1)} MB`;
  return new DomainException('PAYLOAD_TOO_LARGE', { message: `The file is larger than ${limit}.` });
}

function tooLargeOr(e: unknown, invalid: ErrorCode, maxBytes: number): DomainException {
  if (e instanceof DomainException) return e;
  const code = (e as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge(maxBytes);
  return new DomainException(invalid);
}
