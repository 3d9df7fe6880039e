import { useTranslation } from 'react-i18next';
import type { TEdiConsignmentSummary } from '@service-hub/contracts';
import { useEdiConsignments } from '../api/list-edi-consignments';
import { ediColumns } from '../components/edi-columns';
import { EdiListView } from '../components/edi-list-view';
import { ediTrackingLinks } from '../edi-tracking-links';
import { consignmentsList, QUERY_SCHEMAS } from '../edi-tracking-lists';

const DEFAULT_COLUMNS = [
  'consignmentId',
  'status',
  'direction',
  'senderName',
  'receiverName',
  'receivedAt',
  'errorMessage',
];

/** /edi-tracking/files: the account's consignments, errors first. */
export function ConsignmentsPage() {
  const { t, i18n } = useTranslation();
  const c = ediColumns<TEdiConsignmentSummary>(t, i18n.language);
  return (
    <EdiListView
      list="ediTracking.consignments"
      name="consignments"
      definition={consignmentsList}
      schema={QUERY_SCHEMAS.consignments}
      useRows={useEdiConsignments}
      rowId={(row) => row.consignmentId}
      required="consignmentId"
      defaultColumns={DEFAULT_COLUMNS}
      columns={[
        c.link(
          'consignmentId',
          (row) => ediTrackingLinks.consignment(row.consignmentId, row.customerId),
          (row) => row.consignmentId,
        ),
        c.status(),
        c.direction(),
        c.plain('senderName'),
        c.plain('receiverName'),
        c.time('receivedAt'),
        c.reason(),
        c.plain('filename', true, 'fileName'),
        c.time('deliveredAt', false),
      ]}
    />
  );
}

export default ConsignmentsPage;
