import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rolesOf } from '../../../lib/access/route-access';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { supportLinks } from '../../../lib/routing/support-links';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useWaitingSupportCases, WAITING_FOR_CUSTOMER } from '../api/list-waiting-support-cases';
import { WidgetCard, widgetState } from '../components/widget-card';
import cardClasses from '../components/widget-card.module.css';
import { rowsHeight, stacked } from '../components/widget-sizes';
import type { AccountWidgetProps } from './widget-types';

const SHOWN = 5;

/**
 * Cases where support waits for the customer: a question to answer or a solution to confirm.
 * Each status links to the case list filtered to it; the newest cases link to themselves.
 */
export function SupportWaitingWidget({ title, accountId }: AccountWidgetProps) {
  const { t, i18n } = useTranslation();
  const waiting = useWaitingSupportCases(accountId);
  const { data: user } = useCurrentUser();
  // Provider staff's case list shows every customer unless told to keep to the account.
  const narrow = user && rolesOf(user).includes('SF_ADMIN') ? ({ customers: 'active' } as const) : {};
  const lists = waiting.lists ?? [];
  const total = lists.reduce((sum, { list }) => sum + list.totalCount, 0);
  const newest = lists
    .flatMap(({ list }) => list.cases)
    .sort((a, b) => b.updated.localeCompare(a.updated))
    .slice(0, SHOWN);

  return (
    <WidgetCard
      title={title}
      // A line per waiting status above the newest cases.
      reserve={stacked([
        rowsHeight(WAITING_FOR_CUSTOMER.length, ['sm'], 'xs'),
        rowsHeight(SHOWN, ['sm', 'xs']),
      ])}
      state={widgetState(waiting, () => total === 0)}
      empty={t('dashboard.supportEmpty')}
      onRetry={() => void waiting.refetch()}
    >
      {() => (
        <>
          <Stack gap="xs">
            {lists.map(({ status, list }) => (
              <Anchor
                key={status}
                component={Link}
                to={supportLinks.cases(accountId, { status, ...narrow })}
                size="sm"
                className={cardClasses.oneLine}
              >
                {t('dashboard.supportByStatus', {
                  status: t(`support.statuses.${status}`),
                  total: formatNumber(list.totalCount, i18n.language),
                })}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {newest.map((supportCase) => (
              <Group component="li" key={supportCase.caseId} justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={supportLinks.caseInAccount(supportCase.caseId, accountId)}
                    size="sm"
                    className={cardClasses.oneLine}
                    title={supportCase.title}
                  >
                    {supportCase.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" className={cardClasses.oneLine}>
                    {t('dashboard.supportCaseLine', {
                      number: supportCase.caseNumber,
                      updated: formatDateTime(supportCase.updated, i18n.language),
                    })}
                  </Text>
                </Stack>
                <Badge variant="light" color="orange" c="dark.8" tt="none" style={{ flexShrink: 0 }}>
                  {t(`support.statuses.${supportCase.status}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </WidgetCard>
  );
}
