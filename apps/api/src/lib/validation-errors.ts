import { FIELD_ERROR_CODES, quotable, type TFieldError } from '@service-hub/contracts';

/** One failed check as fastify-type-provider-zod reports it (a zod issue in Fastify's shape). */
export type SchemaIssue = {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
};

const LOCATIONS: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

/**
 * Turns zod issues into the API's per-field errors, with the messages of spec section 5, so a
 * client can show every problem next to its field without knowing zod.
 */
export function toFieldErrors(context: string | undefined, issues: readonly SchemaIssue[]): TFieldError[] {
  const location = LOCATIONS[context ?? ''] ?? context ?? 'body';
  return issues.flatMap((issue): TFieldError[] => {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const field = path ? `${location}.${path}` : location;
    if (issue.keyword === 'unrecognized_keys') {
      // The names are the caller's: quoted back only short and harmless.
      const keys = ((issue.params.keys as string[] | undefined) ?? []).map((key) => quotable(key, 64));
      return keys.map((key) => ({
        field: path ? `${field}.${key}` : `${location}.${key}`,
        code: 'unknownField' as const,
        message: `Unknown field '${key}'.`,
      }));
    }
    return [{ field, ...describe(issue) }];
  });
}

function describe(issue: SchemaIssue): Omit<TFieldError, 'field'> {
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (p.input === undefined || p.input === null)
        return { code: 'required', message: 'This field cannot be empty.' };
      return {
        code: 'invalidType',
        message: `Expected ${String(p.expected)}.`,
        params: { expected: String(p.expected) },
      };
    case 'too_small': {
      const minimum = Number(p.minimum);
      if (p.origin === 'string' && minimum === 1)
        return { code: 'required', message: 'This field cannot be empty.' };
      return { code: 'tooSmall', message: tooSmallMessage(String(p.origin), minimum), params: { minimum } };
    }
    case 'too_big': {
      const maximum =
        p.origin === 'date' ? new Date(Number(p.maximum)).toISOString().slice(0, 10) : Number(p.maximum);
      return { code: 'tooBig', message: tooBigMessage(String(p.origin), maximum), params: { maximum } };
    }
    case 'invalid_format':
      if (p.format === 'email') return { code: 'invalidEmail', message: 'Invalid email' };
      return { code: 'invalidFormat', message: issue.message, params: { format: String(p.format) } };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'invalidValue', message: issue.message };
    case 'custom': {
      // Refinements name their own code (e.g. weakPassword) so clients can translate them.
      const { code, ...values } = (p.params ?? {}) as { code?: string } & Record<string, unknown>;
      const known = FIELD_ERROR_CODES.find((c) => c === code);
      // Numbers a refinement names (e.g. the most days of a range) fill the translated message.
      const numbers = Object.entries(values).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number',
      );
      return {
        code: known ?? 'invalidValue',
        message: issue.message,
        ...(known && numbers.length > 0 ? { params: Object.fromEntries(numbers) } : {}),
      };
    }
    default:
      return { code: 'invalidValue', message: issue.message };
  }
}

function tooBigMessage(origin: string, maximum: number | string): string {
  switch (origin) {
    case 'string':
      return `This field cannot be bigger than ${maximum} characters.`;
    case 'array':
    case 'set':
      return `This list cannot have more than ${maximum} items.`;
    case 'date':
      return `This date cannot be later than ${maximum}.`;
    default:
      return `This value cannot be bigger than ${maximum}.`;
  }
}

function tooSmallMessage(origin: string, minimum: number): string {
  switch (origin) {
    case 'string':
      return `This field must be at least ${minimum} characters.`;
    case 'array':
    case 'set':
      return `This list must have at least ${minimum} items.`;
    default:
      return `This value cannot be smaller than ${minimum}.`;
  }
}
