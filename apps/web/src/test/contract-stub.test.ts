import { describe, expect, it } from 'vitest';
import { checkAnswer, checkRequest, findOperation, successStatus } from './api-contract';
import { contractChecked, expectNoContractViolations, offContractAnswer } from './contract-stub';

const API = 'http://localhost';
const violationsOf = async (path: string, init?: RequestInit) =>
  (await checkRequest(new Request(`${API}${path}`, init))).violations;
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const savedView = {
  id: '00000000-0000-4000-8000-000000000001',
  list: 'tracking.files',
  name: 'Mine',
  query: 'status=Rejected',
  shared: false,
  isOwn: true,
  ownerName: 'Test User',
  modified: '2026-11-01T08:00:00Z',
};
const answerOf = async (method: string, path: string, response: Response) =>
  checkAnswer(findOperation(method, path).operation!, response);

describe('checkRequest', () => {
  it('accepts a request the API accepts, with its query coerced as the API does', async () => {
    expect(await violationsOf('/api/tracking/ets/messages?activeAccountId=7&pageSize=25&page=2')).toEqual([]);
    expect(
      await violationsOf(
        '/api/saved-views?activeAccountId=7',
        json('POST', { list: 'tracking.files', name: 'A', query: '' }),
      ),
    ).toEqual([]);
  });

  it('refuses a query value outside its enum', async () => {
    expect(await violationsOf('/api/tracking/ets/messages?activeAccountId=7&sortDirection=sideways')).toEqual(
      ['GET /api/tracking/ets/messages: query.sortDirection must be one of asc, desc (got "sideways")'],
    );
  });

  it('refuses what only the zod contract states, such as the page sizes of a list', async () => {
    expect(await violationsOf('/api/tracking/ets/messages?activeAccountId=7&pageSize=5')).toEqual([
      'GET /api/tracking/ets/messages: query.pageSize: Page size is one of 10, 25, 50, 100 (got "5")',
    ]);
  });

  it('refuses a missing required query field, a value of the wrong type and an undeclared one', async () => {
    expect(await violationsOf('/api/saved-views?list=tracking.files')).toEqual([
      'GET /api/saved-views: query.activeAccountId is required',
    ]);
    expect(await violationsOf('/api/tracking/ets/messages?activeAccountId=7&page=two&colour=red')).toEqual([
      'GET /api/tracking/ets/messages: query.colour is not declared by the operation',
      'GET /api/tracking/ets/messages: query.page must be integer (got "two")',
    ]);
  });

  it('refuses a repeated query key where the API takes one value', async () => {
    expect(await violationsOf('/api/tracking/ets/messages?activeAccountId=7&activeAccountId=8')).toEqual([
      'GET /api/tracking/ets/messages: query.activeAccountId must be string (got ["7","8"])',
    ]);
  });

  it('refuses a path the API does not have, and a method the path does not take', async () => {
    expect(await violationsOf('/api/tracking/ets/nothing')).toEqual([
      'GET /api/tracking/ets/nothing: no such operation in apps/api/openapi.json',
    ]);
    expect(await violationsOf('/api/saved-views?activeAccountId=7', { method: 'PATCH' })).toEqual([
      'PATCH /api/saved-views: the path takes only GET, POST',
    ]);
  });

  it('refuses a path parameter of the wrong type', async () => {
    expect(await violationsOf('/api/tracking/stt/files/abc?activeAccountId=7')).toEqual([
      'GET /api/tracking/stt/files/{fileId}: path.fileId must match pattern "^\\d{1,15}$" (got "abc")',
    ]);
  });

  it('refuses a body field of the wrong type, a missing body and a body of another type', async () => {
    expect(
      await violationsOf(
        '/api/saved-views?activeAccountId=7',
        json('POST', { list: 'tracking.files', name: 5, query: '' }),
      ),
    ).toEqual(['POST /api/saved-views: body.name must be string (got 5)']);
    expect(await violationsOf('/api/saved-views?activeAccountId=7', { method: 'POST' })).toEqual([
      'POST /api/saved-views: body is required',
    ]);
    expect(
      await violationsOf('/api/saved-views?activeAccountId=7', { method: 'POST', body: 'name=A' }),
    ).toEqual([
      'POST /api/saved-views: body of type text/plain is not accepted (the operation takes application/json)',
    ]);
  });

  it('checks the text fields of a multipart form and accepts its files', async () => {
    const form = new FormData();
    form.set('title', 'Late delivery');
    form.set('description', 'Nothing arrived');
    form.set('category', 'delivery');
    form.append('attachments', new File(['x'], 'photo.png'));
    const path = '/api/v2/support/cases?activeAccountId=7';
    expect(await violationsOf(path, { method: 'POST', body: form })).toEqual([
      'POST /api/v2/support/cases: body.subCategory is required',
    ]);
    form.set('subCategory', 'sms');
    expect(await violationsOf(path, { method: 'POST', body: form })).toEqual([]);
    // The route's zod schema refuses what the document cannot state.
    form.set('subCategory', 'print');
    expect(await violationsOf(path, { method: 'POST', body: form })).toEqual([
      'POST /api/v2/support/cases: body.subCategory: Choose a sub-category of the chosen category (got "print")',
    ]);
  });
});

describe('checkAnswer', () => {
  it('accepts an answer the operation sends', async () => {
    expect(await answerOf('POST', '/api/saved-views', Response.json(savedView, { status: 201 }))).toEqual([]);
    expect(successStatus('POST', '/api/saved-views')).toBe(201);
  });

  it('refuses an answer missing a required field, or with a field the API never sends', async () => {
    const { ownerName: _, ...withoutOwner } = savedView;
    expect(
      await answerOf(
        'POST',
        '/api/saved-views',
        Response.json({ ...withoutOwner, colour: 'red' }, { status: 201 }),
      ),
    ).toEqual([
      'POST /api/saved-views: answer 201.ownerName is required',
      'POST /api/saved-views: answer 201.colour is not declared by the operation',
    ]);
  });

  it('refuses a success status the operation never answers, and holds every error to the ApiError shape', async () => {
    expect(await answerOf('POST', '/api/saved-views', Response.json(savedView))).toEqual([
      'POST /api/saved-views: answer 200 is never sent (the operation succeeds with 201)',
    ]);
    expect(
      await answerOf(
        'POST',
        '/api/saved-views',
        Response.json({ status: 503, title: 'Down', detail: 'Later' }, { status: 503 }),
      ),
    ).toEqual(['POST /api/saved-views: answer 503.requestId is required']);
  });

  it('refuses an answer of another content type, and a body where the operation sends none', async () => {
    expect(await answerOf('POST', '/api/auth/refresh', new Response(JSON.stringify({ token: 't' })))).toEqual(
      [
        'POST /api/auth/refresh: answer 200 is text/plain;charset=UTF-8, but the operation sends application/json',
      ],
    );
    // A stub's body for a 204 operation goes out as 200 (renderRoute), since 204 cannot carry one.
    expect(await answerOf('POST', '/api/auth/logout', Response.json({ ok: true }))).toEqual([
      'POST /api/auth/logout: answer 200 is never sent (the operation succeeds with 204)',
    ]);
    expect(await answerOf('POST', '/api/auth/logout', new Response(null, { status: 204 }))).toEqual([]);
  });
});

describe('contractChecked', () => {
  it('rejects a call off the contract and records it for the end of the test', async () => {
    const stubbed = contractChecked(async () => Response.json(savedView, { status: 201 }));
    await expect(stubbed('/api/saved-views?activeAccountId=7', { method: 'POST' })).rejects.toThrow(
      'POST /api/saved-views: body is required',
    );
    expect(() => expectNoContractViolations()).toThrow('- POST /api/saved-views: body is required');
    expect(() => expectNoContractViolations()).not.toThrow();
  });

  it('passes a call on the contract through, and lets a deliberately unreadable answer by', async () => {
    const init = json('POST', { list: 'tracking.files', name: 'A', query: '' });
    const stubbed = contractChecked(async () => Response.json(savedView, { status: 201 }));
    expect(await (await stubbed('/api/saved-views?activeAccountId=7', init)).json()).toEqual(savedView);
    const unreadable = contractChecked(async () => offContractAnswer({ id: 1 }, { status: 201 }));
    expect((await unreadable('/api/saved-views?activeAccountId=7', init)).status).toBe(201);
    expectNoContractViolations();
  });
});
