import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AccessRequestRole,
  TAccountAccessRequest,
  TListAccountAccessRequestsResponse,
} from '@service-hub/contracts';
import { useApproveAccessRequest } from '../api/approve-access-request';
import { accessRequestErrorKey } from './error-key';
import { PermissionChoice } from './permission-choice';

export type ApproveDialogProps = {
  customerId: number;
  request: TAccountAccessRequest | null;
  options: Pick<TListAccountAccessRequestsResponse, 'grantablePermissions' | 'grantableRoles'>;
  onClose: () => void;
};

/** Approve with a role and service permissions; the person is told in the Hub and by e-mail. */
export function ApproveDialog({ customerId, request, options, onClose }: ApproveDialogProps) {
  const { t } = useTranslation();
  const approve = useApproveAccessRequest(customerId);
  const [role, setRole] = useState<AccessRequestRole>('CustomerUser');
  const [permissionIds, setPermissionIds] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setRole('CustomerUser');
    setPermissionIds([]);
    setFailure(null);
    approve.reset();
    onClose();
  };
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={t('accessRequests.decide.approveTitle', { name: request?.person.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('accessRequests.decide.close') }}
      centered
    >
      <Stack>
        <Text size="sm">{t('accessRequests.decide.approveIntro')}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <PermissionChoice
          roles={options.grantableRoles}
          permissions={options.grantablePermissions}
          role={role}
          permissionIds={permissionIds}
          onRoleChange={setRole}
          onPermissionsChange={setPermissionIds}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={approve.isPending}
            onClick={() =>
              request &&
              approve.mutate(
                { id: request.id, body: { role, permissionIds } },
                { onSuccess: close, onError: (error) => setFailure(accessRequestErrorKey(error)) },
              )
            }
          >
            {t('accessRequests.decide.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
