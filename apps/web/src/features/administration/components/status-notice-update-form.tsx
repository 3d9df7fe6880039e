import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  statusesOf,
  ZAddStatusNoticeUpdateRequest,
  type StatusUpdateStatus,
  type TStatusNotice,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors } from '../../../lib/forms/contract-form';
import { validateWith } from '../../../lib/forms/form-validation';
import { useAddStatusNoticeUpdate } from '../api/add-status-notice-update';
import {
  emptyLocalized,
  toLocalizedRequest,
  TranslationFields,
  type LocalizedValues,
} from './translation-fields';

type Values = { status: StatusUpdateStatus | ''; message: LocalizedValues };

/** What the form sends; no status chosen yet is "required", not an unknown value. */
const toRequest = (values: Values) => ({
  status: values.status || undefined,
  message: toLocalizedRequest(values.message),
});

/** Posts the next step of an open notice; the last step of its kind closes it. */
export function StatusNoticeUpdateForm({ notice }: { notice: TStatusNotice }) {
  const { t } = useTranslation();
  const add = useAddStatusNoticeUpdate();
  const form = useForm<Values>({
    initialValues: { status: '', message: emptyLocalized() },
    validate: validateWith<Values>(ZAddStatusNoticeUpdateRequest, t, { toRequest }),
  });
  const submit = form.onSubmit((values) => {
    add.mutate(
      // Valid by now (the form validated it): parsing gives the request its type.
      { id: notice.id, body: ZAddStatusNoticeUpdateRequest.parse(toRequest(values)) },
      {
        onSuccess: () => {
          showSuccess('administration.status.updatePosted');
          form.reset();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error, t))
            form.setFieldError('message.en-SE', t('common.systemFeedback.errorApi'));
        },
      },
    );
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('administration.status.postUpdateFor', { title: notice.title['en-SE'] })}
    >
      <Stack gap="sm">
        <Select
          label={t('administration.status.updateStatus')}
          required
          data={statusesOf(notice.kind).map((status) => ({
            value: status,
            label: t(`statusPage.updateStatuses.${status}`),
          }))}
          {...form.getInputProps('status')}
        />
        <Textarea
          label={t('administration.status.message')}
          required
          autosize
          minRows={2}
          {...form.getInputProps('message.en-SE')}
        />
        <TranslationFields
          form={form}
          fields={[{ path: 'message', label: 'administration.status.message', multiline: true }]}
        />
        <Group>
          <Button type="submit" variant="light" loading={add.isPending}>
            {t('administration.status.postUpdate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
