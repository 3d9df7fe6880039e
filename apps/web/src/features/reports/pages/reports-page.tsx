import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/da';
import 'dayjs/locale/fi';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  REPORT_MAX_RECORDS,
  REPORT_PAGE_SIZES,
  REPORT_RETENTION_DAYS,
  REPORT_SORT_FIELDS,
} from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useReports, type ReportListParams } from '../api/list-reports';
import { ReportSchedules } from '../components/report-schedules';
import { ReportsTable } from '../components/reports-table';
import { RequestReportForm } from '../components/request-report-form';

const DAYJS_LOCALES: Record<string, string> = { 'en-SE': 'en', sv: 'sv', no: 'nb', da: 'da', fi: 'fi' };

/** Page, page size and sort live in the address, so a link reproduces the view. */
function useListParams(): [ReportListParams, (change: Partial<ReportListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const params: ReportListParams = {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 10,
    sortBy: REPORT_SORT_FIELDS.find((f) => f === search.get('sortBy')) ?? 'created',
    sortDirection: search.get('sortDirection') === 'asc' ? 'asc' : 'desc',
  };
  const change = (next: Partial<ReportListParams>) =>
    setSearch(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) out.set(key, String(value));
        return out;
      },
      { replace: true },
    );
  return [params, change];
}

/** Reports (spec 2, 3, 8 and 9): order one, follow its progress, download or delete it, schedule more. */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { account } = useActiveAccount();
  const [params, setParams] = useListParams();
  const reports = useReports(account?.id ?? 0, params);
  if (!account) return null;
  const maxRecords = reports.data?.maxRecords ?? REPORT_MAX_RECORDS;
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[i18n.language] ?? 'en', firstDayOfWeek: 1 }}>
      <Stack>
        <Title order={1}>{t('titles.reports')}</Title>
        <Text>{t('reports.intro')}</Text>
        <Alert color="blue" variant="light">
          {t('reports.retention', { days: reports.data?.retentionDays ?? REPORT_RETENTION_DAYS })}{' '}
          {t('reports.limit', { max: formatNumber(maxRecords, i18n.language) })}
        </Alert>
        <RequestReportForm accountId={account.id} maxRecords={maxRecords} />
        <Stack gap="xs" component="section" aria-labelledby="reports-list">
          <Title order={2} size="h3" id="reports-list">
            {t('reports.list.title')}
          </Title>
          <ReportsTable
            accountId={account.id}
            list={reports.data}
            fetching={reports.isFetching}
            params={params}
            onParamsChange={setParams}
          />
        </Stack>
        <ReportSchedules accountId={account.id} />
      </Stack>
    </DatesProvider>
  );
}
