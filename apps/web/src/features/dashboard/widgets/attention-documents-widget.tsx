import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ATTENTION_STATUSES, OVERVIEW_ATTENTION_ROWS } from '@service-hub/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { trackingLinks } from '../../../lib/routing/tracking-links';
import { useTrackingSummary } from '../api/get-tracking-summary';
import { WidgetCard, widgetState } from '../components/widget-card';
import cardClasses from '../components/widget-card.module.css';
import { rowsHeight } from '../components/widget-sizes';
import type { AccountWidgetProps } from './widget-types';

/**
 * Documents of the last 30 days that were rejected or not (fully) delivered: how many, the newest
 * few, and the documents list filtered to exactly those statuses and days.
 */
export function AttentionDocumentsWidget({ title, accountId }: AccountWidgetProps) {
  const { t, i18n } = useTranslation();
  const summary = useTrackingSummary(accountId);
  const data = summary.data;
  const count = data ? ATTENTION_STATUSES.reduce((sum, s) => sum + data.documents.byStatus[s], 0) : 0;
  const listLink = data
    ? trackingLinks.documents(accountId, {
        status: ATTENTION_STATUSES.join(','),
        dateOperator: 'between',
        fromDate: data.fromDate,
        toDate: data.toDate,
      })
    : trackingLinks.documents(accountId, { status: ATTENTION_STATUSES.join(',') });

  return (
    <WidgetCard
      title={title}
      link={{
        to: listLink,
        label: t('dashboard.attentionShowAll', { total: formatNumber(count, i18n.language) }),
      }}
      reserve={rowsHeight(OVERVIEW_ATTENTION_ROWS, ['sm', 'xs'])}
      state={widgetState(summary, () => count === 0)}
      empty={t('dashboard.attentionEmpty')}
      onRetry={() => void summary.refetch()}
    >
      {() => (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data!.attention.documents.map((document) => (
            <Group component="li" key={document.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={trackingLinks.document(document.id, 'delivery', accountId)}
                  size="sm"
                  className={cardClasses.oneLine}
                  title={document.externalDocumentId}
                >
                  {document.externalDocumentId}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDateTime(document.createdAt, i18n.language)}
                </Text>
              </Stack>
              <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t(`tracking.statuses.${document.status}`)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
