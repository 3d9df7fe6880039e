import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTrackingFile } from '@service-hub/contracts';
import { DetailList } from '../../../components/ui/detail-list';
import { formatNumber } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { ChannelIcons } from '../components/channel-icon';
import { trackingLinks } from '../tracking-links';
import { useFileOfLayout } from './file-layout';

function PartyCard({ title, party }: { title: string; party: TTrackingFile['sender'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <DetailList
        items={[
          { label: t('tracking.fields.name'), value: party.name },
          { label: t('tracking.fields.streetAddress'), value: party.streetAddress },
          { label: t('tracking.fields.postalCode'), value: party.postalCode },
          { label: t('tracking.fields.postOffice'), value: party.postOffice },
          { label: t('tracking.fields.countryCode'), value: party.countryCode },
        ]}
      />
    </Card>
  );
}

/** Everything known about the file: counts, production, references, parties and materials. */
export function FileDetailsTab() {
  const { t, i18n } = useTranslation();
  const file = useFileOfLayout();
  const { account } = useActiveAccount();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Stack gap="lg">
      <DetailList
        items={[
          {
            label: t('tracking.fields.documentCount'),
            value: (
              <Anchor component={Link} to={trackingLinks.documents(account?.id, { fileId: String(file.id) })}>
                {n(file.documentCount)}
              </Anchor>
            ),
          },
          { label: t('tracking.fields.envelopes'), value: n(file.envelopes) },
          { label: t('tracking.fields.sheets'), value: n(file.sheets) },
          { label: t('tracking.fields.inserts'), value: n(file.inserts) },
          { label: t('tracking.fields.quantity'), value: n(file.quantity) },
          { label: t('tracking.fields.deliveryMode'), value: file.deliveryMode },
          { label: t('tracking.fields.channel'), value: <ChannelIcons channels={file.channels} /> },
          {
            label: t('tracking.fields.customer'),
            value: `${file.customer.name} (${file.customer.customerNumber})`,
          },
          {
            label: t('tracking.fields.receiverCustomer'),
            value:
              file.receiverCustomer &&
              `${file.receiverCustomer.name} (${file.receiverCustomer.customerNumber})`,
          },
          { label: t('tracking.fields.subCustomerId'), value: file.subCustomerId },
          { label: t('tracking.fields.customerAgreement'), value: file.customerAgreement },
          { label: t('tracking.fields.application'), value: file.application },
          { label: t('tracking.fields.category'), value: file.category },
          { label: t('tracking.fields.code'), value: file.code },
          { label: t('tracking.fields.countryCode'), value: file.countryCode },
          { label: t('tracking.fields.direction'), value: file.direction },
          { label: t('tracking.fields.itemReference'), value: file.itemReference },
          { label: t('tracking.fields.externalId'), value: file.externalId },
          { label: t('tracking.fields.deliveryFileIds'), value: file.deliveryFileIds.join(', ') },
          { label: t('tracking.fields.fileId'), value: String(file.id) },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PartyCard title={t('tracking.fields.sender')} party={file.sender} />
        <PartyCard title={t('tracking.fields.receiver')} party={file.receiver} />
      </SimpleGrid>
      <section aria-labelledby="file-materials">
        <Title order={3} size="h5" id="file-materials" mb="xs">
          {t('tracking.fields.materials')}
        </Title>
        {file.materials.length === 0 ? (
          <Text>{t('tracking.file.noMaterials')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('tracking.fields.code')}</Table.Th>
                  <Table.Th scope="col">{t('tracking.fields.name')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('tracking.fields.quantity')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {file.materials.map((material) => (
                  <Table.Tr key={material.code}>
                    <Table.Td>{material.code}</Table.Td>
                    <Table.Td>{material.name}</Table.Td>
                    <Table.Td ta="right">{n(material.quantity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}

export default FileDetailsTab;
