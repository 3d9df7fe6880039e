import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { MARKETS, type TCrmAccount } from '@service-hub/contracts';
import { crmUnavailable, type CrmConnector } from './crm-connector.ts';

export type HttpCrmOptions = {
  /** Base address, e.g. https://crm.example.com/api; accounts are at {url}/accounts/{number}. */
  url: string;
  /** Sent as `Authorization: Bearer …` when set. */
  token?: string;
  /** Per request, including reading the answer. */
  timeoutMs: number;
  /** Further attempts after a timeout, a network error, 429 or 5xx. */
  retries: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** First pause before a retry; doubled each time. */
  backoffMs?: number;
};

const optional = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/**
 * The documented answer of `GET {CRM_URL}/accounts/{accountNumber}` (200, JSON). Unknown fields
 * are ignored; missing or empty ones count as missing data, not as an error.
 */
export const ZCrmHttpAccount = z.object({
  accountNumber: z.string(),
  name: optional,
  market: z
    .string()
    .nullish()
    .transform((value) => {
      const market = value?.trim().toUpperCase();
      return MARKETS.find((m) => m === market) ?? null;
    }),
  organizationalNumber: optional,
  vatNumber: optional,
  crmMappingGuid: optional,
});

class RetryableError extends Error {}

/**
 * The CRM over HTTP: one GET per account, a few at a time, each with a timeout and retries with
 * exponential back-off. 404 means the CRM does not know the account. Any other failure, after the
 * retries, makes the whole lookup fail with CRM_UNAVAILABLE, so a half-answered check never looks
 * like "not in CRM".
 */
export class HttpCrmConnector implements CrmConnector {
  readonly kind = 'http';
  private readonly base: string;

  constructor(private readonly options: HttpCrmOptions) {
    this.base = options.url.replace(/\/+$/, '');
  }

  async findAccounts(customerNumbers: readonly string[]): Promise<Map<string, TCrmAccount>> {
    const found = new Map<string, TCrmAccount>();
    const queue = [...new Set(customerNumbers)];
    const worker = async () => {
      for (let number = queue.shift(); number !== undefined; number = queue.shift()) {
        const account = await this.findOne(number);
        if (account) found.set(number, account);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 4, queue.length) }, worker));
    return found;
  }

  private async findOne(customerNumber: string): Promise<TCrmAccount | undefined> {
    const backoff = this.options.backoffMs ?? 200;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.request(customerNumber);
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= this.options.retries) throw crmUnavailable();
        await sleep(backoff * 2 ** attempt);
      }
    }
  }

  private async request(customerNumber: string): Promise<TCrmAccount | undefined> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`${this.base}/accounts/${encodeURIComponent(customerNumber)}`, {
        headers: {
          accept: 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        throw new RetryableError(`CRM answered ${response.status}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`CRM answered ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      // Timeouts and network errors (fetch's TypeError) may pass; a malformed answer will not.
      if (error instanceof RetryableError || error instanceof TypeError || isTimeout(error))
        throw new RetryableError(String(error));
      throw error;
    }
    const parsed = ZCrmHttpAccount.safeParse(body);
    if (!parsed.success) throw new Error('CRM answered an unexpected body');
    const { accountNumber: _number, ...account } = parsed.data;
    return { customerNumber, ...account };
  }
}

const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
