import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { ChannelLabel } from '../components/channel-icon';
import { trackingLinks } from '../tracking-links';
import { useFileOfLayout } from './file-layout';

/** Delivery per channel of a file: how many went out, in how many pages, and how it went. */
export function FileDeliveryChannelsTab() {
  const { t, i18n } = useTranslation();
  const file = useFileOfLayout();
  const { account } = useActiveAccount();
  const n = (value: number) => formatNumber(value, i18n.language);
  if (file.deliveryChannels.length === 0) return <Text>{t('tracking.deliveryMissing')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Caption>{t('tracking.file.channelsCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tracking.fields.channel')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('tracking.file.deliveries')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('tracking.fields.pages')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('tracking.deliveryStatuses.delivered')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('tracking.deliveryStatuses.rejected')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('tracking.deliveryStatuses.notDelivered')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('tracking.deliveryStatuses.pending')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.deliveryChannels.map((row) => (
            <Table.Tr key={row.channel}>
              <Table.Th scope="row" fw={400}>
                <Anchor
                  component={Link}
                  to={trackingLinks.documents(account?.id, { fileId: String(file.id), channel: row.channel })}
                >
                  <ChannelLabel channel={row.channel} />
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{n(row.documents)}</Table.Td>
              <Table.Td ta="right">{n(row.pages)}</Table.Td>
              <Table.Td ta="right">{n(row.delivered)}</Table.Td>
              <Table.Td ta="right">{n(row.rejected)}</Table.Td>
              <Table.Td ta="right">{n(row.notDelivered)}</Table.Td>
              <Table.Td ta="right">{n(row.pending)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default FileDeliveryChannelsTab;
