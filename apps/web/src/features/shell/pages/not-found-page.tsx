import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appLinks } from '../../../lib/routing/links';

/** The 404 page with the three usual causes (spec 2); its frame supplies the main landmark. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('titles.notFound')}</Title>
        <Text>{t('notFound.intro')}</Text>
        <List>
          <List.Item>{t('notFound.moved')}</List.Item>
          <List.Item>{t('notFound.outdatedLink')}</List.Item>
          <List.Item>{t('notFound.mistyped')}</List.Item>
        </List>
        <Anchor component={Link} to={appLinks.dashboard()}>
          {t('notFound.back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
