/**
 * A message's fields as the operation types them, sent as multipart/form-data with its files (they
 * stream to the server). Used as `bodySerializer`, so the compiler still checks the fields; the
 * files are added here, as parts named `attachments`. Only text fields travel: a list such as a
 * case's `items` goes as its text form.
 */
export const withFiles =
  (files: readonly File[]) =>
  (fields: Record<string, unknown>): FormData => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields))
      if (typeof value === 'string') data.append(name, value);
    for (const file of files) data.append('attachments', file, file.name);
    return data;
  };
