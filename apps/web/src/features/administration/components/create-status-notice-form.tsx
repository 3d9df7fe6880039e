import {
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  INCIDENT_IMPACTS,
  STATUS_COMPONENTS,
  ZCreateStatusNoticeRequest,
  type IncidentImpact,
  type StatusComponent,
  type StatusNoticeKind,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors } from '../../../lib/forms/contract-form';
import { validateWith } from '../../../lib/forms/form-validation';
import { useCreateStatusNotice } from '../api/create-status-notice';
import {
  emptyLocalized,
  toLocalizedRequest,
  TranslationFields,
  type LocalizedValues,
} from './translation-fields';

type Values = {
  kind: StatusNoticeKind;
  title: LocalizedValues;
  message: LocalizedValues;
  components: StatusComponent[];
  impact: IncidentImpact | '';
  /** `datetime-local` values: the administrator's own time zone. */
  startsAt: string;
  endsAt: string;
};

const initialValues = (): Values => ({
  kind: 'incident',
  title: emptyLocalized(),
  message: emptyLocalized(),
  components: [],
  impact: '',
  startsAt: '',
  endsAt: '',
});

/** A local date and time of the form as an instant; empty or unreadable stays for the schema to refuse. */
const toInstant = (value: string) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/** What the form sends; the contract's schema checks it in the browser first (`validateWith`). */
const toRequest = (values: Values) => ({
  kind: values.kind,
  title: toLocalizedRequest(values.title),
  message: toLocalizedRequest(values.message),
  components: values.components,
  ...(values.kind === 'incident'
    ? { impact: values.impact || null }
    : { startsAt: toInstant(values.startsAt), endsAt: toInstant(values.endsAt) }),
});

/** Rules the generic messages do not word well. */
const MESSAGE_KEYS = { endBeforeStart: 'administration.status.endBeforeStart' };

/** Opens an incident or announces maintenance, with its first message. */
export function CreateStatusNoticeForm() {
  const { t } = useTranslation();
  const create = useCreateStatusNotice();
  const form = useForm<Values>({
    initialValues: initialValues(),
    validate: validateWith<Values>(ZCreateStatusNoticeRequest, t, { toRequest, keys: MESSAGE_KEYS }),
  });
  const kind = form.values.kind;
  const submit = form.onSubmit((values) => {
    // Valid by now (the form validated it): parsing gives the request its type.
    create.mutate(ZCreateStatusNoticeRequest.parse(toRequest(values)), {
      onSuccess: () => {
        showSuccess('administration.status.published');
        form.setValues(initialValues());
        form.resetDirty();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, t))
          form.setFieldError('title.en-SE', t('common.systemFeedback.errorApi'));
      },
    });
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby="create-status-notice">
        <Stack>
          <Title order={2} size="h3" id="create-status-notice">
            {t('administration.status.create')}
          </Title>
          <SegmentedControl
            aria-label={t('administration.status.kind')}
            data={[
              { value: 'incident', label: t('statusPage.kinds.incident') },
              { value: 'maintenance', label: t('statusPage.kinds.maintenance') },
            ]}
            {...form.getInputProps('kind')}
          />
          <TextInput
            label={t('administration.status.title')}
            required
            {...form.getInputProps('title.en-SE')}
          />
          <Textarea
            label={t('administration.status.message')}
            description={t('administration.status.messageHelp')}
            required
            autosize
            minRows={3}
            {...form.getInputProps('message.en-SE')}
          />
          <Checkbox.Group
            label={t('administration.status.components')}
            required
            {...form.getInputProps('components')}
          >
            <Group mt="xs">
              {STATUS_COMPONENTS.map((component) => (
                <Checkbox key={component} value={component} label={t(`statusPage.components.${component}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          {kind === 'incident' ? (
            <Radio.Group label={t('administration.status.impact')} required {...form.getInputProps('impact')}>
              <Group mt="xs">
                {INCIDENT_IMPACTS.map((impact) => (
                  <Radio key={impact} value={impact} label={t(`statusPage.impacts.${impact}`)} />
                ))}
              </Group>
            </Radio.Group>
          ) : (
            <Group grow align="flex-start">
              <TextInput
                type="datetime-local"
                label={t('administration.status.startsAt')}
                required
                {...form.getInputProps('startsAt')}
              />
              <TextInput
                type="datetime-local"
                label={t('administration.status.endsAt')}
                required
                {...form.getInputProps('endsAt')}
              />
            </Group>
          )}
          <TranslationFields
            form={form}
            fields={[
              { path: 'title', label: 'administration.status.title' },
              { path: 'message', label: 'administration.status.message', multiline: true },
            ]}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('administration.status.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
