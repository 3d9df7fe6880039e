import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS, REPORT_LEVELS, type Language, type ReportFormat } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatNumber } from '../../../lib/format';
import { useRequestReport } from '../api/request-report';
import {
  serverFieldMessages,
  validateReportForm,
  type FieldMessage,
  type ReportFormValues,
} from './report-form-validation';

const today = () => dayjs().format('YYYY-MM-DD');

/** Orders a report: level, time frame and format (spec 2 and 5); the too-large refusal shows here. */
export function RequestReportForm({ accountId, maxRecords }: { accountId: number; maxRecords: number }) {
  const { t, i18n } = useTranslation();
  const request = useRequestReport(accountId);
  const say = (message: FieldMessage | undefined) => message && t(message.key, message.values);
  const form = useForm<ReportFormValues>({
    initialValues: {
      level: '',
      from: dayjs().subtract(30, 'day').format('YYYY-MM-DD'),
      to: today(),
      format: 'CSV',
    },
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateReportForm(values, today())).map(([field, message]) => [field, say(message)]),
      ),
  });
  const error = request.error instanceof ApiRequestError ? request.error : undefined;
  const tooLarge = error?.body?.errorCode === 'REPORT_TOO_LARGE';
  const serverErrors = serverFieldMessages(error?.body?.errors);
  const fieldError = (field: keyof ReportFormValues) => form.errors[field] ?? say(serverErrors[field]);

  const submit = form.onSubmit((values) => {
    request.mutate(
      {
        level: values.level as (typeof REPORT_LEVELS)[number],
        from: values.from,
        to: values.to,
        format: values.format,
        language: i18n.language as Language,
      },
      { onSuccess: () => showSuccess('reports.order.queued') },
    );
  });

  return (
    <Card withBorder component="section" aria-labelledby="reports-order">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="reports-order">
            {t('reports.order.title')}
          </Title>
          <Radio.Group
            label={t('reports.order.level')}
            required
            {...form.getInputProps('level')}
            error={fieldError('level')}
          >
            <Stack gap="xs" mt="xs">
              {REPORT_LEVELS.map((level) => (
                <Radio
                  key={level}
                  value={level}
                  label={t(`reports.levels.${level}`)}
                  description={t(`reports.order.levelHints.${level}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DatePickerInput
              label={t('reports.order.from')}
              required
              valueFormat="YYYY-MM-DD"
              maxDate={today()}
              {...form.getInputProps('from')}
              onChange={(value) => form.setFieldValue('from', value ?? '')}
              error={fieldError('from')}
            />
            <DatePickerInput
              label={t('reports.order.to')}
              required
              valueFormat="YYYY-MM-DD"
              maxDate={today()}
              {...form.getInputProps('to')}
              onChange={(value) => form.setFieldValue('to', value ?? '')}
              error={fieldError('to')}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="reports-format">
              {t('reports.order.format')}
            </Text>
            <SegmentedControl
              aria-labelledby="reports-format"
              data={REPORT_FORMATS.map((format) => ({
                value: format,
                label: t(`reports.formats.${format}`),
              }))}
              value={form.values.format}
              onChange={(value) => form.setFieldValue('format', value as ReportFormat)}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {tooLarge && (
            <Alert color="red" variant="light" role="alert">
              {t('reports.errors.tooLarge', { max: formatNumber(maxRecords, i18n.language) })}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={request.isPending}>
              {t('reports.order.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
