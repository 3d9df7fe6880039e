import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/ui/copyable-code';

export type ExampleRequestsProps = {
  /** Where the Hub is published (the runtime configuration's PUBLIC_URL). */
  baseUrl: string;
  accountId: number;
};

/** The environment variable the examples read the key from, so no key lands in a shell history. */
const KEY_VARIABLE = 'HUB_API_KEY';

/** A request as curl sends it: the key as a bearer token, the account in `activeAccountId`. */
const curl = (baseUrl: string, path: string, query: string) =>
  `curl -H "Authorization: Bearer $${KEY_VARIABLE}" \\\n  "${baseUrl}${path}?${query}"`;

/**
 * Copyable requests with this installation's address and the active account: the track-and-trace
 * document list and a document's detail, and the EDI consignment list.
 */
export function ExampleRequests({ baseUrl, accountId }: ExampleRequestsProps) {
  const { t } = useTranslation();
  const account = `activeAccountId=${accountId}`;
  const examples = [
    {
      id: 'documents',
      command: curl(baseUrl, '/api/tracking/stt/documents', `${account}&pageSize=50`),
    },
    { id: 'document', command: curl(baseUrl, '/api/tracking/stt/documents/$DOCUMENT_ID', account) },
    { id: 'consignments', command: curl(baseUrl, '/api/tracking/ets/consignments', account) },
  ] as const;
  return (
    <Stack>
      <Text>{t('developer.examples.intro', { variable: KEY_VARIABLE })}</Text>
      {examples.map((example) => (
        <Stack key={example.id} gap={4}>
          <Title order={3} size="h5">
            {t(`developer.examples.${example.id}`)}
          </Title>
          <CopyableCode value={example.command} label={t(`developer.examples.${example.id}`)} />
        </Stack>
      ))}
      <Text size="sm">{t('developer.examples.rateLimits')}</Text>
    </Stack>
  );
}
