import { useTranslation } from 'react-i18next';
import type { TEdiMessageSummary } from '@service-hub/contracts';
import { useEdiMessages } from '../api/list-edi-messages';
import { ediColumns } from '../components/edi-columns';
import { EdiListView } from '../components/edi-list-view';
import { ediTrackingLinks } from '../edi-tracking-links';
import { messagesList, QUERY_SCHEMAS } from '../edi-tracking-lists';

const DEFAULT_COLUMNS = [
  'messageId',
  'consignmentId',
  'status',
  'direction',
  'category',
  'senderName',
  'receiverName',
  'createdAt',
  'errorMessage',
];

/** /edi-tracking/messages: the account's messages, errors first. */
export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const c = ediColumns<TEdiMessageSummary>(t, i18n.language);
  return (
    <EdiListView
      list="ediTracking.messages"
      name="messages"
      definition={messagesList}
      schema={QUERY_SCHEMAS.messages}
      useRows={useEdiMessages}
      rowId={(row) => `${row.consignmentId}/${row.messageId}`}
      required="messageId"
      defaultColumns={DEFAULT_COLUMNS}
      columns={[
        c.link(
          'messageId',
          (row) => ediTrackingLinks.message(row.messageId, row.consignmentId, row.customerId),
          (row) => row.messageId,
        ),
        c.link(
          'consignmentId',
          (row) => ediTrackingLinks.consignment(row.consignmentId, row.customerId),
          (row) => row.consignmentId,
          false,
        ),
        c.status(),
        c.direction(),
        c.category(true),
        c.plain('messageType', false, 'identifier'),
        c.plain('senderName'),
        c.plain('receiverName'),
        c.time('createdAt'),
        c.reason(),
        c.bytes('sizeBytes'),
        c.plain('filename', false, 'fileName'),
      ]}
    />
  );
}

export default MessagesPage;
