import { Checkbox, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessRequestRole, TGrantablePermission } from '@service-hub/contracts';

/** "Track and trace · stt-customer": the service's name where the app knows it, then the permission. */
export function usePermissionLabel() {
  const { t, i18n } = useTranslation();
  return (permission: TGrantablePermission) => {
    const key = `services.${permission.prefix}`;
    return `${i18n.exists(key) ? t(key) : permission.prefix} · ${permission.name}`;
  };
}

export type PermissionChoiceProps = {
  roles: readonly AccessRequestRole[];
  permissions: readonly TGrantablePermission[];
  role: AccessRequestRole;
  permissionIds: readonly number[];
  onRoleChange: (role: AccessRequestRole) => void;
  onPermissionsChange: (ids: number[]) => void;
};

/** The role and the service permissions a new member gets: only what the administrator may give. */
export function PermissionChoice(props: PermissionChoiceProps) {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  return (
    <Stack>
      <Radio.Group
        label={t('accessRequests.decide.role')}
        value={props.role}
        onChange={(value) => {
          const role = props.roles.find((r) => r === value);
          if (role) props.onRoleChange(role);
        }}
      >
        <Stack gap="xs" mt="xs">
          {props.roles.map((role) => (
            <Radio key={role} value={role} label={t(`accessRequests.roles.${role}`)} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox.Group
        label={t('accessRequests.decide.permissions')}
        description={t('accessRequests.decide.permissionsHint')}
        value={props.permissionIds.map(String)}
        onChange={(values) => props.onPermissionsChange(values.map(Number))}
      >
        <Stack gap="xs" mt="xs">
          {props.permissions.length === 0 && t('accessRequests.decide.noPermissions')}
          {props.permissions.map((permission) => (
            <Checkbox key={permission.id} value={String(permission.id)} label={label(permission)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
