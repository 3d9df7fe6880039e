import { Code, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TWebhookAttempt } from '@service-hub/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';

/** What an attempt came to: what went wrong, a redirect not followed, or the answer's status. */
export function attemptOutcome(attempt: TWebhookAttempt, t: TFunction): string {
  if (attempt.error) return t(`webhooks.attempts.errors.${attempt.error}`);
  if (attempt.httpStatus !== null && attempt.httpStatus >= 300 && attempt.httpStatus < 400)
    return t('webhooks.attempts.redirect', { status: attempt.httpStatus });
  return String(attempt.httpStatus);
}

/** Every attempt of a delivery: when, why, the answer's status and first kilobyte, or what went wrong. */
export function AttemptList({ attempts }: { attempts: readonly TWebhookAttempt[] }) {
  const { t, i18n } = useTranslation();
  if (attempts.length === 0) return <Text size="sm">{t('webhooks.attempts.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.attempts.at')}</Table.Th>
            <Table.Th>{t('webhooks.attempts.trigger')}</Table.Th>
            <Table.Th>{t('webhooks.attempts.outcome')}</Table.Th>
            <Table.Th>{t('webhooks.attempts.latency')}</Table.Th>
            <Table.Th>{t('webhooks.attempts.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((a) => (
            <Table.Tr key={`${a.at}-${a.trigger}`}>
              <Table.Td>{formatDateTime(a.at, i18n.language, true)}</Table.Td>
              <Table.Td>{t(`webhooks.attempts.triggers.${a.trigger}`)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {a.succeeded ? t('webhooks.attempts.succeeded') : t('webhooks.attempts.failed')}
                  </Text>
                  <Text size="sm">{attemptOutcome(a, t)}</Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {t('webhooks.attempts.milliseconds', { value: formatNumber(a.latencyMs, i18n.language) })}
              </Table.Td>
              <Table.Td>
                {a.responseExcerpt ? (
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 360 }}>
                    {a.responseExcerpt}
                  </Code>
                ) : (
                  '–'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
