import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INVALID_CHARACTERS_MESSAGE } from '@service-hub/contracts';
import { badRequest } from '../lib/errors.ts';
import { findInvalidText } from '../lib/invalid-text.ts';

/**
 * The net under the request schemas: no route, documented, hidden or added later, receives a
 * string with U+0000 or an unpaired surrogate in its query, path, headers or body. PostgreSQL
 * refuses both (a 500 otherwise), and neither is text a person could have typed.
 */
async function inputHygienePlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...findInvalidText('query', request.query),
      ...findInvalidText('params', request.params),
      ...findInvalidText('headers', request.headers),
      ...findInvalidText('body', request.body),
    ];
    if (fields.length === 0) return;
    throw badRequest(
      `Invalid request: ${fields.join(', ')}.`,
      fields.map((field) => ({ field, code: 'invalidCharacters', message: INVALID_CHARACTERS_MESSAGE })),
    );
  });
}

export default fp(inputHygienePlugin, { name: 'input-hygiene' });
