import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TExpectedDelivery } from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';
import { alertsLinks } from '../../../lib/routing/alerts-links';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useDeleteExpectedDelivery } from '../api/delete-expected-delivery';
import { useExpectedDeliveries } from '../api/list-expected-deliveries';
import { DeadlineChips } from '../components/deadline-chips';
import { ExpectedDeliveryForm } from '../components/expected-delivery-form';
import { formatInZone } from '../zoned-time';

/** Expected deliveries of the active account (its administrators): the files it waits for, and how each deadline went. */
export function ExpectedDeliveriesPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const rules = useExpectedDeliveries(account?.id ?? 0);
  const [editing, setEditing] = useState<{ rule: TExpectedDelivery | null } | null>(null);
  const [deleting, setDeleting] = useState<TExpectedDelivery | null>(null);
  const remove = useDeleteExpectedDelivery(account?.id ?? 0);
  if (!account) return null;
  return (
    <Stack>
      <Title order={1}>{t('titles.expectedDeliveries')}</Title>
      <Anchor component={Link} to={alertsLinks.alerts()}>
        {t('alerts.expected.backToAlerts')}
      </Anchor>
      <Text maw={720}>{t('alerts.expected.intro')}</Text>
      <Group>
        <Button onClick={() => setEditing({ rule: null })} disabled={!rules.isSuccess}>
          {t('alerts.expected.new')}
        </Button>
      </Group>
      {rules.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : rules.isError ? (
        <Alert
          color="red"
          role="alert"
          title={t('common.systemFeedback.generalError')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Button size="xs" variant="default" onClick={() => void rules.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : rules.data.rules.length === 0 ? (
        <Text>{t('alerts.expected.none')}</Text>
      ) : (
        <Stack>
          {rules.data.rules.map((rule) => (
            <RuleCard
              key={rule.id}
              rule={rule}
              onEdit={() => setEditing({ rule })}
              onDelete={() => setDeleting(rule)}
            />
          ))}
        </Stack>
      )}
      {rules.isSuccess && (
        <ExpectedDeliveryForm
          accountId={account.id}
          opened={editing !== null}
          rule={editing?.rule ?? null}
          applications={rules.data.applications}
          defaultTimeZone={rules.data.defaultTimeZone}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal
        closeButtonProps={{ 'aria-label': t('alerts.close') }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('alerts.expected.deleteTitle')}
        centered
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('alerts.expected.deleteConfirm', { name: deleting?.name ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => setDeleting(null),
                })
              }
            >
              {t('alerts.expected.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** One rule in words, its next deadline in its own zone, and its last ten deadlines. */
function RuleCard({
  rule,
  onEdit,
  onDelete,
}: {
  rule: TExpectedDelivery;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `rule-${rule.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere', flex: '1 1 14rem' }}>
            {rule.name}
          </Title>
          {!rule.enabled && (
            <Badge variant="outline" c="dark.8" tt="none">
              {t('alerts.expected.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t(`alerts.expected.sentence.${rule.days}`, {
            pattern: rule.filenamePattern,
            deadline: rule.deadline,
            timeZone: rule.timeZone,
          })}
          {rule.application && ` ${t('alerts.facts.application', { application: rule.application })}`}
          {rule.minDocuments !== null &&
            ` ${t('alerts.facts.minDocuments', { formatted: formatNumber(rule.minDocuments, i18n.language) })}`}
        </Text>
        {rule.enabled && (
          <Text size="sm">
            {t('alerts.expected.next', {
              time: formatInZone(rule.nextDeadlineAt, i18n.language, rule.timeZone),
              timeZone: rule.timeZone,
            })}
          </Text>
        )}
        {rule.lastDeadlines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.expected.noDeadlinesYet')}
          </Text>
        ) : (
          <DeadlineChips deadlines={rule.lastDeadlines} timeZone={rule.timeZone} />
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={onEdit}
            aria-label={t('alerts.expected.editNamed', { name: rule.name })}
          >
            {t('alerts.expected.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('alerts.expected.deleteNamed', { name: rule.name })}
          >
            {t('alerts.expected.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
