import { Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { ChannelLabel } from '../components/channel-icon';
import { DeliveryStatusBadge } from '../components/status-badge';
import { useDocumentOfLayout } from './document-layout';

/**
 * Delivery per channel (channel, delivery document id, pages, status, rejection) and the
 * document's one timeline across its file's steps and every channel it went through.
 */
export function DocumentDeliveryTab() {
  const { t, i18n } = useTranslation();
  const document = useDocumentOfLayout();
  const language = i18n.language;
  return (
    <Stack gap="lg">
      {document.deliveries.length === 0 ? (
        <Text>{t('tracking.deliveryMissing')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={KEYBOARD_SCROLLABLE}>
          <Table striped>
            <Table.Caption>{t('tracking.document.deliveriesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('tracking.fields.channel')}</Table.Th>
                <Table.Th scope="col">{t('tracking.fields.deliveryDocumentId')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('tracking.fields.pages')}
                </Table.Th>
                <Table.Th scope="col">{t('tracking.fields.status')}</Table.Th>
                <Table.Th scope="col">{t('tracking.fields.time')}</Table.Th>
                <Table.Th scope="col">{t('tracking.fields.rejection')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {document.deliveries.map((delivery) => (
                <Table.Tr key={delivery.deliveryDocumentId}>
                  <Table.Th scope="row" fw={400}>
                    <ChannelLabel channel={delivery.channel} />
                  </Table.Th>
                  <Table.Td>{delivery.deliveryDocumentId}</Table.Td>
                  <Table.Td ta="right">{formatNumber(delivery.pages, language)}</Table.Td>
                  <Table.Td>
                    <DeliveryStatusBadge status={delivery.status} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(delivery.statusAt, language)}</Table.Td>
                  <Table.Td>{delivery.rejectionReason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <section aria-labelledby="document-timeline">
        <Title order={3} size="h4" id="document-timeline" mb="sm">
          {t('tracking.document.timeline')}
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={document.timeline.length - 1}>
          {document.timeline.map((entry, index) => (
            <Timeline.Item
              key={`${entry.at}-${index}`}
              title={
                entry.step
                  ? t(`tracking.steps.${entry.step}`)
                  : entry.channel &&
                    entry.status &&
                    t('tracking.document.channelReport', {
                      channel: t(`tracking.channels.${entry.channel}`),
                      status: t(`tracking.deliveryStatuses.${entry.status}`),
                    })
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at, language, true)}
              </Text>
              {entry.detail && <Text size="sm">{entry.detail}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </section>
    </Stack>
  );
}

export default DocumentDeliveryTab;
