/**
 * The render API's multipart/form-data intake: one file field `image` and parameters as text
 * fields, read with @fastify/multipart under size limits (the JSON intake and the merging of
 * parameters are the service's: service/intake.ts).
 */
import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PARAMS, ParamsError } from '../engine/index.js';
import { ApiError, imageTooLarge } from '../service/errors.js';
import { type Intake, mergeParams, noImage, type ParamSet, record } from '../service/intake.js';

const PARAM_NAMES: ReadonlySet<string> = new Set(PARAMS.map((p) => p.name));

/** Form fields stay short: the longest legitimate value is an enum name or a color. */
export const MAX_FIELD_BYTES = 256;
/** Text fields in one multipart body: room for the 24 parameters and mistakes beside them. */
export const MAX_FORM_FIELDS = 64;

/** A multipart/form-data body: one file field `image` and parameters as text fields. */
export async function intakeFromMultipart(
  request: FastifyRequest,
  maxBytes: number,
  query: ParamSet[] = [],
): Promise<Intake> {
  const { file, fields, repeated } = await readMultipart(request, maxBytes);
  // the parameters first: a text field named `image` is reported as what it is, not as no image
  const params = mergeParams([
    ...query,
    { where: 'the form fields', source: 'strings', values: fields },
    { where: 'the form fields', source: 'strings', values: repeated },
  ]);
  if (!file) throw noImage();
  return { source: { kind: 'multipart', bytes: file }, params };
}

/**
 * The bytes of the file part, refused as soon as busboy reaches the size limit: a part's own
 * toBuffer() refuses only at its end, after reading a 1 GB upload to the last byte.
 */
async function readFilePart(stream: Readable & { truncated?: boolean }, maxBytes: number): Promise<Uint8Array> {
  let over = false;
  stream.once('limit', () => {
    over = true;
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    if (over) break;
    chunks.push(chunk as Buffer);
  }
  if (over || stream.truncated) throw imageTooLarge(maxBytes);
  const buffer = Buffer.concat(chunks);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

async function readMultipart(request: FastifyRequest, maxBytes: number) {
  let file: Uint8Array | undefined;
  const fields = record();
  const repeated = record();
  const parts = request.parts({
    // two files, so that a second one is refused here by its name, whichever comes first (a file
    // beyond the limit would be busboy's `multiple_images` whatever its name)
    limits: {
      fileSize: maxBytes,
      files: 2,
      fields: MAX_FORM_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FORM_FIELDS + 2,
      headerPairs: 100,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          const field = part.fieldname ? `field ${JSON.stringify(part.fieldname)}` : 'part without a field name';
          throw new ApiError('bad_request', `unexpected file ${field}; send the image as \`image\``);
        }
        if (file) throw new ApiError('multiple_images', 'send one file, in the field `image`');
        file = await readFilePart(part.file, maxBytes);
      } else if (!part.fieldname) {
        // nothing to name in an issue: refused for its form, as a file part without a name is
        throw new ApiError('bad_request', 'unexpected text part without a field name; name every part of the form');
      } else if (part.valueTruncated && PARAM_NAMES.has(part.fieldname)) {
        // a parameter's value is refused for its length; any other name (an image source, an
        // unknown name) is refused below for what it is, whatever its length (mergeParams)
        const expected = `at most ${MAX_FIELD_BYTES} bytes`;
        const { fieldname: param } = part;
        const received = 'a longer value';
        throw new ParamsError([
          { param, expected, received, message: `${param}: expected ${expected}, received ${received}` },
        ]);
      } else {
        (Object.hasOwn(fields, part.fieldname) ? repeated : fields)[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Limits and our own refusals keep their codes; anything else busboy throws is a broken body.
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_PROTO_VIOLATION') {
      // @fastify/multipart refuses a field named like a member of Object.prototype (constructor,
      // __proto__, toString) before the name reaches us: an unknown parameter, as in a query
      const expected = 'a known parameter';
      const received = 'a field named like a property of every object (constructor, __proto__, toString, ...)';
      const message = `a form field: expected ${expected}, received ${received}`;
      throw new ParamsError([{ param: 'form field', expected, received, message }]);
    }
    if (
      err instanceof ApiError ||
      err instanceof ParamsError ||
      (typeof code === 'string' && code.startsWith('FST_'))
    ) {
      throw err;
    }
    throw new ApiError('bad_request', 'the multipart body is malformed');
  }
  return { file, fields, repeated };
}
