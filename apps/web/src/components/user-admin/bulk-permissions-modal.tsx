import { Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../lib/feedback/toasts';
import { useBulkPermissions } from './api/bulk-permissions';
import { useAccountPermissions } from './api/list-account-permissions';
import { permissionLabel } from './permission-label';

export type BulkPermissionsModalProps = {
  customerId: number;
  userIds: string[];
  opened: boolean;
  onClose: () => void;
};

/** The same permissions for the selected users at once: added to what each has, or replacing it. */
export function BulkPermissionsModal({ customerId, userIds, opened, onClose }: BulkPermissionsModalProps) {
  const { t } = useTranslation();
  const permissions = useAccountPermissions(customerId);
  const bulk = useBulkPermissions(customerId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [mode, setMode] = useState<'add' | 'replace'>('add');
  return (
    <Modal opened={opened} onClose={onClose} title={t('userAdmin.bulk.title', { count: userIds.length })}>
      <Stack>
        <Radio.Group
          label={t('userAdmin.bulk.mode')}
          value={mode}
          onChange={(value) => setMode(value as 'add' | 'replace')}
        >
          <Stack gap={6} mt={4}>
            <Radio value="add" label={t('userAdmin.bulk.add')} />
            <Radio value="replace" label={t('userAdmin.bulk.replace')} />
          </Stack>
        </Radio.Group>
        <Checkbox.Group
          label={t('userAdmin.permissions')}
          value={chosen.map(String)}
          onChange={(v) => setChosen(v.map(Number))}
        >
          <Stack gap={6} mt={4}>
            {(permissions.data ?? []).map((permission) => (
              <Checkbox
                key={permission.id}
                value={String(permission.id)}
                label={permissionLabel(permission)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm" c="dimmed">
          {t('userAdmin.takesEffect')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={bulk.isPending}
            onClick={() =>
              bulk.mutate(
                { userIds, permissionIds: chosen, mode },
                {
                  onSuccess: ({ updated }) => {
                    showSuccess('userAdmin.bulk.done', { count: updated });
                    onClose();
                  },
                },
              )
            }
          >
            {t('userAdmin.bulk.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
