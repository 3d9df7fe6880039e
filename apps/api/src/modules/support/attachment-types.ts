import { fileTypeFromBuffer } from 'file-type';

/** Bytes file-type needs to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

/**
 * The allow-list of attachment types, recognised by content (magic bytes), never by name alone:
 * each detected type with the file-name extensions it may carry. A PNG named `.pdf` is refused
 * as well as an executable named `.pdf`, so the stored type always matches the name.
 */
const BINARY_TYPES: Record<string, { mime: string; extensions: readonly string[] }> = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extensions: ['png'] },
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  tif: { mime: 'image/tiff', extensions: ['tif', 'tiff'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  xml: { mime: 'application/xml', extensions: ['xml'] },
};

/** Plain-text formats have no magic bytes: they must decode as UTF-8 text without control bytes. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  edi: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export const ALLOWED_EXTENSIONS = [
  ...new Set([...Object.values(BINARY_TYPES).flatMap((t) => t.extensions), ...Object.keys(TEXT_TYPES)]),
].sort();

/** A content type without its parameters (`text/csv; charset=utf-8` → `text/csv`), lower case. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Served for a stored type outside the allow-list (a row written before a type was dropped from
 * it, or by another system): the bytes as a download, never a type a browser might render.
 */
export const FALLBACK_ATTACHMENT_TYPE = 'application/octet-stream';

/**
 * Every media type an attachment download may answer with: the types the upload stores, and the
 * fallback. The routes' OpenAPI responses list exactly these (support.routes.ts).
 */
export const SERVED_ATTACHMENT_MEDIA_TYPES: readonly string[] = [
  ...new Set([
    ...Object.values(BINARY_TYPES).map((t) => mediaTypeOf(t.mime)),
    ...Object.values(TEXT_TYPES).map(mediaTypeOf),
    FALLBACK_ATTACHMENT_TYPE,
  ]),
].sort();

/** The content type to answer a download with: the stored one when its media type is allowed. */
export function servedAttachmentType(storedType: string): string {
  return SERVED_ATTACHMENT_MEDIA_TYPES.includes(mediaTypeOf(storedType))
    ? storedType
    : FALLBACK_ATTACHMENT_TYPE;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

// Tab, line feed, form feed and carriage return are text; other C0 controls and DEL are not.
// eslint-disable-next-line no-control-regex -- control characters are what the check looks for
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

function isText(head: Buffer, complete: boolean): boolean {
  try {
    // `stream: true` tolerates a character cut at the end of the sample.
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return !CONTROL.test(decoded);
  } catch {
    return false;
  }
}

/**
 * The content type to store for a file whose first bytes are `head` (the whole file when
 * `complete`), or undefined when the file is not allowed.
 */
export async function detectAllowedType(
  filename: string,
  head: Buffer,
  complete: boolean,
): Promise<string | undefined> {
  const extension = extensionOf(filename);
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    const allowed = BINARY_TYPES[detected.ext];
    return allowed?.extensions.includes(extension) ? allowed.mime : undefined;
  }
  const textType = TEXT_TYPES[extension];
  return textType && head.length > 0 && isText(head, complete) ? textType : undefined;
}
