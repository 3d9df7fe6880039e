import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select';

/** The frame of the pages outside the app: sign-in, invitations, e-mail confirmation. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper
        component="section"
        withBorder
        shadow="sm"
        p="xl"
        radius="md"
        w="100%"
        maw={440}
        aria-labelledby="auth-card-title"
      >
        <Stack>
          <Text fw={700} c="blue.8">
            {t('app.title')}
          </Text>
          <Title order={1} size="h2" id="auth-card-title">
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
          {children}
          <LanguageSelect />
        </Stack>
      </Paper>
    </Center>
  );
}
