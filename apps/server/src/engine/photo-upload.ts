// The request's multipart methods (the plugin's types) and a route's `multipart` option (the
// request guards', which refuse a multipart body on any other route).
import type {} from '@fastify/multipart';
import type {} from '../platform/http-security.js';
import { generationMessages, uploadLimits } from '@camo/shared/generation.schema';
import type { FastifyRequest } from 'fastify';
import { ImageRejectedError, imageMessages } from './photo.js';
import { ValidationError } from '../platform/http-errors.js';

/**
 * A multipart upload of one photo (the file field `photo`) and its text fields: the photo is held
 * only up to the upload limit (413 beyond it), other files are skipped unread, and a missing photo
 * or a body that is not multipart is a 400 with the create flow's message.
 */
export async function readPhotoUpload(
  req: FastifyRequest,
  maxFields = 8,
): Promise<{ photo: Buffer; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of req.parts({
      limits: {
        fileSize: uploadLimits.maxBytes,
        files: 1,
        fields: maxFields,
        fieldSize: 8 * 1024,
        parts: maxFields + 2,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') {
          part.file.resume();
          continue;
        }
        // toBuffer stops at the size limit; nothing larger is ever held in memory.
        photo = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ImageRejectedError(imageMessages.tooLarge, 413);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new ValidationError(generationMessages.missingInputs);
    throw error;
  }
  if (!photo) throw new ValidationError(generationMessages.missingInputs);
  return { photo, fields };
}
