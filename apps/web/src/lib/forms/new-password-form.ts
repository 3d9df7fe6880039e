import { z } from 'zod';

/** Choosing a password in a form: the contract's rules for `field`, and the same word typed twice. */
export function withRepeatedPassword<Shape extends z.ZodRawShape>(shape: Shape, field: keyof Shape & string) {
  return z
    .object({ ...shape, repeat: z.string() })
    .refine(
      (values) => (values as Record<string, unknown>).repeat === (values as Record<string, unknown>)[field],
      {
        path: ['repeat'],
        params: { code: 'passwordsDiffer' },
      },
    );
}
