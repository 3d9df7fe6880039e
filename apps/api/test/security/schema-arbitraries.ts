import fc from 'fast-check';
import { resolveSchema, type JsonSchema, type Operation } from './operations.ts';

type Document = Parameters<typeof resolveSchema>[0];

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? []].flat();

function patternArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 200;
  const min = schema.minLength ?? 0;
  return fc
    .stringMatching(new RegExp(schema.pattern!))
    .filter((value) => value.length >= min && value.length <= max);
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email')
    return fc
      .emailAddress()
      .filter(
        (value) => value.length <= (schema.maxLength ?? 320) && new RegExp(schema.pattern ?? '').test(value),
      );
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'uri')
    return fc.webUrl().filter((value) => value.length <= (schema.maxLength ?? 500));
  // A file part of a multipart form: a JSON request sends none.
  if (schema.format === 'binary') return fc.constant('');
  if (schema.format === 'date')
    return fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  if (schema.pattern) return patternArbitrary(schema);
  return fc
    .string({
      unit: 'grapheme-ascii',
      minLength: Math.max(schema.minLength ?? 0, 1),
      maxLength: Math.min(schema.maxLength ?? 40, 40),
    })
    .filter((value) => value.trim().length > 0);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function isFileList(document: Document, raw: JsonSchema): boolean {
  const schema = resolveSchema(document, raw);
  return (
    schema.type === 'array' &&
    schema.items !== undefined &&
    resolveSchema(document, schema.items).format === 'binary'
  );
}

/**
 * Values that the schema accepts (as far as JSON Schema can say: refinements in code, such as
 * "from before to", are the exceptions tables' business).
 */
export function validValue(document: Document, raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const options = union.filter((option) => resolveSchema(document, option).type !== 'null');
    return fc.oneof(
      ...(options.length ? options : union).map((option) => validValue(document, option, depth + 1)),
    );
  }
  if (schema.allOf) return validValue(document, Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validValue(document, schema.items, depth + 1) : fc.string(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        // File parts exist only in the multipart form of an operation; the JSON form has none.
        if (isFileList(document, property)) continue;
        record[name] = validValue(document, property, depth + 1);
      }
      return fc.record(record, { requiredKeys: Object.keys(record).filter((name) => required.has(name)) });
    }
    default:
      return fc.constant(null);
  }
}

/** Strings a careless parser, database or log chokes on. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF',
    '\u202Eevil',
    'Ⅷ',
    'ǅ',
    'İ',
    '🏳️‍🌈',
    'e\u0301\u0301\u0301',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '%00',
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9'.repeat(40),
    '-2147483649',
    '2147483648',
    '0x10',
    'true',
    'null',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '9999-12-31T23:59:60Z',
    '\r\nX-Injected: 1',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', 'a', 'é', '\u200B'), maxLength: 10 }),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'A'.repeat(length)),
);

/** Anything but what the schema asks for: other types, edges, huge and odd values. */
export function hostileValue(document: Document, raw: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw);
  const edges: unknown[] = [];
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1, schema.maximum + 0.5);
  if (schema.maxLength !== undefined) edges.push('x'.repeat(schema.maxLength + 1));
  if (schema.minLength) edges.push('x'.repeat(schema.minLength - 1));
  if (schema.maxItems !== undefined) edges.push(Array.from({ length: schema.maxItems + 1 }, () => 'a'));
  return fc.oneof(
    oddString,
    fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      2 ** 31,
      2 ** 53 + 1,
      -(2 ** 63),
      1e308,
      [],
      {},
      [null],
      { $gt: '' },
      { __proto__: { polluted: true } },
      ...edges,
    ),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** One request to an operation: path, query (parameters may repeat), headers and body. */
export type GeneratedRequest = {
  path: Record<string, string>;
  query: [string, string][];
  body?: unknown;
  rawBody?: string;
  contentType?: string;
};

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/**
 * Requests mixing valid and hostile parts, so the hostile part reaches deep code instead of
 * stopping at the first check: each parameter and field is valid, hostile, missing or repeated.
 */
export function requestArbitrary(
  document: Document,
  operation: Operation,
  fixed: { path: Record<string, string>; query: Record<string, string> },
): fc.Arbitrary<GeneratedRequest> {
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const valueOf = (schema: JsonSchema, fixedValue: string | undefined) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary:
          fixedValue !== undefined ? fc.constant(fixedValue) : validValue(document, schema).map(asText),
      },
      { weight: 2, arbitrary: hostileValue(document, schema).map(asText) },
    );
  const query = fc
    .tuple(
      ...queryParameters.map((parameter) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: valueOf(parameter.schema, fixed.query[parameter.name]).map(
              (v) => [[parameter.name, v]] as [string, string][],
            ),
          },
          { weight: 1, arbitrary: fc.constant([] as [string, string][]) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                valueOf(parameter.schema, fixed.query[parameter.name]),
                valueOf(parameter.schema, undefined),
              )
              .map(
                ([a, b]) =>
                  [
                    [parameter.name, a],
                    [parameter.name, b],
                  ] as [string, string][],
              ),
          },
        ),
      ),
      fc.array(
        fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x', 'activeAccountId[]', ''), oddString),
        { maxLength: 2 },
      ),
    )
    .map((parts) => parts.flat());
  const path = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(fixed.path[parameter.name] ?? '1') },
          {
            weight: 2,
            arbitrary: hostileValue(document, parameter.schema)
              .map(asText)
              .filter((v) => v !== ''),
          },
          {
            weight: 1,
            arbitrary: validValue(document, parameter.schema)
              .map(asText)
              .filter((v) => v !== ''),
          },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const body: fc.Arbitrary<Pick<GeneratedRequest, 'body' | 'rawBody' | 'contentType'>> = operation.body
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: objectWithHostileFields(document, operation.body).map((value) => ({ body: value })),
        },
        { weight: 1, arbitrary: hostileValue(document, operation.body).map((value) => ({ body: value })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              oddString,
              fc.constantFrom(
                'application/json',
                'text/plain',
                'application/x-www-form-urlencoded',
                'multipart/form-data; boundary=x',
                'application/json; charset=utf-16',
              ),
            )
            .map(([rawBody, contentType]) => ({ rawBody, contentType })),
        },
        {
          weight: 1,
          // A field twice (which one wins?) and prototype pollution, as JSON text.
          arbitrary: fc
            .tuple(validValue(document, operation.body), hostileValue(document, {}))
            .map(([valid, hostile]) => {
              const text = JSON.stringify(valid) ?? '{}';
              const [first] = Object.keys(valid && typeof valid === 'object' ? valid : {});
              const extra = first
                ? `${JSON.stringify(first)}:${JSON.stringify(hostile) ?? 'null'}`
                : '"__proto__":{"isAdmin":true}';
              const rawBody =
                text.startsWith('{') && text !== '{}' ? `${text.slice(0, -1)},${extra}}` : `{${extra}}`;
              return { rawBody, contentType: 'application/json' };
            }),
        },
        {
          weight: 1,
          arbitrary: fc.constant({
            rawBody: '{"constructor":{"prototype":{"isAdmin":true}}}',
            contentType: 'application/json',
          }),
        },
      )
    : fc.oneof(
        fc.constant({}),
        hostileValue(document, {}).map((value) => ({ body: value })),
      );
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({ path, query, ...body }));
}

/** A body valid in shape where each field may be swapped for a hostile value or left out. */
function objectWithHostileFields(document: Document, raw: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw);
  if (!schema.properties) return validValue(document, schema);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    record[name] = fc.oneof(
      { weight: 2, arbitrary: validValue(document, property) },
      { weight: 2, arbitrary: hostileValue(document, property) },
    );
  }
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      fc.option(fc.record({ unexpected: oddString }), { nil: undefined }),
    )
    .map(([value, extra]) => ({ ...value, ...extra }));
}
