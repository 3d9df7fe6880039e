import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZAttachmentIdParam,
  ZChangeSupportCaseStatusRequest,
  ZCreateSupportCaseRequest,
  ZListAllSupportCasesRequest,
  ZListSupportCasesRequest,
  ZReplyToSupportCaseRequest,
  ZSupportCaseIdParam,
  ZListSupportCasesResponse,
  ZGetSupportContactRequest,
  ZGetSupportContactResponse,
  ZGetAttachmentRulesResponse,
  ZGetSupportCaseResponse,
  ZCreateSupportCaseResponse,
  ZReplyToSupportCaseResponse,
  ZChangeSupportCaseStatusResponse,
  ZListAllSupportCasesResponse,
  ZGetAnySupportCaseResponse,
  ZAnswerSupportCaseResponse,
  ZMoveSupportCaseRequest,
  ZMoveSupportCaseResponse,
  ZGetSupportItemFactsRequest,
  ZGetSupportItemFactsResponse,
  ZListSupportCasesAboutRequest,
  ZListSupportCasesAboutResponse,
  ZSupportItemsField,
} from '@service-hub/contracts';
import { notFound } from '../../lib/errors.ts';
import { StoredFileMissing } from '../../lib/storage/file-storage.ts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import {
  ALLOWED_EXTENSIONS,
  FALLBACK_ATTACHMENT_TYPE,
  SERVED_ATTACHMENT_MEDIA_TYPES,
  servedAttachmentType,
} from './attachment-types.ts';
import { formValidatorCompiler, parseFormFields } from './form-fields.ts';
import { contentDispositionAttachment } from './content-disposition.ts';
import { getSupportContact } from './support-contact.ts';
import type { CaseScope, SupportCaseConnector } from './support-connector.ts';
import {
  changeCaseStatus,
  createCase,
  getCase,
  getItemFacts,
  listCases,
  listCasesAbout,
  replyToCase,
  type SupportContext,
  type Viewer,
} from './support.service.ts';
import { discard, receiveMessageForm, type AttachmentLimits } from './upload.ts';

const TAGS = ['support'];
const PROVIDER = { roles: ['SF_ADMIN'] } as const;
const ACCOUNT = { account: { requires: 'SUP' } } as const;

const ZCaseParams = z.object({ caseId: ZSupportCaseIdParam });
const ZAttachmentParams = z.object({ attachmentId: ZAttachmentIdParam });
const ZFile = z.string().meta({ format: 'binary' });
// The stored type of the attachment, one of the types the upload accepts (or the fallback): not
// JSON, so no contract response describes it. Each is listed, so the document says what is served.
const file = {
  description:
    'The file, with the type stored at upload (each type the upload accepts is listed); ' +
    `${FALLBACK_ATTACHMENT_TYPE} for a stored type outside that list`,
  content: Object.fromEntries(SERVED_ATTACHMENT_MEDIA_TYPES.map((type) => [type, { schema: ZFile }])),
};
const ZCreateCaseForm = z.object({
  ...ZCreateSupportCaseRequest.shape,
  // The contract reads the text form into the list before checking it; the document says both forms.
  items: ZSupportItemsField.optional(),
  attachments: z.array(ZFile).optional().describe('The files, each one part named `attachments`'),
});
const ZReplyForm = z.object({
  ...ZReplyToSupportCaseRequest.shape,
  attachments: z.array(ZFile).optional().describe('The files, each one part named `attachments`'),
});
const FORM = ['multipart/form-data', 'application/json'];
const ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export type SupportRoutesOptions = {
  connector: SupportCaseConnector;
  limits: AttachmentLimits;
  publicUrl: string;
};

/**
 * Support: contact per market, and cases with replies and attachments. Customers reach their
 * account's cases through the account-scoped routes (the spec's paths); provider staff reach
 * every customer's cases through `/api/support/provider/…` (docs/support.md).
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  await app.register(multipart, { throwFileSizeLimit: false });
  const context: SupportContext = {
    db: app.db,
    connector: options.connector,
    publicUrl: options.publicUrl,
    deliverEmails: (ids) => app.deliverEmails(ids),
    heldAccount: (principal, customerId) => app.authenticator.heldAccount(principal, customerId),
  };
  const storage = app.storage.attachments;
  const accountScope = (request: FastifyRequest): CaseScope => ({ customerId: accountOf(request).id });
  const providerScope = (customerId?: number): CaseScope =>
    customerId === undefined ? { allCustomers: true } : { allCustomers: true, customerId };
  /** The caller, in the active account on the customer routes (see `Viewer`). */
  const accountViewer = (request: FastifyRequest): Viewer => ({
    principal: principalOf(request),
    account: accountOf(request),
  });
  const providerViewer = (request: FastifyRequest): Viewer => ({ principal: principalOf(request) });

  /** Reads a form with files; removes the stored files again when the use case fails. */
  async function withForm<T, R>(
    request: FastifyRequest,
    schema: z.ZodType<T>,
    work: (fields: T, files: Awaited<ReturnType<typeof receiveMessageForm>>['files']) => Promise<R>,
  ): Promise<R> {
    const { fields, files } = await receiveMessageForm(request, storage, options.limits);
    try {
      return await work(parseFormFields(schema, fields), files);
    } catch (error) {
      await discard(storage, files);
      throw error;
    }
  }

  async function sendAttachment(scope: CaseScope, attachmentId: string, reply: FastifyReply) {
    const attachment = await options.connector.getAttachment(scope, attachmentId);
    if (!attachment) throw notFound('The attachment was not found.');
    let body: Readable;
    try {
      body = await options.connector.openAttachment(attachment);
    } catch (error) {
      if (!(error instanceof StoredFileMissing)) throw error;
      // The row outlived its file (a restore, a lost volume): say so in the log, not to the caller.
      app.log.warn({ attachmentId }, 'attachment file missing from storage');
      throw notFound('The attachment was not found.');
    }
    // Never rendered in the page: a download, of the type checked at upload, not to be sniffed,
    // and sandboxed should a browser open it anyway.
    return reply
      .header('content-type', servedAttachmentType(attachment.contentType))
      .header('content-disposition', contentDispositionAttachment(attachment.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(body);
  }

  app.get(
    '/api/support/contact',
    {
      config: { access: {} },
      schema: {
        operationId: 'getSupportContact',
        tags: TAGS,
        summary: 'Support e-mail, phone and phone hours per market, with whether the line is open',
        querystring: ZGetSupportContactRequest,
        response: { 200: ZGetSupportContactResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) =>
      getSupportContact(
        app.db,
        request.query.at ? new Date(request.query.at) : new Date(),
        request.query.language,
      ),
  );

  app.get(
    '/api/support/attachment-rules',
    {
      config: { access: {} },
      schema: {
        operationId: 'getAttachmentRules',
        tags: TAGS,
        summary: 'How many files of which size and type a message may carry',
        response: { 200: ZGetAttachmentRulesResponse, 401: ZApiError },
      },
    },
    async () => ({
      maxFiles: options.limits.maxFiles,
      maxFileSizeMb: options.limits.maxFileSizeMb,
      allowedExtensions: ALLOWED_EXTENSIONS,
    }),
  );

  // The customer's side: the active account's cases (spec 7).
  app.get(
    '/api/support/cases',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'listSupportCases',
        tags: TAGS,
        summary: "The active account's support cases, newest activity first",
        querystring: ZListSupportCasesRequest,
        response: { 200: ZListSupportCasesResponse, ...ERRORS },
      },
    },
    async (request) => listCases(context, accountScope(request), request.query),
  );

  app.get(
    '/api/support/cases/:caseId',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'getSupportCase',
        tags: TAGS,
        summary: 'One support case of the active account with its conversation',
        params: ZCaseParams,
        response: { 200: ZGetSupportCaseResponse, ...ERRORS },
      },
    },
    async (request) => getCase(context, accountViewer(request), accountScope(request), request.params.caseId),
  );

  // What a case is about (issue 25): the facts the new-case form shows, and an item's open cases.
  app.get(
    '/api/support/items',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'getSupportItemFacts',
        tags: TAGS,
        summary: 'Key facts of tracking and EDI items, for a new case about them',
        description:
          'Each item is described only when the caller may see it in the active account, as its list or ' +
          'page shows it (tracking kinds need track and trace, EDI kinds EDI tracking); every other one ' +
          'is left out, whether or not it exists.',
        querystring: ZGetSupportItemFactsRequest,
        response: { 200: ZGetSupportItemFactsResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => getItemFacts(context, accountOf(request), request.query.items),
  );

  app.get(
    '/api/support/cases/about',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'listSupportCasesAbout',
        tags: TAGS,
        summary: "The active account's open cases about one item, newest activity first",
        description:
          'Open: every status but resolved. Only cases of the active account; the item itself is not ' +
          'looked up, so an item of another account simply has none.',
        querystring: ZListSupportCasesAboutRequest,
        response: { 200: ZListSupportCasesAboutResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listCasesAbout(context, accountScope(request), request.query),
  );

  app.post(
    '/api/v2/support/cases',
    {
      config: { access: ACCOUNT },
      validatorCompiler: formValidatorCompiler,
      schema: {
        operationId: 'createSupportCase',
        tags: TAGS,
        summary: 'Opens a support case for the active account, with attachments',
        consumes: FORM,
        body: ZCreateCaseForm,
        response: { 201: ZCreateSupportCaseResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const created = await withForm(request, ZCreateSupportCaseRequest, (fields, files) =>
        createCase(context, principalOf(request), accountOf(request), fields, files),
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/v2/support/cases/:caseId/reply',
    {
      config: { access: ACCOUNT },
      validatorCompiler: formValidatorCompiler,
      schema: {
        operationId: 'replyToSupportCase',
        tags: TAGS,
        summary: 'Adds a reply with attachments to a case of the active account',
        description:
          "A customer's reply moves a case waiting for details or ready for closure back to ongoing.",
        consumes: FORM,
        params: ZCaseParams,
        body: ZReplyForm,
        response: { 201: ZReplyToSupportCaseResponse, 409: ZApiError, ...ERRORS },
      },
    },
    async (request, reply) => {
      const updated = await withForm(request, ZReplyToSupportCaseRequest, (fields, files) =>
        replyToCase(
          context,
          accountViewer(request),
          accountScope(request),
          request.params.caseId,
          fields.message,
          files,
        ),
      );
      return reply.code(201).send(updated);
    },
  );

  app.post(
    '/api/v2/support/cases/:caseId/status',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'changeSupportCaseStatus',
        tags: TAGS,
        summary: 'Moves a case of the active account to another status, as the workflow allows',
        description: 'Customers confirm a case ready for closure (resolved) or send it back (ongoing).',
        params: ZCaseParams,
        body: ZChangeSupportCaseStatusRequest,
        response: { 200: ZChangeSupportCaseStatusResponse, 409: ZApiError, ...ERRORS },
      },
    },
    async (request) =>
      changeCaseStatus(
        context,
        accountViewer(request),
        accountScope(request),
        request.params.caseId,
        request.body.status,
      ),
  );

  app.get(
    '/api/support/cases/attachments/:attachmentId',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'downloadSupportAttachment',
        tags: TAGS,
        summary: 'Downloads an attachment of a case of the active account',
        params: ZAttachmentParams,
        response: { 200: file, ...ERRORS },
      },
    },
    async (request, reply) => sendAttachment(accountScope(request), request.params.attachmentId, reply),
  );

  // Provider staff: every customer's cases, optionally narrowed to one account.
  app.get(
    '/api/support/provider/cases',
    {
      config: { access: PROVIDER },
      schema: {
        operationId: 'listAllSupportCases',
        tags: TAGS,
        summary: "Every customer's support cases (provider staff), newest activity first",
        querystring: ZListAllSupportCasesRequest,
        response: { 200: ZListAllSupportCasesResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listCases(context, providerScope(request.query.customerId), request.query),
  );

  app.get(
    '/api/support/provider/cases/:caseId',
    {
      config: { access: PROVIDER },
      schema: {
        operationId: 'getAnySupportCase',
        tags: TAGS,
        summary: "Any customer's support case (provider staff)",
        params: ZCaseParams,
        response: { 200: ZGetAnySupportCaseResponse, ...ERRORS },
      },
    },
    async (request) => getCase(context, providerViewer(request), providerScope(), request.params.caseId),
  );

  app.post(
    '/api/support/provider/cases/:caseId/reply',
    {
      config: { access: PROVIDER },
      validatorCompiler: formValidatorCompiler,
      schema: {
        operationId: 'answerSupportCase',
        tags: TAGS,
        summary: "Answers any customer's case as support (provider staff), with attachments",
        description: 'The first answer takes a case that needs attention on (ongoing).',
        consumes: FORM,
        params: ZCaseParams,
        body: ZReplyForm,
        response: { 201: ZAnswerSupportCaseResponse, 409: ZApiError, ...ERRORS },
      },
    },
    async (request, reply) => {
      const updated = await withForm(request, ZReplyToSupportCaseRequest, (fields, files) =>
        replyToCase(
          context,
          providerViewer(request),
          providerScope(),
          request.params.caseId,
          fields.message,
          files,
        ),
      );
      return reply.code(201).send(updated);
    },
  );

  app.post(
    '/api/support/provider/cases/:caseId/status',
    {
      config: { access: PROVIDER },
      schema: {
        operationId: 'moveSupportCase',
        tags: TAGS,
        summary: "Moves any customer's case to another status (provider staff)",
        params: ZCaseParams,
        body: ZMoveSupportCaseRequest,
        response: { 200: ZMoveSupportCaseResponse, 409: ZApiError, ...ERRORS },
      },
    },
    async (request) =>
      changeCaseStatus(
        context,
        providerViewer(request),
        providerScope(),
        request.params.caseId,
        request.body.status,
      ),
  );

  app.get(
    '/api/support/provider/attachments/:attachmentId',
    {
      config: { access: PROVIDER },
      schema: {
        operationId: 'downloadAnySupportAttachment',
        tags: TAGS,
        summary: "Downloads an attachment of any customer's case (provider staff)",
        params: ZAttachmentParams,
        response: { 200: file, ...ERRORS },
      },
    },
    async (request, reply) => sendAttachment(providerScope(), request.params.attachmentId, reply),
  );
};
