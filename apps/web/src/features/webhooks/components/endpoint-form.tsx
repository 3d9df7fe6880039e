import { Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  HUB_EVENT_TYPES,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  WEBHOOK_EVENTS_REQUIRED,
  ZCreateWebhookEndpointRequest,
  type HubEventType,
  type TCreateWebhookEndpointRequest,
} from '@service-hub/contracts';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { eventTypeKey } from './event-type-label';
import { URL_MESSAGE_KEYS, urlProblemOf } from './url-problem';

export type EndpointFormValues = { url: string; description: string; eventTypes: HubEventType[] };

export type EndpointFormProps = {
  initialValues?: EndpointFormValues;
  submitLabel: string;
  isSaving: boolean;
  onSubmit: (request: TCreateWebhookEndpointRequest, showError: (error: unknown) => void) => void;
  onCancel?: () => void;
};

const toRequest = (values: EndpointFormValues): TCreateWebhookEndpointRequest => ({
  url: values.url.trim(),
  description: values.description.trim(),
  eventTypes: values.eventTypes,
});

/**
 * An endpoint's address, description and event types, checked by the contract in the browser and
 * by the server, whose refusals of an address (private network, unknown host…) land on the field.
 */
export function EndpointForm({
  initialValues,
  submitLabel,
  isSaving,
  onSubmit,
  onCancel,
}: EndpointFormProps) {
  const { t } = useTranslation();
  const form = useForm<EndpointFormValues>({
    initialValues: initialValues ?? { url: 'https://', description: '', eventTypes: [] },
    validate: validateWith<EndpointFormValues>(ZCreateWebhookEndpointRequest, t, {
      toRequest,
      keys: { ...URL_MESSAGE_KEYS, [WEBHOOK_EVENTS_REQUIRED]: 'webhooks.form.eventsRequired' },
    }),
  });
  const showError = (error: unknown) => {
    const problem = urlProblemOf(error);
    if (problem) {
      form.setFieldError('url', t(`webhooks.urlProblems.${problem}`));
      return;
    }
    const fields = Object.entries(serverFieldErrors(error, t));
    for (const [field, message] of fields) form.setFieldError(field, message);
    if (fields.length === 0) form.setFieldError('url', t('common.systemFeedback.errorApi'));
  };
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(toRequest(values), showError))}>
      <Stack maw={720}>
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.urlHelp')}
          required
          type="url"
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <Textarea
          label={t('webhooks.form.description')}
          description={t('webhooks.form.descriptionHelp')}
          maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group
          label={t('webhooks.form.events')}
          description={t('webhooks.form.eventsHelp')}
          required
          {...form.getInputProps('eventTypes')}
        >
          <Stack gap="xs" mt="xs">
            {HUB_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(eventTypeKey(type))} description={type} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
