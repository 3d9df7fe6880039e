/**
 * `attachment` with the file's name (RFC 6266): an ASCII fallback in `filename` for old clients
 * and the exact name, percent-encoded as UTF-8, in `filename*` (RFC 8187).
 */
export function contentDispositionAttachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
