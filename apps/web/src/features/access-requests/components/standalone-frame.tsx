import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select';

/**
 * The frame of the access-request pages shown outside the app's frame (someone without an account
 * yet, a domain's confirmation link): the product name, a title, and the language choice.
 */
export function StandaloneFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper
        component="section"
        withBorder
        shadow="sm"
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        w="100%"
        maw={560}
        aria-labelledby="access-frame-title"
      >
        <Stack>
          <Text fw={700} c="blue.8">
            {t('app.title')}
          </Text>
          <Title order={1} size="h2" id="access-frame-title">
            {title}
          </Title>
          {children}
          <LanguageSelect />
        </Stack>
      </Paper>
    </Center>
  );
}
