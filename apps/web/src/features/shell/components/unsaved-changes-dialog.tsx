import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Continue editing, or leave without saving (see `UnsavedChangesModal`). */
export function UnsavedChangesDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onStay}
      title={t('shell.unsavedChanges.title')}
      // The two buttons are the choices (Escape continues editing); Mantine's close button has no name.
      withCloseButton={false}
      centered
    >
      <Text mb="lg">{t('shell.unsavedChanges.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onStay}>
          {t('shell.unsavedChanges.stay')}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t('shell.unsavedChanges.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
