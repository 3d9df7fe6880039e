import { ZRequestReportRequest, type TFieldError } from '@service-hub/contracts';

/** A message to show next to a field: a translation key and its values. */
export type FieldMessage = { key: string; values?: Record<string, string | number> };

export type ReportFormValues = { level: string; from: string; to: string; format: 'CSV' | 'XLSX' };

const DATE_FIELDS = new Set(['from', 'to']);

/** The message for one problem, whether the browser's check or the server's found it. */
function messageFor(field: string, code: string, params: Record<string, string | number> = {}): FieldMessage {
  if (field === 'level') return { key: 'reports.errors.selectReport' };
  switch (code) {
    case 'endBeforeStart':
      return { key: 'reports.errors.endBeforeStart' };
    case 'dateRangeTooLong':
      return { key: 'reports.errors.dateRangeTooLong', values: { days: params.days ?? '' } };
    case 'tooBig':
      return { key: 'reports.errors.dateTooLate', values: { maximum: params.maximum ?? '' } };
    case 'required':
      return { key: 'reports.errors.dateRequired' };
    default:
      return { key: DATE_FIELDS.has(field) ? 'reports.errors.invalidDate' : 'validation.invalidValue' };
  }
}

/**
 * The form's own check, with the contract's schema the server uses (spec 5: a report needs a
 * selection, dates are YYYY-MM-DD, the range has a maximum) plus "not after today".
 */
export function validateReportForm(values: ReportFormValues, today: string): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  const parsed = ZRequestReportRequest.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (errors[field]) continue;
      const custom = issue.code === 'custom' ? (issue.params as { code?: string; days?: number }) : undefined;
      const code =
        custom?.code ?? (DATE_FIELDS.has(field) && values[field as 'from'] === '' ? 'required' : issue.code);
      errors[field] = messageFor(field, code, custom?.days ? { days: custom.days } : {});
    }
  }
  if (!errors.to && values.to > today) errors.to = messageFor('to', 'tooBig', { maximum: today });
  return errors;
}

/** The server's field errors (body.level, body.from, body.to) as the form's messages. */
export function serverFieldMessages(
  errors: readonly TFieldError[] | undefined,
): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const error of errors ?? []) {
    const field = error.field.replace(/^body\./, '');
    out[field] ??= messageFor(field, error.code, error.params);
  }
  return out;
}
