import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALERT_CHECK_KINDS, type TAlertCheck } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useSetAlertCheck } from '../api/set-alert-check';

export type AlertChecksSectionProps = { accountId: number; checks: readonly TAlertCheck[] };

/**
 * The account's other checks, each on or off as a whole: missing expected files, failed EDI
 * messages, failed reports. A check the API does not list is on (no row means on).
 */
export function AlertChecksSection({ accountId, checks }: AlertChecksSectionProps) {
  const { t } = useTranslation();
  const setCheck = useSetAlertCheck(accountId);
  const isOn = (kind: TAlertCheck['kind']) => checks.find((check) => check.kind === kind)?.enabled ?? true;
  return (
    <Stack component="section" aria-labelledby="alert-checks-title">
      <Title order={2} size="h3" id="alert-checks-title">
        {t('alertSettings.checks.title')}
      </Title>
      <Text maw={720}>{t('alertSettings.checks.intro')}</Text>
      <Paper withBorder p="md">
        <Stack gap="md">
          {ALERT_CHECK_KINDS.map((kind) => (
            <Stack key={kind} gap={4}>
              <Switch
                checked={isOn(kind)}
                label={t(`alertSettings.checks.kinds.${kind}`)}
                // Described, not named, by its help: Mantine's own description would join the name.
                aria-describedby={`alert-check-${kind}-help`}
                disabled={setCheck.isPending && setCheck.variables?.kind === kind}
                onChange={(event) => {
                  const enabled = event.currentTarget.checked;
                  setCheck.mutate(
                    { kind, enabled },
                    {
                      onSuccess: () =>
                        showSuccess(enabled ? 'alertSettings.checks.on' : 'alertSettings.checks.off', {
                          check: t(`alertSettings.checks.kinds.${kind}`),
                        }),
                    },
                  );
                }}
              />
              <Text id={`alert-check-${kind}-help`} size="sm" c="dimmed">
                {t(`alertSettings.checks.help.${kind}`)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
