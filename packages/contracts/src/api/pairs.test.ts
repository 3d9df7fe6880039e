import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.ts';

/**
 * Every operation of the committed OpenAPI document has its contract pair, so that a new route cannot
 * restate a body or return an unnamed shape: `Z<OperationId>Request` when it takes a body or its own
 * query (the account parameter that the access hook adds does not count), `Z<OperationId>Response`
 * when it answers with JSON. Path parameters stay shared building blocks (`ZCustomerIdParam`…).
 */
type Operation = {
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const ACCOUNT_PARAMETER = 'activeAccountId';
const document = JSON.parse(
  readFileSync(new URL('../../../../apps/api/openapi.json', import.meta.url), 'utf8'),
) as Document;
const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
const exported = contracts as Record<string, unknown>;

const pascal = (operationId: string) => operationId[0]!.toUpperCase() + operationId.slice(1);
const takesInput = (op: Operation) =>
  op.requestBody !== undefined ||
  (op.parameters ?? []).some((p) => p.in === 'query' && p.name !== ACCOUNT_PARAMETER);
const jsonAnswer = (op: Operation) =>
  Object.entries(op.responses)
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => response.content?.['application/json']?.schema)
    .find((schema) => schema !== undefined);
const componentId = (schema: unknown) => z.globalRegistry.get(schema as z.ZodType)?.id;

const required = operations.flatMap((op) => [
  ...(takesInput(op) ? [`Z${pascal(op.operationId)}Request`] : []),
  ...(jsonAnswer(op) ? [`Z${pascal(op.operationId)}Response`] : []),
]);

describe('contract pairs', () => {
  it('read the whole document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.every((op) => op.operationId)).toBe(true);
  });

  it.each(required)('%s is exported as a zod schema', (name) => {
    expect(exported[name], name).toBeInstanceOf(z.ZodType);
  });

  it.each(operations.filter((op) => jsonAnswer(op)).map((op) => [op.operationId, op] as const))(
    "%s answers with its contract's named component",
    (operationId, op) => {
      const id = componentId(exported[`Z${pascal(operationId)}Response`]);
      // An unnamed response (an inline object, a union) has nothing to compare by name.
      if (id) expect(jsonAnswer(op)).toEqual({ $ref: `#/components/schemas/${id}` });
    },
  );

  it('name the endpoint-level components after their operation, not after an entity list', () => {
    const listNames = Object.keys(document.components.schemas).filter((name) =>
      /(List|Page|Query)$/.test(name),
    );
    expect(listNames).toEqual([]);
  });
});
