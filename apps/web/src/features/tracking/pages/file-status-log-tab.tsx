import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';
import { formatDateTime } from '../../../lib/format';
import { useFileOfLayout } from './file-layout';

/** Every processing step of the file with its time, in the order they happened. */
export function FileStatusLogTab() {
  const { t, i18n } = useTranslation();
  const file = useFileOfLayout();
  if (file.statusLog.length === 0) return <Text>{t('tracking.file.noSteps')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360} scrollAreaProps={KEYBOARD_SCROLLABLE}>
      <Table striped>
        <Table.Caption>{t('tracking.file.statusLogCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tracking.fields.time')}</Table.Th>
            <Table.Th scope="col">{t('tracking.fields.step')}</Table.Th>
            <Table.Th scope="col">{t('tracking.fields.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.statusLog.map((entry, index) => (
            <Table.Tr key={`${entry.occurredAt}-${index}`}>
              <Table.Td>{formatDateTime(entry.occurredAt, i18n.language, true)}</Table.Td>
              <Table.Td>{t(`tracking.steps.${entry.step}`)}</Table.Td>
              <Table.Td>{entry.detail ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default FileStatusLogTab;
