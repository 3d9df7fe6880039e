import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ZAlertResolution,
  ZEdiMessageFailedDetails,
  ZMissingFileDetails,
  ZThresholdDetails,
  type TAlert,
} from '@service-hub/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { alertLink } from '../alert-links';
import { formatInZone } from '../zoned-time';

/** What the alert is about, in one line of the user's language. */
export function useAlertTitle() {
  const { t, i18n } = useTranslation();
  return (alert: TAlert): string => {
    const missing = ZMissingFileDetails.safeParse(alert.details);
    if (alert.kind === 'missingFile' && missing.success)
      return t('alerts.titles.missingFileOf', {
        name: missing.data.ruleName,
        deadline: formatInZone(missing.data.deadlineAt, i18n.language, missing.data.timeZone),
        timeZone: missing.data.timeZone,
      });
    return t(`alerts.kinds.${alert.kind}`);
  };
}

/** The facts of an alert beyond its title: the pattern, the measured value, the message. */
function AlertFacts({ alert }: { alert: TAlert }) {
  const { t, i18n } = useTranslation();
  const missing = ZMissingFileDetails.safeParse(alert.details);
  if (alert.kind === 'missingFile' && missing.success) {
    const { filenamePattern, application, minDocuments } = missing.data;
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('alerts.facts.missingFile', { pattern: filenamePattern })}
        {application && ` ${t('alerts.facts.application', { application })}`}
        {minDocuments !== null &&
          ` ${t('alerts.facts.minDocuments', { formatted: formatNumber(minDocuments, i18n.language) })}`}
      </Text>
    );
  }
  const threshold = ZThresholdDetails.safeParse(alert.details);
  if ((alert.kind === 'documentsRejected' || alert.kind === 'documentsNotDelivered') && threshold.success) {
    const { measured, threshold: limit, measure, channel } = threshold.data;
    if (measured === undefined || limit === undefined) return null;
    const unit = measure === 'count' ? 'count' : 'share';
    return (
      <Text size="sm">
        {t(`alerts.facts.threshold.${unit}`, {
          measured: formatNumber(measured, i18n.language),
          threshold: formatNumber(limit, i18n.language),
        })}{' '}
        {channel
          ? t('alerts.facts.channel', {
              channel: t(`tracking.channels.${channel}`, { defaultValue: channel }),
            })
          : t('alerts.facts.allChannels')}
      </Text>
    );
  }
  const edi = ZEdiMessageFailedDetails.safeParse(alert.details);
  if (alert.kind === 'ediMessageFailed' && edi.success && edi.data.messageId)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('alerts.facts.ediMessage', { messageId: edi.data.messageId })}
      </Text>
    );
  return null;
}

/** Why it was resolved, in words. */
function resolutionText(alert: TAlert, t: (key: string, values?: Record<string, unknown>) => string) {
  const resolution = ZAlertResolution.safeParse(alert.resolution ?? {});
  const reason = resolution.success ? resolution.data.reason : undefined;
  switch (reason) {
    case 'arrivedLate':
      return t('alerts.resolution.arrivedLate', { minutes: resolution.data?.lateMinutes ?? 0 });
    case 'arrivedOnTime':
      return t('alerts.resolution.arrivedOnTime');
    case 'nextDeadline':
      return t('alerts.resolution.nextDeadline');
    case 'ruleDisabled':
      return t('alerts.resolution.ruleDisabled');
    case 'ruleDeleted':
      return t('alerts.resolution.ruleDeleted');
    default:
      return t('alerts.resolution.resolved');
  }
}

type AlertCardProps = {
  alert: TAlert;
  accountId: number;
  onAcknowledge: (alert: TAlert) => void;
};

/** One alert: what, when, its state, who acknowledged it, and the list that shows what it is about. */
export function AlertCard({ alert, accountId, onAcknowledge }: AlertCardProps) {
  const { t, i18n } = useTranslation();
  const title = useAlertTitle()(alert);
  const link = alertLink(alert, accountId);
  const headingId = `alert-${alert.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere', flex: '1 1 16rem' }}>
            {title}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={alert.status === 'open' ? 'red' : 'green'} c="dark.8" tt="none">
              {t(`alerts.statuses.${alert.status}`)}
            </Badge>
            {alert.acknowledgement && (
              <Badge variant="outline" c="dark.8" tt="none">
                {t('alerts.acknowledged')}
              </Badge>
            )}
          </Group>
        </Group>
        <AlertFacts alert={alert} />
        <Text size="sm">
          {t('alerts.raisedAt', { time: formatDateTime(alert.raisedAt, i18n.language) })}
          {alert.resolvedAt &&
            ` · ${t('alerts.resolvedAt', { time: formatDateTime(alert.resolvedAt, i18n.language) })}: ${resolutionText(alert, t)}`}
        </Text>
        {alert.acknowledgement && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('alerts.acknowledgedBy', {
              name: alert.acknowledgement.byName ?? t('alerts.formerUser'),
              time: formatDateTime(alert.acknowledgement.at, i18n.language),
            })}
            {': '}
            {alert.acknowledgement.comment}
          </Text>
        )}
        <Group gap="md">
          {link && (
            <Anchor component={Link} to={link.href} size="sm">
              {t(link.label)}
            </Anchor>
          )}
          {alert.status === 'open' && !alert.acknowledgement && (
            <Button
              size="xs"
              variant="light"
              onClick={() => onAcknowledge(alert)}
              aria-label={t('alerts.acknowledge.buttonFor', { title })}
            >
              {t('alerts.acknowledge.button')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
