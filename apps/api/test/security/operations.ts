import type { FastifyInstance } from 'fastify';

/** A JSON Schema as the OpenAPI document carries it (zod's output, refs to components). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/** `x-access` as the OpenAPI plugin writes it (plugins/openapi.ts). */
export type DeclaredAccess =
  | { public: true }
  | { apiKey: true }
  | { signedIn: true; roles?: string[]; account?: { requires?: string }; apiKeyScope?: string };

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  /** "METHOD /path/{param}", the key of the exceptions tables. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operationId: string;
  access: DeclaredAccess;
  parameters: Parameter[];
  /** The JSON body schema; multipart operations also accept JSON, so this is the one to send. */
  body?: JsonSchema;
  bodyRequired: boolean;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/**
 * Every operation of the generated OpenAPI document, the same one clients get, so a route added
 * tomorrow is in every security test at once without anyone listing it.
 */
export function operationsOf(app: FastifyInstance): { operations: Operation[]; document: OpenApiDocument } {
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const operation = raw as {
        operationId: string;
        'x-access'?: DeclaredAccess;
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      };
      if (!operation['x-access'])
        throw new Error(`${method} ${path} has no x-access in the OpenAPI document`);
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: operation.operationId,
        access: operation['x-access'],
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        bodyRequired: operation.requestBody?.required ?? false,
      });
    }
  }
  return { operations, document };
}

/** Follows `#/components/schemas/...` references. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved reference ${current.$ref}`);
    current = target;
  }
  return current;
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
