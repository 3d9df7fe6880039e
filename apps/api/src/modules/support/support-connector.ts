import type { Readable } from 'node:stream';
import type {
  SupportCaseFilter,
  SupportCaseSort,
  SupportCaseStatus,
  SupportSide,
  TSupportCase,
  TSupportCaseSummary,
} from '@service-hub/contracts';
import type { StoredUpload } from './upload.ts';

/** Whose cases a call may see: one customer account, or every account (provider staff). */
export type CaseScope = { customerId: number } | { allCustomers: true; customerId?: number };

export type CaseQuery = {
  status: SupportCaseFilter;
  sort: SupportCaseSort;
  order: 'asc' | 'desc';
  subject?: string;
  page: number;
  pageSize: number;
};

/** A case as stored, before the caller-specific fields (allowed statuses, may reply) are added. */
export type CaseRecord = Omit<TSupportCase, 'allowedStatuses' | 'canReply'> & {
  createdByUserId: string | null;
};

export type Author = { userId: string; name: string; email: string; side: SupportSide };

export type NewCase = {
  customerId: number;
  title: string;
  description: string;
  category: string;
  subCategory: string;
  author: Author;
  attachments: readonly StoredUpload[];
};

export type AttachmentRecord = {
  id: string;
  caseId: number;
  filename: string;
  contentType: string;
  sizeBytes: number;
};

/**
 * Where support cases live. The Hub keeps them in its own database (`support.repository.ts`);
 * an external ticketing system plugs in by implementing this interface, and nothing above it
 * (service, routes, web app) changes. Every method takes the caller's scope and answers as if a
 * case outside it did not exist. The workflow decisions (which status change is allowed) are
 * made by the caller-supplied `decide` functions so that they run under the connector's own lock
 * or transaction, wherever the cases live. Uploaded files are already in the Hub's attachment
 * storage when a connector sees them; one backed by another system copies them there.
 */
export type SupportCaseConnector = {
  listCases(
    scope: CaseScope,
    query: CaseQuery,
  ): Promise<{ cases: TSupportCaseSummary[]; totalCount: number }>;
  getCase(scope: CaseScope, caseId: number): Promise<CaseRecord | undefined>;
  createCase(input: NewCase): Promise<{ caseId: number; caseNumber: string }>;
  /**
   * Adds a reply and moves the case to `decide(current status)`; `decide` throws to refuse.
   * Undefined when the case is not in scope.
   */
  addReply(
    scope: CaseScope,
    caseId: number,
    reply: { author: Author; message: string; attachments: readonly StoredUpload[] },
    decide: (status: SupportCaseStatus) => SupportCaseStatus,
  ): Promise<
    { replyId: number; from: SupportCaseStatus; to: SupportCaseStatus; case: CaseRecord } | undefined
  >;
  /** Moves the case to `to` when `check(current status)` allows it (it throws otherwise). */
  changeStatus(
    scope: CaseScope,
    caseId: number,
    to: SupportCaseStatus,
    check: (status: SupportCaseStatus) => void,
  ): Promise<{ from: SupportCaseStatus; case: CaseRecord } | undefined>;
  getAttachment(scope: CaseScope, attachmentId: string): Promise<AttachmentRecord | undefined>;
  /** The attachment's bytes. */
  openAttachment(attachment: AttachmentRecord): Promise<Readable>;
};
