import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as contracts from '@service-hub/contracts';
// The committed document (a test in apps/api keeps it equal to what the routes generate).
import openapiText from '../../../api/openapi.json?raw';

/**
 * The API's contract as apps/api/openapi.json states it, for tests that stand in for the API:
 * which operation a request calls, whether the real API would accept the request, and whether an
 * answer has a shape the real API can send. Messages name the operation, the part and the field.
 */

type Schema = Record<string, unknown>;
type Content = Record<string, { schema?: Schema }>;
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type OperationObject = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Content };
  responses: Record<string, { content?: Content }>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema> };
};

export type Operation = OperationObject & {
  /** "GET /api/tracking/ets/messages", as messages name it. */
  name: string;
  method: string;
  pattern: RegExp;
  pathNames: string[];
};

const COMPONENTS = 'components';
const API_ERROR = { $ref: `${COMPONENTS}#/$defs/ApiError` };
// Ajv resolves `#/components/schemas/X` inside the schema holding it; the components are registered
// once under their own id instead, so each is compiled once however many operations use it.
const document = JSON.parse(openapiText, (key, value: unknown) =>
  key === '$ref' && typeof value === 'string'
    ? value.replace('#/components/schemas/', `${COMPONENTS}#/$defs/`)
    : value,
) as OpenApiDocument;

function newAjv(coerceTypes: boolean) {
  // verbose: errors carry the refused value, which the messages show. Each schema validates a few
  // values per test, so compiling fast matters more than validating fast (optimize: false).
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    allowUnionTypes: true,
    coerceTypes,
    code: { optimize: false },
  });
  addFormats(ajv);
  ajv.addFormat('binary', true); // a file part of a multipart body
  ajv.addSchema({ $id: COMPONENTS, $defs: document.components.schemas });
  return ajv;
}
// Path and query arrive as strings that the API coerces to the declared types; JSON is taken as sent.
// Each instance keeps what it compiled (by schema object and by id) for the worker: the route
// project shares modules between files, so a schema is compiled once per worker, on first use.
const coercing = newAjv(true);
const exact = newAjv(false);

/** A bare reference (most bodies and answers) is compiled once under its component's id. */
function validatorOf(ajv: Ajv2020, schema: Schema): ValidateFunction {
  const ref = Object.keys(schema).length === 1 ? schema.$ref : undefined;
  return typeof ref === 'string' ? ajv.getSchema(ref)! : ajv.compile(schema);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const operations: Operation[] = Object.entries(document.paths)
  .flatMap(([template, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      ...operation,
      name: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      pattern: new RegExp(
        `^${template
          .split(/\{\w+\}/)
          .map(escapeRegExp)
          .join('([^/]+)')}$`,
      ),
      pathNames: [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
    })),
  )
  // As in Fastify's router, a literal segment wins over a parameter (`/reports/schedules` before
  // `/reports/{id}`): templates matching one path have as many segments, so comparing them works.
  .sort((a, b) => segmentKinds(a.name).localeCompare(segmentKinds(b.name)));
function segmentKinds(name: string) {
  return name
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');
}

/** The operation `method pathname` calls, with its path parameters, or why there is none. */
export function findOperation(method: string, pathname: string) {
  const candidates = operations.filter((operation) => operation.pattern.test(pathname));
  const operation = candidates.find((candidate) => candidate.method === method);
  if (operation) {
    const values = operation.pattern.exec(pathname)!.slice(1);
    return {
      operation,
      path: Object.fromEntries(operation.pathNames.map((name, i) => [name, values[i]!])),
    };
  }
  const methods = [...new Set(candidates.map((candidate) => candidate.method))].join(', ');
  return {
    problem: `${method} ${pathname}: ${methods ? `the path takes only ${methods}` : 'no such operation in apps/api/openapi.json'}`,
  };
}

/** The status the operation answers with when it succeeds (201 for a creation, 204 without content). */
export function successStatus(method: string, pathname: string): number {
  const { operation } = findOperation(method, pathname);
  const status = Object.keys(operation?.responses ?? {}).find((code) => code.startsWith('2'));
  return status ? Number(status) : 200;
}

/**
 * Routes the document leaves out on purpose, whose stubs nothing can hold to a contract: the
 * development outbox is a tool, not part of the API (`hide: true` in outbox.routes.ts).
 */
const UNDOCUMENTED = new Set(['GET /api/dev/outbox']);

/** The operation a request calls, and every way the real API would refuse the request. */
export async function checkRequest(request: Request) {
  const url = new URL(request.url);
  if (UNDOCUMENTED.has(`${request.method} ${url.pathname}`)) return { operation: undefined, violations: [] };
  const found = findOperation(request.method, url.pathname);
  if (!found.operation) return { operation: undefined, violations: [found.problem] };
  const { operation } = found;
  const path = decodeEach(found.path);
  if (!path) return { operation, violations: [`${operation.name}: path is not percent-encoded properly`] };
  const query = queryOf(url);
  const violations = [
    ...checkParameters(operation, 'path', path),
    ...checkParameters(operation, 'query', query),
  ];
  const body = await bodyOf(operation, request);
  if (typeof body === 'string') violations.push(`${operation.name}: ${body}`);
  else if (body) violations.push(...describe(operation, 'body', validatorOf(exact, body.schema), body.value));
  // The contract's zod schema holds rules the document cannot state (refinements, such as the page
  // sizes a list takes): it is the schema the route validates its body, or else its own query, with
  // (the account parameter is the access hook's; an operation with neither names its path by it).
  if (violations.length === 0) {
    if (typeof body === 'object') violations.push(...checkRefinements(operation, 'body', body.fields));
    else if (!operation.requestBody && hasOwnQuery(operation))
      violations.push(...checkRefinements(operation, 'query', query));
  }
  return { operation, violations };
}

/** How the answer strays from what the operation can send: an undeclared success status or shape. */
export async function checkAnswer(operation: Operation, response: Response): Promise<string[]> {
  const status = String(response.status);
  const declared = operation.responses[status];
  const isError = response.status >= 400;
  const at = `${operation.name}: answer ${status}`;
  // Every error of the API has the ApiError shape, also those an operation does not list (500, 503).
  if (!declared && !isError) {
    const successes = Object.keys(operation.responses).filter((code) => code.startsWith('2'));
    return [`${at} is never sent (the operation succeeds with ${successes.join(', ')})`];
  }
  const contentType = response.headers.get('content-type') ?? '';
  const sent = declared ? Object.keys(declared.content ?? {}) : ['application/json'];
  if (sent.length > 0 && !sent.some((type) => contentType.startsWith(type)))
    return [`${at} is ${contentType || 'without content'}, but the operation sends ${sent.join(', ')}`];
  if (sent.length === 0 && response.body !== null) return [`${at} has content, but the operation sends none`];
  // Files and streams are not read (a stream may never end): only JSON has a schema to hold it to.
  if (!contentType.startsWith('application/json')) return [];
  const schema = declared?.content?.['application/json']?.schema ?? API_ERROR;
  let value: unknown;
  try {
    value = JSON.parse(await response.text());
  } catch {
    return [`${at} is not valid JSON`];
  }
  return describe(operation, `answer ${status}`, validatorOf(exact, schema), value);
}

function decodeEach(values: Record<string, string>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
  } catch {
    return undefined;
  }
}

/** The query as Fastify parses it: a repeated key becomes an array of its values. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const earlier = query[key];
    query[key] = earlier === undefined ? value : [...[earlier].flat(), value];
  }
  return query;
}

const parameterSchemas = new Map<string, Schema>();
function checkParameters(operation: Operation, part: 'path' | 'query', values: Record<string, unknown>) {
  const key = `${operation.name} ${part}`;
  let schema = parameterSchemas.get(key);
  if (!schema) {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === part);
    // A parameter the operation does not declare is not part of the contract (the API drops it).
    schema = {
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      additionalProperties: false,
    };
    parameterSchemas.set(key, schema);
  }
  // Coercion writes the converted values into what it checks: the query stays as sent for the zod check.
  return describe(operation, part, validatorOf(coercing, schema), structuredClone(values));
}

/**
 * The body as the API reads it, or why it cannot: JSON, or the fields of a multipart form (a file
 * part stands as its file name, which its `format: binary` schema accepts). `fields` are what the
 * route's zod schema reads: the JSON, or the form's text fields.
 */
async function bodyOf(
  operation: Operation,
  request: Request,
): Promise<{ schema: Schema; value: unknown; fields: unknown } | string | undefined> {
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const content = operation.requestBody?.content ?? {};
  const isForm = contentType === 'multipart/form-data';
  const text = isForm ? undefined : await request.clone().text();
  if (text === '') return operation.requestBody?.required ? 'body is required' : undefined;
  const schema = content[contentType]?.schema;
  if (!schema)
    return `body of type ${contentType || 'unknown'} is not accepted (the operation takes ${Object.keys(content).join(', ') || 'no body'})`;
  if (text === undefined) {
    const fields: Record<string, string> = {};
    const files: Record<string, string[]> = {};
    for (const [name, value] of await request.clone().formData()) {
      if (typeof value === 'string') fields[name] = value;
      else files[name] = [...(files[name] ?? []), value.name];
    }
    return { schema, value: { ...fields, ...files }, fields };
  }
  try {
    const value: unknown = JSON.parse(text);
    return { schema, value, fields: value };
  } catch {
    return 'body is not valid JSON';
  }
}

const hasOwnQuery = (operation: Operation) =>
  (operation.parameters ?? []).some(
    (parameter) => parameter.in === 'query' && parameter.name !== 'activeAccountId',
  );

type ZodIssue = { path: PropertyKey[]; message: string };
type RequestSchema = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ZodIssue[] } };
};
function checkRefinements(operation: Operation, part: string, input: unknown): string[] {
  const name = `Z${operation.operationId[0]!.toUpperCase()}${operation.operationId.slice(1)}Request`;
  const schema = (contracts as Record<string, unknown>)[name] as RequestSchema | undefined;
  if (typeof schema?.safeParse !== 'function') return [];
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map(
    (issue) =>
      `${operation.name}: ${part}${pathText(issue.path)}: ${issue.message.replace(/\.$/, '')} (got ${shown(valueAt(input, issue.path))})`,
  );
}

/** One sentence per refused field, e.g. `query.pageSize must be one of 10, 25, 50, 100 (got 5)`. */
function describe(operation: Operation, part: string, validate: ValidateFunction, value: unknown) {
  if (validate(value)) return [];
  const byField = new Map<string, ErrorObject[]>();
  for (const error of validate.errors ?? []) {
    // A union (nullable, one of several shapes) fails in each branch: the branches say why.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const field = `${part}${pointerText(error.instancePath)}${childOf(error)}`;
    byField.set(field, [...(byField.get(field) ?? []), error]);
  }
  return [...byField].map(([field, errors]) => `${operation.name}: ${field} ${sentence(errors)}`);
}

function childOf(error: ErrorObject): string {
  const { missingProperty, additionalProperty } = error.params as Record<string, unknown>;
  const child = missingProperty ?? additionalProperty;
  return typeof child === 'string' ? `.${child}` : '';
}

function sentence(errors: ErrorObject[]): string {
  const types = errors.filter((error) => error.keyword === 'type');
  const first = types.length > 0 ? types[0]! : errors[0]!;
  const got = ` (got ${shown(first.data)})`;
  switch (first.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not declared by the operation';
    case 'type':
      return `must be ${types.map((error) => (error.params as { type: string }).type).join(' or ')}${got}`;
    case 'enum':
      return `must be one of ${(first.params as { allowedValues: unknown[] }).allowedValues.join(', ')}${got}`;
    default:
      return `${first.message}${got}`;
  }
}

const pointerText = (pointer: string) =>
  pathText(
    pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')),
  );
const pathText = (path: readonly PropertyKey[]) =>
  path.map((key) => (/^\d+$/.test(String(key)) ? `[${String(key)}]` : `.${String(key)}`)).join('');
const valueAt = (value: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], value);
function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
