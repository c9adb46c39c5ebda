import type { ApiClient } from '../api-client';
import { downloadFile } from '../download-file';
import { pageQuery } from '../paging';
import type { AuditEntry } from '../../domain/admin/audit-targets';
import { auditQuery } from '../../domain/admin/audit-filters';
import type { DownloadedFile } from '../../domain/experiments/evaluation-backend-types';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';

// audit/ on the evaluation backend (server/routes/backend/audit.ts), for admins: a page of the audit trail with
// the address's filter (its days as times, see audit-filters) and its total, and the same rows as CSV. A
// malformed day in the address fails before any call, naming the parameter.

export type Audit = ReturnType<typeof createAudit>;

export function createAudit(api: ApiClient) {
  return {
    /** GET audit/?actor&action&target_type&target_id&from&to&page&page_size → the page and its count (capped past 10,000). */
    auditRows: async (page: PageRequest, filter: Readonly<Record<string, string>> = {}): Promise<Page<AuditEntry>> => {
      const query = auditQuery(filter);
      const response = await api.raw<{ count: number; results: AuditEntry[] }>('audit/', { query: { ...query, ...pageQuery(page) } });
      const body = response._data ?? { count: 0, results: [] };
      const capped = response.headers.get('X-Total-Count-Capped') === 'true';
      return { items: body.results, total: body.count, ...(capped ? { capped } : {}) };
    },

    /** GET audit.csv with the same filter (no page) → every matching row, `audit-trail.csv`. */
    exportAuditTrail: async (filter: Readonly<Record<string, string>> = {}): Promise<DownloadedFile> => {
      const query = new URLSearchParams(auditQuery(filter)).toString();
      return downloadFile(api, query ? `audit.csv?${query}` : 'audit.csv', 'audit-trail.csv');
    },
  };
}
