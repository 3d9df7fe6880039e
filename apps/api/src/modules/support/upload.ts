import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { quotable, type TFieldError } from '@service-hub/contracts';
import { badRequest } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { detectAllowedType, SNIFF_BYTES } from './attachment-types.ts';

/** A file that passed the checks and now lives in storage, not yet tied to a case. */
export type StoredUpload = {
  id: string;
  storageKey: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
};

export type AttachmentLimits = { maxFiles: number; maxFileSizeMb: number };

/** The form field that carries files. */
export const ATTACHMENTS_FIELD = 'attachments';

const MAX_TEXT_FIELD_BYTES = 64 * 1024;

/** A file name to keep: its last path segment, without control characters, at most 255 characters. */
function cleanFilename(raw: string): string | undefined {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.length > 0 && name.length <= 255 && !name.startsWith('.') ? name : undefined;
}

/** Reads the first bytes of the file, then hands back a stream of the whole file. */
async function sniff(
  file: MultipartFile['file'],
): Promise<{ head: Buffer; complete: boolean; body: Readable }> {
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let complete = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (complete) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: head.subarray(0, SNIFF_BYTES), complete, body: Readable.from(rest()) };
}

async function drain(file: MultipartFile['file']): Promise<void> {
  for await (const chunk of file) void chunk;
}

const names = (list: string[]) => list.map((name) => quotable(name, 80)).join(', ');

/**
 * Reads a message's form (multipart/form-data) as it arrives: text fields are collected, each
 * file is checked by its first bytes and streamed into storage, and the limits apply while the
 * bytes flow (busboy stops counting at the size limit and the files limit; the plugin is
 * registered with `throwFileSizeLimit: false` so a too-large file is reported, not thrown), so no file is ever
 * held in memory whole. Refused files are listed by name; when any file is refused nothing is
 * kept. A JSON body (no files) is accepted as well.
 */
export async function receiveMessageForm(
  request: FastifyRequest,
  storage: FileStorage,
  limits: AttachmentLimits,
): Promise<{ fields: Record<string, unknown>; files: StoredUpload[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: typeof body === 'object' && body !== null ? { ...body } : {}, files: [] };
  }
  const maxFileBytes = Math.floor(limits.maxFileSizeMb * 1024 * 1024);
  const fields: Record<string, unknown> = {};
  const files: StoredUpload[] = [];
  const refusedType: string[] = [];
  const tooLarge: string[] = [];
  let tooMany = false;
  const errors: TFieldError[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: maxFileBytes,
        fields: 20,
        fieldSize: MAX_TEXT_FIELD_BYTES,
        parts: limits.maxFiles + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          errors.push({
            field: `body.${quotable(part.fieldname, 40)}`,
            code: 'tooBig',
            message: 'This field is too long.',
          });
        } else {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      const filename = cleanFilename(part.filename);
      if (part.fieldname !== ATTACHMENTS_FIELD || !filename) {
        await drain(part.file);
        refusedType.push(filename ?? '?');
        continue;
      }
      const { head, complete, body } = await sniff(part.file);
      const contentType = await detectAllowedType(filename, head, complete);
      if (!contentType) {
        body.destroy();
        await drain(part.file);
        refusedType.push(filename);
        continue;
      }
      const id = randomUUID();
      const storageKey = `support/${id.slice(0, 2)}/${id}`;
      const { size } = await storage.put(storageKey, body);
      if (part.file.truncated) {
        await storage.delete(storageKey);
        tooLarge.push(filename);
        continue;
      }
      files.push({ id, storageKey, filename, contentType, sizeBytes: size });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') tooMany = true;
    else {
      await discard(storage, files);
      // The machine's own failures (disk full, no permission) stay server errors; anything else
      // here is the form itself: cut off, malformed, too many parts, or a prototype-polluting name.
      if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw error;
      throw badRequest('The form could not be read.');
    }
  }
  if (tooMany) {
    errors.push({
      field: `body.${ATTACHMENTS_FIELD}`,
      code: 'tooManyFiles',
      message: `You can attach at most ${limits.maxFiles} files.`,
      params: { maximum: limits.maxFiles },
    });
  }
  if (refusedType.length > 0) {
    errors.push({
      field: `body.${ATTACHMENTS_FIELD}`,
      code: 'fileTypeNotAllowed',
      message: `These files are not allowed: ${names(refusedType)}`,
      params: { files: names(refusedType) },
    });
  }
  if (tooLarge.length > 0) {
    errors.push({
      field: `body.${ATTACHMENTS_FIELD}`,
      code: 'fileTooLarge',
      message: `These files are bigger than ${limits.maxFileSizeMb} MB: ${names(tooLarge)}`,
      params: { files: names(tooLarge), maximum: limits.maxFileSizeMb },
    });
  }
  if (errors.length > 0) {
    await discard(storage, files);
    throw badRequest(`Invalid request: ${errors.map((e) => e.field).join(', ')}.`, errors);
  }
  return { fields, files };
}

/** Removes stored uploads that will not belong to any case. */
export async function discard(storage: FileStorage, files: readonly StoredUpload[]): Promise<void> {
  await Promise.all(files.map((file) => storage.delete(file.storageKey).catch(() => undefined)));
}
