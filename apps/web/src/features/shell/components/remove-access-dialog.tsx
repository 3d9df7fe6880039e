import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TCustomerSummary } from '@service-hub/contracts';

export type RemoveAccessDialogProps = {
  account: TCustomerSummary;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A provider administrator confirms removing their own access to an account (spec 2). */
export function RemoveAccessDialog({ account, removing, onCancel, onConfirm }: RemoveAccessDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('shell.activeAccount.removeTitle')}
      // Cancel and Remove access are the choices; Mantine's close button has no name.
      withCloseButton={false}
      centered
    >
      <Text mb="lg">
        {t('shell.activeAccount.removeConfirm', { name: account.name, number: account.customerNumber })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={removing} onClick={onConfirm}>
          {t('shell.activeAccount.removeAccess')}
        </Button>
      </Group>
    </Modal>
  );
}
