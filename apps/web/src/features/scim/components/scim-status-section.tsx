import { Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TScimSettings } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatNumber } from '../../../lib/format';
import { useUpdateScimSettings } from '../api/update-scim-settings';
import { CopyableCode } from '../../../components/ui/copyable-code';

export type ScimStatusSectionProps = { customerId: number; settings: TScimSettings };

/** On or off, and the address the directory needs (Entra ID calls it "Tenant URL", Okta "SCIM connector base URL"). */
export function ScimStatusSection({ customerId, settings }: ScimStatusSectionProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateScimSettings(customerId);
  return (
    <section aria-labelledby="scim-status">
      <Title order={2} size="h3" id="scim-status" mb="xs">
        {t('scim.status.heading')}
      </Title>
      <Stack maw={720}>
        <Switch
          checked={settings.enabled}
          disabled={update.isPending}
          label={t('scim.status.enabled')}
          description={t(settings.enabled ? 'scim.status.onHelp' : 'scim.status.offHelp')}
          onChange={(event) =>
            update.mutate(
              { enabled: event.currentTarget.checked },
              {
                onSuccess: (next) =>
                  showSuccess(next.enabled ? 'scim.status.switchedOn' : 'scim.status.switchedOff'),
              },
            )
          }
        />
        <Text size="sm">
          {t('scim.status.provisionedUsers', {
            count: formatNumber(settings.provisionedUsers, i18n.language),
          })}
        </Text>
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('scim.status.baseUrl')}
          </Text>
          <Text size="sm" c="dimmed" mb={6}>
            {t('scim.status.baseUrlHelp')}
          </Text>
          <CopyableCode value={settings.baseUrl} label={t('scim.status.baseUrl')} />
        </div>
      </Stack>
    </section>
  );
}
