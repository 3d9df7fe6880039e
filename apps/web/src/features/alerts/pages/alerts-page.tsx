import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ALERT_KINDS,
  ZListAlertsRequest,
  type TAlert,
  type TListAlertsRequest,
} from '@service-hub/contracts';
import { isHandleAllowed } from '../../../lib/access/route-access';
import { ALERT_SETTINGS_HANDLE, alertsLinks } from '../../../lib/routing/alerts-links';
import { useAccessSubject, useActiveAccount } from '../../../lib/session/active-account';
import { useAlerts } from '../api/list-alerts';
import { AcknowledgeDialog } from '../components/acknowledge-dialog';
import { AlertCard, useAlertTitle } from '../components/alert-card';

const PAGE_SIZE = 25;
type StatusFilter = 'open' | 'resolved' | 'all';

/** The list's filters live in the address (status, kind, page), so a link reproduces the view. */
function useAlertFilters(): [
  TListAlertsRequest,
  StatusFilter,
  (change: Record<string, string | undefined>) => void,
] {
  const [search, setSearch] = useSearchParams();
  const status: StatusFilter =
    search.get('status') === 'resolved' ? 'resolved' : search.get('status') === 'all' ? 'all' : 'open';
  const parsed = ZListAlertsRequest.safeParse({
    kind: search.get('kind') ?? undefined,
    page: search.get('page') ?? undefined,
    pageSize: PAGE_SIZE,
  });
  const request: TListAlertsRequest = {
    ...(parsed.success ? parsed.data : { page: 1, pageSize: PAGE_SIZE }),
    ...(status === 'all' ? {} : { status }),
  };
  const change = (next: Record<string, string | undefined>) =>
    setSearch(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined) out.delete(key);
          else out.set(key, value);
        }
        return out;
      },
      { replace: true },
    );
  return [request, status, change];
}

/** The account's alerts (issue 22): open and resolved, each with a link to what it is about. */
export function AlertsPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const [request, status, setFilters] = useAlertFilters();
  const alerts = useAlerts(account?.id ?? 0, request);
  const titleOf = useAlertTitle();
  const [acknowledging, setAcknowledging] = useState<TAlert | null>(null);
  const accessSubject = useAccessSubject();
  if (!account) return null;
  const pages = Math.ceil((alerts.data?.totalCount ?? 0) / PAGE_SIZE);
  return (
    <Stack>
      <Title order={1}>{t('titles.alerts')}</Title>
      <Group gap="md">
        <Anchor component={Link} to={alertsLinks.expectedDeliveries()}>
          {t('titles.expectedDeliveries')}
        </Anchor>
        {/* features/alert-settings: the account's rules (its administrators) and each user's choices. */}
        {isHandleAllowed(ALERT_SETTINGS_HANDLE, accessSubject) && (
          <Anchor component={Link} to={alertsLinks.settings()}>
            {t('titles.alertSettings')}
          </Anchor>
        )}
        <Anchor component={Link} to={alertsLinks.notifications()}>
          {t('titles.alertNotifications')}
        </Anchor>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" fw={500} id="alert-status-label" mb={4}>
            {t('alerts.filters.status')}
          </Text>
          <SegmentedControl
            aria-labelledby="alert-status-label"
            value={status}
            onChange={(value) => setFilters({ status: value, page: undefined })}
            data={(['open', 'resolved', 'all'] as const).map((value) => ({
              value,
              label: t(`alerts.filters.${value}`),
            }))}
          />
        </div>
        <Select
          label={t('alerts.filters.kind')}
          value={request.kind?.[0] ?? ''}
          onChange={(value) => setFilters({ kind: value || undefined, page: undefined })}
          data={[
            { value: '', label: t('alerts.filters.allKinds') },
            ...ALERT_KINDS.map((kind) => ({ value: kind, label: t(`alerts.kinds.${kind}`) })),
          ]}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {alerts.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : alerts.isError ? (
        <Alert
          color="red"
          role="alert"
          title={t('common.systemFeedback.generalError')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Button size="xs" variant="default" onClick={() => void alerts.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : alerts.data.result.length === 0 ? (
        <Text>{t(status === 'open' ? 'alerts.noneOpen' : 'alerts.none')}</Text>
      ) : (
        <Stack component="section" aria-label={t('alerts.listLabel')}>
          {alerts.data.result.map((alert) => (
            <AlertCard key={alert.id} alert={alert} accountId={account.id} onAcknowledge={setAcknowledging} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={request.page}
          onChange={(page) => setFilters({ page: String(page) })}
          getControlProps={(control) => ({ 'aria-label': t(`alerts.pagination.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('alerts.pagination.page', { page }) })}
        />
      )}
      <AcknowledgeDialog
        accountId={account.id}
        alert={acknowledging}
        title={acknowledging ? titleOf(acknowledging) : ''}
        onClose={() => setAcknowledging(null)}
      />
    </Stack>
  );
}
