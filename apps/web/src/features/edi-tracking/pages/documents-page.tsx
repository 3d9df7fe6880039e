import { useTranslation } from 'react-i18next';
import type { TEdiDocumentSummary } from '@service-hub/contracts';
import { useEdiDocuments } from '../api/list-edi-documents';
import { ediColumns } from '../components/edi-columns';
import { EdiListView } from '../components/edi-list-view';
import { ediTrackingLinks } from '../edi-tracking-links';
import { documentsList, QUERY_SCHEMAS } from '../edi-tracking-lists';

const DEFAULT_COLUMNS = [
  'documentId',
  'consignmentId',
  'status',
  'direction',
  'category',
  'senderName',
  'receiverName',
  'createdAt',
  'errorMessage',
];

/** /edi-tracking/documents: the account's documents, errors first. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const c = ediColumns<TEdiDocumentSummary>(t, i18n.language);
  return (
    <EdiListView
      list="ediTracking.documents"
      name="documents"
      definition={documentsList}
      schema={QUERY_SCHEMAS.documents}
      useRows={useEdiDocuments}
      rowId={(row) => `${row.consignmentId}/${row.documentId}`}
      required="documentId"
      defaultColumns={DEFAULT_COLUMNS}
      columns={[
        c.link(
          'documentId',
          (row) => ediTrackingLinks.document(row.documentId, row.consignmentId, row.customerId),
          (row) => row.documentId,
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
        c.plain('documentNumber', false, 'identifier'),
        c.plain('senderName'),
        c.plain('receiverName'),
        c.time('createdAt'),
        c.reason(),
        c.plain('filename', false, 'fileName'),
      ]}
    />
  );
}

export default DocumentsPage;
