import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { ChannelIcons } from '../components/channel-icon';
import { trackingLinks } from '../tracking-links';
import { useDocumentOfLayout } from './document-layout';

/** The document's fields (spec 3) and the file it came in. */
export function DocumentDetailsTab() {
  const { t, i18n } = useTranslation();
  const document = useDocumentOfLayout();
  const { account } = useActiveAccount();
  return (
    <DetailList
      items={[
        { label: t('tracking.fields.documentId'), value: String(document.id) },
        { label: t('tracking.fields.externalDocumentId'), value: document.externalDocumentId },
        { label: t('tracking.fields.invoiceNumber'), value: document.invoiceNumber },
        { label: t('tracking.fields.messageId'), value: document.messageId },
        { label: t('tracking.fields.messageType'), value: document.messageType },
        { label: t('tracking.fields.eAddress'), value: document.eAddress },
        { label: t('tracking.fields.recipientName'), value: document.recipientName },
        { label: t('tracking.fields.channel'), value: <ChannelIcons channels={document.channels} /> },
        { label: t('tracking.fields.createdAt'), value: formatDateTime(document.createdAt, i18n.language) },
        {
          label: t('tracking.fields.filename'),
          value: (
            <Anchor
              component={Link}
              to={trackingLinks.file(document.fileId, 'delivery-channels', account?.id)}
            >
              {document.filename}
            </Anchor>
          ),
        },
        {
          label: t('tracking.fields.customer'),
          value: `${document.customer.name} (${document.customer.customerNumber})`,
        },
      ]}
    />
  );
}

export default DocumentDetailsTab;
