import type { Readable } from 'node:stream';
import type {
  SupportCaseFilter,
  SupportCaseSort,
  SupportCaseStatus,
  SupportItemKind,
  SupportSide,
  TSupportCase,
  TSupportCaseSummary,
} from '@service-hub/contracts';
import type { Queryable } from './support-items.repository.ts';
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

/**
 * An item a case is about, as stored with the case: what it is, its number, and its own id or name
 * at the time (the case keeps naming it after retention removed it).
 */
export type CaseItem = { kind: SupportItemKind; id: number; label: string };

/**
 * A case as stored, before the caller-specific fields (allowed statuses, may reply, which items
 * the caller may open) are added.
 */
export type CaseRecord = Omit<TSupportCase, 'allowedStatuses' | 'canReply' | 'items'> & {
  createdByUserId: string | null;
  items: CaseItem[];
};

/** A case about an item, as the item's page lists it. */
export type CaseAbout = Pick<TSupportCase, 'caseId' | 'caseNumber' | 'title' | 'status' | 'updated'>;

/**
 * Checks the items a new case is about and answers them with their labels; it throws to refuse
 * the case. It reads the Hub's own data (documents, consignments) through `db`: a connector runs
 * it in the transaction that writes the case when it has one with the Hub's database, or else
 * just before it creates the case elsewhere.
 */
export type LinkItems = (db: Queryable) => Promise<CaseItem[]>;

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
  /** The case with its conversation, attachments and the items it is about. */
  getCase(scope: CaseScope, caseId: number): Promise<CaseRecord | undefined>;
  /** Stores a new case about the items `linkItems` answers (it throws to refuse the case). */
  createCase(input: NewCase, linkItems: LinkItems): Promise<{ caseId: number; caseNumber: string }>;
  /**
   * Cases of the scope about one item whose status is one of `statuses`, newest activity first,
   * at most `limit`.
   */
  listCasesAbout(
    scope: CaseScope,
    item: { kind: SupportItemKind; id: number },
    query: { statuses: readonly SupportCaseStatus[]; limit: number },
  ): Promise<CaseAbout[]>;
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
