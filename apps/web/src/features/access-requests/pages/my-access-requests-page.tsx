import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AskForAccessForm } from '../components/ask-for-access-form';
import { MyRequestsList } from '../components/my-requests-list';

/** Someone who holds accounts asks for another one, and follows their requests. */
export function MyAccessRequestsPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Title order={1}>{t('titles.accessRequests')}</Title>
      <Text>{t('accessRequests.mine.intro')}</Text>
      <section aria-labelledby="ask-for-access-heading">
        <Title order={2} size="h3" id="ask-for-access-heading" mb="xs">
          {t('accessRequests.ask.heading')}
        </Title>
        <AskForAccessForm />
      </section>
      <section aria-labelledby="my-requests-heading">
        <Title order={2} size="h3" id="my-requests-heading" mb="xs">
          {t('accessRequests.mine.heading')}
        </Title>
        <MyRequestsList />
      </section>
    </Stack>
  );
}
