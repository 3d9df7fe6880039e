import { Alert, Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  WEBHOOK_EVENTS_REQUIRED,
  ZCreateWebhookEndpointRequest,
  type HubEventType,
  type TCreateWebhookEndpointRequest,
} from '@service-hub/contracts';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { useCurrentUser } from '../../../lib/session/current-user';
import { eventTypeKey } from './event-type-label';
import { maySubscribe, offeredEventTypes, sameEventTypes } from './shareable-events';
import { URL_MESSAGE_KEYS, urlProblemOf } from './url-problem';

export type EndpointFormValues = { url: string; description: string; eventTypes: HubEventType[] };

export type EndpointFormProps = {
  /** The account the endpoint belongs to: the user's rights there decide which events are offered. */
  accountId: number | null;
  initialValues?: EndpointFormValues;
  submitLabel: string;
  isSaving: boolean;
  /**
   * `eventTypesChanged` is false when the selection is the one the endpoint has: a change of its
   * address alone must not send event types the user may not choose again (the server would refuse).
   */
  onSubmit: (
    request: TCreateWebhookEndpointRequest,
    showError: (error: unknown) => void,
    eventTypesChanged: boolean,
  ) => void;
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
 * Only the event types the user may subscribe to on the account are offered, with those the
 * endpoint has already, which may be taken away but not added back.
 */
export function EndpointForm({
  accountId,
  initialValues,
  submitLabel,
  isSaving,
  onSubmit,
  onCancel,
}: EndpointFormProps) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const held = initialValues?.eventTypes ?? [];
  const offered = offeredEventTypes(user, accountId ?? 0, held);
  const mayChoose = (type: HubEventType) => maySubscribe(user, accountId ?? 0, type);
  const checkContract = validateWith<EndpointFormValues>(ZCreateWebhookEndpointRequest, t, {
    toRequest,
    keys: { ...URL_MESSAGE_KEYS, [WEBHOOK_EVENTS_REQUIRED]: 'webhooks.form.eventsRequired' },
  });
  const form = useForm<EndpointFormValues>({
    initialValues: initialValues ?? { url: 'https://', description: '', eventTypes: [] },
    validate: (values) => {
      const errors = checkContract(values);
      // A changed selection is checked whole by the server: one it may not choose refuses it all.
      const keepsRefused =
        !sameEventTypes(values.eventTypes, held) && values.eventTypes.some((type) => !mayChoose(type));
      if (keepsRefused) errors.eventTypes ??= t('webhooks.form.unshareableKept');
      return errors;
    },
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
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSubmit(toRequest(values), showError, !sameEventTypes(values.eventTypes, held)),
      )}
    >
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
        {offered.length === 0 ? (
          <Alert color="gray">{t('webhooks.form.noShareableEvents')}</Alert>
        ) : (
          <Checkbox.Group
            label={t('webhooks.form.events')}
            description={t('webhooks.form.eventsHelp')}
            required
            {...form.getInputProps('eventTypes')}
          >
            <Stack gap="xs" mt="xs">
              {offered.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={t(eventTypeKey(type))}
                  description={mayChoose(type) ? type : `${type} · ${t('webhooks.form.notShareable')}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group>
          <Button type="submit" loading={isSaving} disabled={offered.length === 0}>
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
