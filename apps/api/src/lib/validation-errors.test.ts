import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors, type SchemaIssue } from './validation-errors.ts';

/** Runs a schema and shapes its issues the way fastify-type-provider-zod hands them over. */
function issuesOf(schema: z.ZodType, input: unknown): SchemaIssue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const { path, code, message, ...params } = issue;
    return {
      keyword: code,
      instancePath: `/${path.join('/')}`,
      message,
      params: { ...params, input: (issue as { input?: unknown }).input },
    };
  });
}

describe('toFieldErrors', () => {
  const schema = z
    .object({
      name: z.string().min(1).max(5),
      email: z.email(),
      count: z.number().int().max(10),
      tags: z.array(z.string()).max(2),
      kind: z.enum(['a', 'b']),
    })
    .strict();

  it('reports a missing or empty field as required with the spec message', () => {
    expect(toFieldErrors('body', issuesOf(schema.pick({ name: true }), {}))).toEqual([
      { field: 'body.name', code: 'required', message: 'This field cannot be empty.' },
    ]);
    expect(toFieldErrors('body', issuesOf(schema.pick({ name: true }), { name: '' }))[0]?.code).toBe(
      'required',
    );
  });

  it('reports too-long text with the maximum', () => {
    expect(toFieldErrors('body', issuesOf(schema.pick({ name: true }), { name: 'abcdefg' }))).toEqual([
      {
        field: 'body.name',
        code: 'tooBig',
        message: 'This field cannot be bigger than 5 characters.',
        params: { maximum: 5 },
      },
    ]);
  });

  it('has messages for too-big numbers and lists', () => {
    const [count] = toFieldErrors('query', issuesOf(schema.pick({ count: true }), { count: 11 }));
    const [tags] = toFieldErrors('body', issuesOf(schema.pick({ tags: true }), { tags: ['a', 'b', 'c'] }));
    expect(count).toMatchObject({
      field: 'query.count',
      code: 'tooBig',
      message: 'This value cannot be bigger than 10.',
    });
    expect(tags).toMatchObject({ code: 'tooBig', message: 'This list cannot have more than 2 items.' });
  });

  it('reports an invalid e-mail address as in the spec', () => {
    expect(toFieldErrors('body', issuesOf(schema.pick({ email: true }), { email: 'nope' }))).toEqual([
      { field: 'body.email', code: 'invalidEmail', message: 'Invalid email' },
    ]);
  });

  it('names each unknown field', () => {
    const errors = toFieldErrors(
      'body',
      issuesOf(schema.pick({ kind: true }).strict(), { kind: 'a', x: 1, y: 2 }),
    );
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['body.x', 'unknownField'],
      ['body.y', 'unknownField'],
    ]);
  });

  it('reports a value outside a vocabulary as invalid, located in params', () => {
    const [error] = toFieldErrors('params', issuesOf(schema.pick({ kind: true }), { kind: 'c' }));
    expect(error).toMatchObject({ field: 'params.kind', code: 'invalidValue' });
  });
});
