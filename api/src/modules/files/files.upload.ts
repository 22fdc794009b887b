import { FILE_MESSAGES } from '@rollbook/shared-types/files';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.js';
import { newStorageKey, type FileStore } from '../../lib/file-store.js';

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: { storageKey: string; size: number; filename: string; mimetype: string } | null;
}

const tooLarge = (limit: number) => new AppError(413, 'FILE_TOO_LARGE', FILE_MESSAGES.tooLarge(limit));

/**
 * Reads a multipart upload: text fields in any order and one file, streamed straight into the store
 * under a fresh random key (never buffered whole in memory). Over the size limit the partial bytes
 * are removed and the answer is 413. Whatever fails later, the caller removes file.storageKey.
 */
export async function receiveUpload(request: FastifyRequest, store: FileStore, maxBytes: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  const received: ReceivedUpload = { fields: {}, file: null };
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 25 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const storageKey = newStorageKey();
        const size = await store.put(storageKey, part.file);
        received.file = { storageKey, size, filename: part.filename, mimetype: part.mimetype };
        if (part.file.truncated) throw tooLarge(maxBytes);
      } else {
        received.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (received.file) await store.delete(received.file.storageKey);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest(FILE_MESSAGES.oneFile);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION') throw badRequest('Too many or invalid form fields');
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /multipart|boundary|Unexpected end of form|terminated early/i.test(err.message)) {
      throw badRequest('The upload is not a valid multipart/form-data request');
    }
    throw err;
  }
  return received;
}
