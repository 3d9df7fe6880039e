import { Alert, Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AccessRequestRole,
  TEmailDomain,
  TListAccountAccessRequestsResponse,
} from '@service-hub/contracts';
import { useUpdateEmailDomain } from '../api/update-email-domain';
import { accessRequestErrorKey } from './error-key';
import { PermissionChoice } from './permission-choice';

export type DomainSettingsDialogProps = {
  customerId: number;
  domain: TEmailDomain;
  options: Pick<TListAccountAccessRequestsResponse, 'grantablePermissions' | 'grantableRoles'>;
  onClose: () => void;
};

/** Automatic approval of a verified domain, and the role and permissions its people get. */
export function DomainSettingsDialog({ customerId, domain, options, onClose }: DomainSettingsDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateEmailDomain(customerId);
  const [autoApprove, setAutoApprove] = useState(domain.autoApprove);
  const [role, setRole] = useState<AccessRequestRole>(domain.role);
  const [permissionIds, setPermissionIds] = useState<number[]>(domain.permissionIds);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('accessRequests.domains.settingsTitle', { domain: domain.domain })}
      closeButtonProps={{ 'aria-label': t('accessRequests.decide.close') }}
      centered
    >
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <Switch
          label={t('accessRequests.domains.autoApprove')}
          description={t('accessRequests.domains.autoApproveHint', { domain: domain.domain })}
          checked={autoApprove}
          onChange={(event) => setAutoApprove(event.currentTarget.checked)}
        />
        <PermissionChoice
          roles={options.grantableRoles}
          permissions={options.grantablePermissions}
          role={role}
          permissionIds={permissionIds}
          onRoleChange={setRole}
          onPermissionsChange={setPermissionIds}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: domain.id, body: { autoApprove, role, permissionIds } },
                { onSuccess: onClose, onError: (error) => setFailure(accessRequestErrorKey(error)) },
              )
            }
          >
            {t('accessRequests.domains.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
