import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_LEVELS,
  ZCreateReportScheduleRequest,
  type Language,
  type ReportFormat,
  type ReportFrequency,
  type ReportLevel,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useContractForm } from '../../../lib/forms/contract-form';
import { useCreateReportSchedule } from '../api/create-report-schedule';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import { useReportSchedules } from '../api/list-report-schedules';
import { useUpdateReportSchedule } from '../api/update-report-schedule';

type ScheduleForm = { level: ReportLevel; format: ReportFormat; frequency: ReportFrequency };

/** Recurring reports: a small form to add one, and the account's schedules to pause or remove. */
export function ReportSchedules({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const schedules = useReportSchedules(accountId);
  const create = useCreateReportSchedule(accountId);
  const update = useUpdateReportSchedule(accountId);
  const remove = useDeleteReportSchedule(accountId);
  // Every field is a choice with a default: the contract's schema is all there is to check.
  const form = useContractForm<ScheduleForm>(ZCreateReportScheduleRequest, {
    initialValues: { level: 'document', format: 'CSV', frequency: 'weekly' },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { ...values, language: i18n.language as Language },
      { onSuccess: () => showSuccess('reports.schedules.created') },
    ),
  );
  const list = schedules.data?.schedules ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="reports-schedules">
      <Stack>
        <Title order={2} size="h3" id="reports-schedules">
          {t('reports.schedules.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.schedules.intro')}
        </Text>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ alignItems: 'end' }}>
            <NativeSelect
              label={t('reports.order.level')}
              data={REPORT_LEVELS.map((level) => ({ value: level, label: t(`reports.levels.${level}`) }))}
              {...form.getInputProps('level')}
            />
            <NativeSelect
              label={t('reports.schedules.frequency')}
              data={REPORT_FREQUENCIES.map((f) => ({
                value: f,
                label: t(`reports.schedules.frequencies.${f}`),
              }))}
              {...form.getInputProps('frequency')}
            />
            <NativeSelect
              label={t('reports.order.format')}
              data={REPORT_FORMATS.map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
              {...form.getInputProps('format')}
            />
            <Button type="submit" variant="light" loading={create.isPending}>
              {t('reports.schedules.add')}
            </Button>
          </SimpleGrid>
        </form>
        {list.length === 0 ? (
          <Text size="sm">{t('reports.schedules.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.order.level')}</Table.Th>
                  <Table.Th>{t('reports.schedules.frequency')}</Table.Th>
                  <Table.Th>{t('reports.schedules.owner')}</Table.Th>
                  <Table.Th>{t('reports.schedules.nextRun')}</Table.Th>
                  <Table.Th>{t('reports.list.status')}</Table.Th>
                  <Table.Th>{t('reports.list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      {t(`reports.levels.${s.level}`)} · {s.format}
                    </Table.Td>
                    <Table.Td>{t(`reports.schedules.frequencies.${s.frequency}`)}</Table.Td>
                    <Table.Td>{s.owner}</Table.Td>
                    <Table.Td>{s.paused ? '–' : formatDateTime(s.nextRunAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      {t(s.paused ? 'reports.schedules.paused' : 'reports.schedules.active')}
                    </Table.Td>
                    <Table.Td>
                      {s.canManage && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() =>
                              update.mutate(
                                { id: s.id, paused: !s.paused },
                                {
                                  onSuccess: () =>
                                    showSuccess(
                                      s.paused
                                        ? 'reports.schedules.resumed'
                                        : 'reports.schedules.pausedToast',
                                    ),
                                },
                              )
                            }
                          >
                            {t(s.paused ? 'reports.schedules.resume' : 'reports.schedules.pause')}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              remove.mutate(s.id, {
                                onSuccess: () => showSuccess('reports.schedules.removed'),
                              })
                            }
                          >
                            {t('reports.schedules.remove')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
