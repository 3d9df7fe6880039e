import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReplayFailedWebhookDeliveriesResponse } from '@service-hub/contracts';
import { useReplayFailedWebhookDeliveries } from '../api/replay-failed-webhook-deliveries';
import { instantOf } from './instant-input';

export type ReplayFailedFormProps = {
  accountId: number | null;
  /** The endpoint whose deliveries to send again; none: every endpoint of the account. */
  endpointId?: string;
  /** Which endpoints the replay reaches, in words, where the page does not say it already. */
  scope?: string;
};

/**
 * Sends the failed deliveries of a time range again, of one endpoint or of all the account's; says
 * how many, and how many are left.
 */
export function ReplayFailedForm({ accountId, endpointId, scope }: ReplayFailedFormProps) {
  const { t } = useTranslation();
  const replay = useReplayFailedWebhookDeliveries(accountId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<TReplayFailedWebhookDeliveriesResponse>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = instantOf(from);
    const end = instantOf(to);
    setResult(undefined);
    if (!start || !end) return setProblem(t('validation.required'));
    if (Date.parse(end) < Date.parse(start)) return setProblem(t('webhooks.replayFailed.endBeforeStart'));
    setProblem(undefined);
    replay.mutate(endpointId ? { from: start, to: end, endpointId } : { from: start, to: end }, {
      onSuccess: setResult,
      onError: () => setProblem(t('common.systemFeedback.errorApi')),
    });
  };
  return (
    <Paper withBorder p="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('webhooks.replayFailed.title')}
          </Title>
          <Text size="sm">{t('webhooks.replayFailed.intro')}</Text>
          {scope && (
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {scope}
            </Text>
          )}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="datetime-local"
              label={t('webhooks.replayFailed.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              required
              error={problem && !from ? problem : undefined}
            />
            <TextInput
              type="datetime-local"
              label={t('webhooks.replayFailed.to')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              required
              error={problem && from ? problem : undefined}
            />
            <Button type="submit" variant="default" loading={replay.isPending}>
              {t('webhooks.replayFailed.submit')}
            </Button>
          </Group>
          {result && (
            <Alert color="green" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              {t(result.remaining > 0 ? 'webhooks.replayFailed.resultMore' : 'webhooks.replayFailed.result', {
                count: result.replayed,
                remaining: result.remaining,
              })}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
