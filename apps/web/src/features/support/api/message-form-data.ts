/** A message's fields and files as multipart/form-data (the files stream to the server). */
export function toFormData(fields: Record<string, string>, files: readonly File[]): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('attachments', file, file.name);
  return data;
}

/** Hands the FormData to fetch as it is, so the browser sets the multipart boundary. */
export const asFormData = (body: unknown) => body as FormData;
