import type { TReport, TListReportsResponse } from '@service-hub/contracts';
import type { FastifyInstance } from 'fastify';

/** Calls of the report endpoints as a signed-in user acting for one account. */
export function reportsClient(app: FastifyInstance, token: string, accountId: number) {
  const headers = { authorization: `Bearer ${token}` };
  const q = `activeAccountId=${accountId}`;
  return {
    request: (body: object) =>
      app.inject({ method: 'POST', url: `/api/reports?${q}`, headers, payload: body }),
    list: (query = '') => app.inject({ url: `/api/reports?${q}${query}`, headers }),
    download: (id: string) => app.inject({ url: `/api/reports/${id}/download?${q}`, headers }),
    remove: (id: string) => app.inject({ method: 'DELETE', url: `/api/reports/${id}?${q}`, headers }),
    /** Waits until the report leaves the queue and generation, and answers it. */
    async settled(id: string, timeoutMs = 20_000): Promise<TReport> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const list = (await this.list('&pageSize=50')).json<TListReportsResponse>();
        const report = list.reports.find((r) => r.id === id);
        if (!report) throw new Error(`report ${id} is not listed`);
        if (report.status !== 'queued' && report.status !== 'generating') return report;
        if (Date.now() > until) throw new Error(`report ${id} still ${report.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
