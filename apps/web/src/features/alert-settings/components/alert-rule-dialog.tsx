import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOT_DELIVERED_GRACE_MINUTES,
  THRESHOLD_ALERT_KINDS,
  THRESHOLD_MEASURES,
  ZCreateAlertRuleRequest,
  type TAlertRule,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { intlLocale } from '../../../lib/languages';
import { useCreateAlertRule } from '../api/create-alert-rule';
import { useUpdateAlertRule } from '../api/update-alert-rule';
import {
  RULE_CHANNELS,
  serverRuleErrors,
  toFormValues,
  toRequest,
  validateRule,
  type RuleFormValues,
} from './alert-rule-form';
import { describeAlertRule, describeMinimum, describeWindow, WINDOW_UNITS } from './rule-sentence';

export type AlertRuleDialogProps = {
  accountId: number;
  /** The rule to edit; undefined adds a new one. */
  rule: TAlertRule | undefined;
  opened: boolean;
  onClose: () => void;
};

/** The decimal sign of the user's locale, so "2,5" is typed as Finns and Swedes write it. */
const decimalSeparatorOf = (language: string) =>
  new Intl.NumberFormat(intlLocale(language)).format(1.5).includes(',') ? ',' : '.';

/**
 * Adds or changes a threshold rule: what is counted (rejected or not delivered), as a share or a
 * count, over which window and channel, and for shares the least number of documents that makes
 * a trend. The rule's sentence shows as it is typed, as the list will show it.
 */
export function AlertRuleDialog({ accountId, rule, opened, onClose }: AlertRuleDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const create = useCreateAlertRule(accountId);
  const update = useUpdateAlertRule(accountId);
  const saving = create.isPending || update.isPending;
  const form = useForm<RuleFormValues>({
    initialValues: toFormValues(rule),
    validate: validateRule(t, language),
  });
  const generalError = create.error ?? update.error;

  // The dialog is reused: each opening starts from the rule it edits (or a new rule's defaults).
  useEffect(() => {
    if (!opened) return;
    form.setValues(toFormValues(rule));
    form.resetDirty(toFormValues(rule));
    form.clearErrors();
    create.reset();
    update.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when opened or another rule
  }, [opened, rule?.id]);

  const values = form.getValues();
  const preview = ZCreateAlertRuleRequest.safeParse(toRequest(values));
  const previewRule = preview.success
    ? { ...preview.data, channel: preview.data.channel ?? null }
    : undefined;

  const submit = form.onSubmit((submitted) => {
    const parsed = ZCreateAlertRuleRequest.safeParse(toRequest(submitted));
    if (!parsed.success) return;
    const handlers = {
      onSuccess: (saved: TAlertRule) => {
        showSuccess(rule ? 'alertSettings.rules.changed' : 'alertSettings.rules.added', {
          rule: describeAlertRule(saved, t, language),
        });
        onClose();
      },
      onError: (error: Error) => {
        const { fields } = serverRuleErrors(error, submitted, t, language);
        form.setErrors(fields);
      },
    };
    if (rule) update.mutate({ id: rule.id, ...parsed.data }, handlers);
    else create.mutate(parsed.data, handlers);
  });

  const failure = generalError
    ? serverRuleErrors(generalError, values, t, language)
    : { fields: {}, other: false };
  const decimalSeparator = decimalSeparatorOf(language);
  const title = t(rule ? 'alertSettings.form.editTitle' : 'alertSettings.form.addTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('alertSettings.close') }}
      styles={{ title: { overflowWrap: 'anywhere', hyphens: 'auto' } }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <Radio.Group label={t('alertSettings.form.kind')} required {...form.getInputProps('kind')}>
            <Stack gap="xs" mt="xs">
              {THRESHOLD_ALERT_KINDS.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={t(`alertSettings.kinds.${kind}`)}
                  description={
                    kind === 'documentsNotDelivered'
                      ? t('alertSettings.form.notDeliveredHelp', {
                          grace: describeWindow(NOT_DELIVERED_GRACE_MINUTES, t),
                        })
                      : undefined
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group label={t('alertSettings.form.measure')} required {...form.getInputProps('measure')}>
            <Group gap="lg" mt="xs">
              {THRESHOLD_MEASURES.map((measure) => (
                <Radio key={measure} value={measure} label={t(`alertSettings.measures.${measure}`)} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t(
                values.measure === 'share'
                  ? 'alertSettings.form.thresholdShare'
                  : 'alertSettings.form.thresholdCount',
              )}
              required
              min={0}
              allowNegative={false}
              allowDecimal={values.measure === 'share'}
              decimalSeparator={decimalSeparator}
              rightSection={values.measure === 'share' ? <Text size="sm">%</Text> : undefined}
              {...form.getInputProps('threshold')}
            />
            <NativeSelect
              label={t('alertSettings.form.channel')}
              data={[
                { value: '', label: t('alertSettings.form.allChannels') },
                ...RULE_CHANNELS.map((channel) => ({
                  value: channel,
                  label: t(`tracking.channels.${channel}`),
                })),
              ]}
              {...form.getInputProps('channel')}
            />
            <NumberInput
              label={t('alertSettings.form.window')}
              required
              min={1}
              allowNegative={false}
              allowDecimal={false}
              {...form.getInputProps('windowAmount')}
            />
            <NativeSelect
              label={t('alertSettings.form.windowUnit')}
              data={WINDOW_UNITS.map((unit) => ({ value: unit, label: t(`alertSettings.units.${unit}`) }))}
              {...form.getInputProps('windowUnit')}
            />
            {values.measure === 'share' && (
              <NumberInput
                label={t('alertSettings.form.minDocuments')}
                description={t('alertSettings.form.minDocumentsHelp')}
                required
                min={1}
                allowNegative={false}
                allowDecimal={false}
                {...form.getInputProps('minDocuments')}
              />
            )}
          </SimpleGrid>
          <Stack gap={2} aria-live="polite">
            <Text size="sm" fw={600}>
              {t('alertSettings.form.preview')}
            </Text>
            <Text size="sm">{previewRule ? describeAlertRule(previewRule, t, language) : '–'}</Text>
            {previewRule && describeMinimum(previewRule, t, language) && (
              <Text size="sm" c="dimmed">
                {describeMinimum(previewRule, t, language)}
              </Text>
            )}
          </Stack>
          {failure.other && (
            <Alert color="red" role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              {t('common.systemFeedback.errorApi')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t(rule ? 'common.save' : 'alertSettings.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
