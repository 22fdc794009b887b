import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@rollbook/shared-types/import';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.js';

const tooLarge = () => new AppError(400, 'IMPORT_FILE_TOO_LARGE', IMPORT_MESSAGES.tooLarge);

/**
 * The CSV file of a multipart upload, read into memory (at most IMPORT_MAX_BYTES: the whole file is
 * parsed at once anyway). Text fields are ignored; a second file, or none, is a 400.
 */
export async function receiveCsv(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 } })) {
      if (part.type !== 'file') continue;
      file = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please send one file at a time');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION') throw badRequest('Too many or invalid form fields');
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /multipart|boundary|Unexpected end of form|terminated early/i.test(err.message)) {
      throw badRequest('The upload is not a valid multipart/form-data request');
    }
    throw err;
  }
  if (!file) throw new AppError(400, 'IMPORT_NO_FILE', IMPORT_MESSAGES.noFile);
  return file;
}
