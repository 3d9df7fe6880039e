import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EDI_DEFAULT_DAYS } from '@service-hub/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { ediTrackingLinks, errorsFirstFilters } from '../../../lib/routing/edi-tracking-links';
import { EDI_PROBLEMS_SHOWN, useEdiProblems } from '../api/list-edi-problems';
import { WidgetCard, widgetState } from '../components/widget-card';
import cardClasses from '../components/widget-card.module.css';
import { rowsHeight } from '../components/widget-sizes';
import type { AccountWidgetProps } from './widget-types';

/**
 * EDI messages of the last days that failed (ERROR) or lack information (NOT_EXISTS): how many,
 * the newest few with their reason, and the messages list filtered to exactly those.
 */
export function EdiProblemsWidget({ title, accountId }: AccountWidgetProps) {
  const { t, i18n } = useTranslation();
  const problems = useEdiProblems(accountId);
  const data = problems.data;
  const total = data
    ? `${formatNumber(data.totalCount, i18n.language)}${data.totalCountExact ? '' : '+'}`
    : '';
  return (
    <WidgetCard
      title={title}
      link={{
        to: ediTrackingLinks.messages(accountId, errorsFirstFilters()),
        label: t('dashboard.ediShowAll', { total }),
      }}
      reserve={rowsHeight(EDI_PROBLEMS_SHOWN, ['sm', 'xs', 'xs'])}
      state={widgetState(problems, () => !data || data.result.length === 0)}
      empty={t('dashboard.ediEmpty', { days: EDI_DEFAULT_DAYS })}
      onRetry={() => void problems.refetch()}
    >
      {() => (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data!.result.slice(0, EDI_PROBLEMS_SHOWN).map((message) => (
            <Group
              component="li"
              key={`${message.consignmentId}/${message.messageId}`}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              align="flex-start"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={ediTrackingLinks.message(message.messageId, message.consignmentId, accountId)}
                  size="sm"
                  className={cardClasses.oneLine}
                >
                  {t('dashboard.ediMessageLine', {
                    category: t(`ediTracking.categories.${message.category}`),
                    id: message.messageId,
                  })}
                </Anchor>
                {message.errorMessage && (
                  <Text size="xs" className={cardClasses.oneLine} title={message.errorMessage}>
                    {message.errorMessage}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.createdAt, i18n.language)}
                </Text>
              </Stack>
              <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t(`ediTracking.statuses.${message.status}`)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
