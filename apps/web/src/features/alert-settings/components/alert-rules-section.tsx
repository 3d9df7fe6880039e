import { Badge, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAlertRule, TGetAlertSettingsResponse } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useDeleteAlertRule } from '../api/delete-alert-rule';
import { useRestoreDefaultAlertRules } from '../api/restore-default-alert-rules';
import { useSetAlertRuleEnabled } from '../api/set-alert-rule-enabled';
import { AlertRuleDialog } from './alert-rule-dialog';
import { describeAlertRule, describeMinimum } from './rule-sentence';

export type AlertRulesSectionProps = { accountId: number; settings: TGetAlertSettingsResponse };

/** A dialog's state: closed, adding a rule, or editing one. */
type Editing = { opened: false } | { opened: true; rule: TAlertRule | undefined };

/**
 * The account's threshold rules as sentences, each with its switch, a way to change it and to
 * delete it after a confirmation; a new rule; and "restore defaults" while a default is off,
 * changed or gone.
 */
export function AlertRulesSection({ accountId, settings }: AlertRulesSectionProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>({ opened: false });
  const [deleting, setDeleting] = useState<TAlertRule>();
  const setEnabled = useSetAlertRuleEnabled(accountId);
  const remove = useDeleteAlertRule(accountId);
  const restore = useRestoreDefaultAlertRules(accountId);
  const sentence = (rule: TAlertRule) => describeAlertRule(rule, t, i18n.language);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccess('alertSettings.rules.deleted', { rule: sentence(deleting) });
        setDeleting(undefined);
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby="alert-rules-title">
      <Title order={2} size="h3" id="alert-rules-title">
        {t('alertSettings.rules.title')}
      </Title>
      <Text maw={720}>{t('alertSettings.rules.intro')}</Text>
      <Group gap="sm">
        <Button onClick={() => setEditing({ opened: true, rule: undefined })}>
          {t('alertSettings.rules.add')}
        </Button>
        {!settings.hasAllDefaults && (
          <Button
            variant="default"
            loading={restore.isPending}
            onClick={() =>
              restore.mutate(undefined, { onSuccess: () => showSuccess('alertSettings.rules.restored') })
            }
          >
            {t('alertSettings.rules.restore')}
          </Button>
        )}
      </Group>
      {settings.rules.length === 0 ? (
        <Text>{t('alertSettings.rules.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {settings.rules.map((rule) => {
            const text = sentence(rule);
            const minimum = describeMinimum(rule, t, i18n.language);
            return (
              <Paper key={rule.id} withBorder p="md" component="li">
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <Switch
                    mt={2}
                    checked={rule.enabled}
                    aria-label={text}
                    disabled={setEnabled.isPending && setEnabled.variables?.id === rule.id}
                    onChange={(event) => {
                      const enabled = event.currentTarget.checked;
                      setEnabled.mutate(
                        { id: rule.id, enabled },
                        {
                          onSuccess: () =>
                            showSuccess(enabled ? 'alertSettings.rules.on' : 'alertSettings.rules.off', {
                              rule: text,
                            }),
                        },
                      );
                    }}
                  />
                  <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                    <Text
                      fw={500}
                      c={rule.enabled ? undefined : 'dimmed'}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {text}
                    </Text>
                    {minimum && (
                      <Text size="sm" c="dimmed">
                        {minimum}
                      </Text>
                    )}
                    <Group gap="xs">
                      <Badge variant="light" color={rule.enabled ? 'green' : 'gray'} c="dark.8" tt="none">
                        {t(rule.enabled ? 'alertSettings.rules.isOn' : 'alertSettings.rules.isOff')}
                      </Badge>
                      {rule.isDefault && (
                        <Badge variant="outline" c="dark.8" tt="none">
                          {t('alertSettings.rules.default')}
                        </Badge>
                      )}
                      {rule.isRaised && (
                        <Badge variant="light" color="orange" c="dark.8" tt="none">
                          {t('alertSettings.rules.raised')}
                        </Badge>
                      )}
                    </Group>
                    <Group gap="xs">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('alertSettings.rules.editNamed', { rule: text })}
                        onClick={() => setEditing({ opened: true, rule })}
                      >
                        {t('alertSettings.rules.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={t('alertSettings.rules.deleteNamed', { rule: text })}
                        onClick={() => setDeleting(rule)}
                      >
                        {t('alertSettings.rules.delete')}
                      </Button>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <AlertRuleDialog
        accountId={accountId}
        rule={editing.opened ? editing.rule : undefined}
        opened={editing.opened}
        onClose={() => setEditing({ opened: false })}
      />
      <Modal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('alertSettings.rules.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('alertSettings.close') }}
      >
        <Stack>
          <Text>{t('alertSettings.rules.deleteConfirm', { rule: deleting ? sentence(deleting) : '' })}</Text>
          {deleting?.isDefault && <Text size="sm">{t('alertSettings.rules.deleteDefault')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              {t('alertSettings.rules.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
