import {
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateExpectedDeliveryRequest,
  type ExpectedDeliveryDays,
  type TCreateExpectedDeliveryRequest,
  type TExpectedDelivery,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { useSaveExpectedDelivery } from '../api/save-expected-delivery';

type Values = {
  name: string;
  filenamePattern: string;
  application: string;
  deadline: string;
  timeZone: string;
  days: ExpectedDeliveryDays;
  minDocuments: number | string;
  enabled: boolean;
};

const toRequest = (values: Values): TCreateExpectedDeliveryRequest => ({
  name: values.name,
  filenamePattern: values.filenamePattern,
  application: values.application.trim() || null,
  deadline: values.deadline,
  timeZone: values.timeZone,
  days: values.days,
  minDocuments: values.minDocuments === '' ? null : Number(values.minDocuments),
  enabled: values.enabled,
});

const toValues = (rule: TExpectedDelivery | null, defaultTimeZone: string): Values => ({
  name: rule?.name ?? '',
  filenamePattern: rule?.filenamePattern ?? '',
  application: rule?.application ?? '',
  deadline: rule?.deadline ?? '06:00',
  timeZone: rule?.timeZone ?? defaultTimeZone,
  days: rule?.days ?? 'businessDays',
  minDocuments: rule?.minDocuments ?? '',
  enabled: rule?.enabled ?? true,
});

type ExpectedDeliveryFormProps = {
  accountId: number;
  opened: boolean;
  /** The rule to change; null: a new one. */
  rule: TExpectedDelivery | null;
  applications: readonly string[];
  defaultTimeZone: string;
  onClose: () => void;
};

/** A new or changed expected delivery, checked by the same contract as the API. */
export function ExpectedDeliveryForm(props: ExpectedDeliveryFormProps) {
  // A new form per rule: the initial values are the rule's.
  return props.opened ? <FormDialog key={props.rule?.id ?? 'new'} {...props} /> : null;
}

function FormDialog({ accountId, rule, applications, defaultTimeZone, onClose }: ExpectedDeliveryFormProps) {
  const { t } = useTranslation();
  const save = useSaveExpectedDelivery(accountId);
  const form = useContractForm<Values>(
    ZCreateExpectedDeliveryRequest,
    { initialValues: toValues(rule, defaultTimeZone) },
    toRequest,
  );
  const timeZones = useMemo(() => ['UTC', ...Intl.supportedValuesOf('timeZone')], []);
  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: rule?.id, body: toRequest(values) },
      {
        onSuccess: () => {
          showSuccess(rule ? 'alerts.expected.saved' : 'alerts.expected.created');
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error, t))
            form.setFieldError('name', t('common.systemFeedback.errorApi'));
        },
      },
    );
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('alerts.close') }}
      opened
      onClose={onClose}
      title={t(rule ? 'alerts.expected.editTitle' : 'alerts.expected.newTitle')}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('alerts.expected.fields.name')}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('alerts.expected.fields.pattern')}
            description={t('alerts.expected.fields.patternHint')}
            required
            {...form.getInputProps('filenamePattern')}
          />
          <Autocomplete
            label={t('alerts.expected.fields.application')}
            description={t('alerts.expected.fields.applicationHint')}
            data={[...applications]}
            {...form.getInputProps('application')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('alerts.expected.fields.deadline')}
              description={t('alerts.expected.fields.deadlineHint')}
              required
              type="time"
              miw={140}
              {...form.getInputProps('deadline')}
            />
            <Select
              label={t('alerts.expected.fields.timeZone')}
              required
              searchable
              data={timeZones}
              allowDeselect={false}
              miw={200}
              {...form.getInputProps('timeZone')}
            />
          </Group>
          <Radio.Group label={t('alerts.expected.fields.days')} required {...form.getInputProps('days')}>
            <Stack gap={6} mt={6}>
              <Radio value="businessDays" label={t('alerts.expected.days.businessDays')} />
              <Radio value="everyDay" label={t('alerts.expected.days.everyDay')} />
            </Stack>
          </Radio.Group>
          <NumberInput
            label={t('alerts.expected.fields.minDocuments')}
            description={t('alerts.expected.fields.minDocumentsHint')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('minDocuments')}
          />
          <Switch
            label={t('alerts.expected.fields.enabled')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
