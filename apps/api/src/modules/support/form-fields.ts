import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { toFieldErrors, type SchemaIssue } from '../../lib/validation-errors.ts';

/**
 * Validates a form's text fields with the contract's schema after the files streamed in, and
 * answers the same per-field errors as any JSON route.
 */
export function parseFormFields<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T {
  // With the input in each issue, a value of the wrong type is told apart from a missing one (as
  // for JSON routes); the answer itself never repeats it (toFieldErrors).
  const result = schema.safeParse(fields, { reportInput: true });
  if (result.success) return result.data;
  const issues: SchemaIssue[] = result.error.issues.map(({ code, path, message, ...rest }) => ({
    keyword: code,
    instancePath: `/${path.join('/')}`,
    message,
    params: rest,
  }));
  const errors = toFieldErrors('body', issues);
  throw badRequest(`Invalid request: ${errors.map((e) => e.field).join(', ')}.`, errors);
}

/**
 * For routes whose body is a multipart form: the body schema documents the form in OpenAPI but is
 * not applied before the handler, which reads the form as a stream (and checks the fields with
 * `parseFormFields` once the files are in). Everything else is validated as usual.
 */
export const formValidatorCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data) => ({ value: data })
    : validatorCompiler({ ...route, schema: route.schema as z.ZodType });
