import { checkAnswer, checkRequest } from './api-contract';

/**
 * A stubbed API that answers only what the real one would: every request is held to the operation
 * it calls in apps/api/openapi.json, and every answer to what that operation can send.
 *
 * A violation rejects the call, but the web app may swallow a failed call (a query's error state),
 * so each is also recorded, and `expectNoContractViolations()` fails the test in an afterEach
 * (setup-dom.ts does it for the route tests).
 */

const violations = new Set<string>();
const deliberatelyOffContract = new WeakSet<Response>();

/** `answer` (a fetch standing for the API), with its requests and answers checked against the contract. */
export function contractChecked(answer: typeof fetch): typeof fetch {
  return async (input, init) => {
    const base = globalThis.location?.origin ?? 'http://localhost';
    // A copy to read, so that `answer` still gets the body.
    const request =
      input instanceof Request
        ? new Request(input.clone(), init)
        : new Request(new URL(String(input), base), init);
    const { operation, violations: refused } = await checkRequest(request);
    if (refused.length > 0) return rejected(refused);
    const response = await answer(input, init);
    if (!operation || deliberatelyOffContract.has(response)) return response;
    const strayed = await checkAnswer(operation, response.clone());
    return strayed.length > 0 ? rejected(strayed) : response;
  };
}

/**
 * An answer the real API never sends, on purpose: for a test of how the app copes with an answer it
 * cannot read (e.g. from an API of another version). Its request is still checked.
 */
export function offContractAnswer(body: unknown, init?: ResponseInit): Response {
  const response = Response.json(body, init);
  deliberatelyOffContract.add(response);
  return response;
}

/** Fails (and forgets) the violations recorded since the last call. */
export function expectNoContractViolations() {
  const found = [...violations];
  violations.clear();
  if (found.length > 0)
    throw new Error(
      `The stubbed API was used off the API contract:\n${found.map((v) => `- ${v}`).join('\n')}`,
    );
}

function rejected(found: string[]): never {
  for (const violation of found) violations.add(violation);
  throw new Error(found.join('\n'));
}
